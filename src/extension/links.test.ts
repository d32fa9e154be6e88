import { describe, expect, it } from 'vitest';
import { addressOrigin, consultPageUrl } from './links.js';

const consultLinkOf = (page: string | null) => new URL(page!).searchParams.get('url');

describe('the page the extension opens', () => {
  it('is a new consultation of the video at the player’s second, on the Vidvisor address', () => {
    const page = consultPageUrl(
      'https://app.example.com',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      75.9,
    );
    expect(new URL(page!).origin + new URL(page!).pathname).toBe('https://app.example.com/consult');
    expect(consultLinkOf(page)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=75s');
  });

  it('keeps a link’s own second from a context menu, and replaces it with the player’s', () => {
    expect(consultLinkOf(consultPageUrl('http://localhost:3000', 'https://youtu.be/dQw4w9WgXcQ?t=42'))).toBe(
      'https://youtu.be/dQw4w9WgXcQ?t=42',
    );
    expect(
      consultLinkOf(consultPageUrl('http://localhost:3000', 'https://youtu.be/dQw4w9WgXcQ?t=42', 7)),
    ).toBe('https://youtu.be/dQw4w9WgXcQ?t=7s');
  });

  it('is none for a link that is not on YouTube over https', () => {
    for (const link of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'not a link',
      'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    ]) {
      expect(consultPageUrl('http://localhost:3000', link), link).toBeNull();
    }
  });

  it('takes an address as its origin, and refuses what is not http(s)', () => {
    expect(addressOrigin(' https://app.example.com/dashboard ')).toBe('https://app.example.com');
    expect(addressOrigin('ftp://app.example.com')).toBeNull();
    expect(addressOrigin('app.example.com')).toBeNull();
  });
});
