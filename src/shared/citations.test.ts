import { describe, expect, it } from 'vitest';
import { citationParts, citationResolver, formatSourceCitation, linkCitations } from './citations';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const OTHER = 'https://www.youtube.com/watch?v=manualEn001';
const resolve = citationResolver({ url: VIDEO, title: 'Own video' }, [
  { number: 1, youtubeUrl: VIDEO, title: 'Own video' },
  { number: 2, youtubeUrl: OTHER, title: 'Pricing "for" bakeries' },
  { number: 3, youtubeUrl: null, title: 'A pasted talk' },
]);

describe('citations', () => {
  it('links [mm:ss] and [h:mm:ss] to the chat’s own video at that second, as before', () => {
    expect(linkCitations('See [01:15] and [1:02:05].', resolve)).toBe(
      `See [[01:15]](${VIDEO}&t=75s) and [[1:02:05]](${VIDEO}&t=3725s).`,
    );
  });

  it('links [V2 14:05] to source 2 at that second, titled with the video and the moment', () => {
    expect(linkCitations('As [V2 14:05] says.', resolve)).toBe(
      `As [[V2 14:05]](${OTHER}&t=845s "Pricing \\"for\\" bakeries at 14:05") says.`,
    );
  });

  it('leaves links, non-times, unknown sources and videos without a link alone', () => {
    expect(linkCitations('[00:10](https://example.com) [99:99] [note] [V9 00:10] [V3 00:20]', resolve)).toBe(
      '[00:10](https://example.com) [99:99] [note] [V9 00:10] [V3 00:20]',
    );
    expect(linkCitations('[01:15]', () => null)).toBe('[01:15]');
  });

  it('formats and finds source citations', () => {
    expect(formatSourceCitation(2, 845.7)).toBe('[V2 14:05]');
    expect(formatSourceCitation(12, 3725)).toBe('[V12 1:02:05]');
    expect(citationParts('a [V2 00:05] b')).toEqual([
      { text: 'a ' },
      { text: '[V2 00:05]', citation: { source: 2, seconds: 5 } },
      { text: ' b' },
    ]);
  });
});
