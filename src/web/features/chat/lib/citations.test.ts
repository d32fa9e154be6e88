import { describe, expect, it } from 'vitest';
import { linkCitations } from './citations';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('citation links', () => {
  it('links [mm:ss] and [h:mm:ss] to the video at that second', () => {
    expect(linkCitations('See [01:15] and [1:02:05].', VIDEO)).toBe(
      `See [[01:15]](${VIDEO}&t=75s) and [[1:02:05]](${VIDEO}&t=3725s).`,
    );
  });

  it('leaves existing links and non-times alone', () => {
    expect(linkCitations('[00:10](https://example.com) [99:99] [note]', VIDEO)).toBe(
      '[00:10](https://example.com) [99:99] [note]',
    );
  });
});
