/** YouTube's own origins, as they appear in caption-track links and the library's requests. */
const YOUTUBE_ORIGIN = /^https?:\/\/(?:www\.|m\.)?youtube\.com(?=[/?#]|$)/i;

/** Points a YouTube link at the configured origin (the real one, or a test fixture server). */
export function atBaseUrl(url: string, baseUrl: string): string {
  return url.replace(YOUTUBE_ORIGIN, baseUrl.replace(/\/+$/, ''));
}

/** A fetch that sends every YouTube request to the configured origin. */
export function fetchAtBaseUrl(baseUrl: string, fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetchImpl(atBaseUrl(url, baseUrl), init);
  };
}

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
