/** Where a Vidvisor address comes from when the user set none: the package's settings.json, else this. */
export const FALLBACK_ADDRESS = 'http://localhost:3000';

/** Links the context-menu item is offered on: YouTube videos, shorts and short links. */
export const YOUTUBE_LINK_PATTERNS = [
  'https://www.youtube.com/watch*',
  'https://m.youtube.com/watch*',
  'https://www.youtube.com/shorts/*',
  'https://youtu.be/*',
];

const YOUTUBE_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com', 'youtu.be']);

/**
 * The Vidvisor page that opens a new consultation of a YouTube link at `seconds` (when given, it
 * replaces the link's own `t`), or null when the link is not on YouTube. Vidvisor itself checks that
 * the link names a video and says so when it does not.
 */
export function consultPageUrl(address, link, seconds) {
  let video;
  try {
    video = new URL(link);
  } catch {
    return null;
  }
  if (video.protocol !== 'https:' || !YOUTUBE_HOSTS.has(video.hostname)) return null;
  if (Number.isFinite(seconds)) video.searchParams.set('t', `${Math.max(0, Math.floor(seconds))}s`);
  const page = new URL('/consult', address);
  page.searchParams.set('url', video.toString());
  return page.toString();
}

/** A Vidvisor address as typed in the options: its origin, or null unless http(s). */
export function addressOrigin(value) {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The address the user set in the options, else the one the package was downloaded from. */
export async function vidvisorAddress() {
  const { address } = await chrome.storage.sync.get('address');
  return address ?? (await packagedAddress());
}

export async function packagedAddress() {
  try {
    const settings = await (await fetch(chrome.runtime.getURL('settings.json'))).json();
    return addressOrigin(settings.address ?? '') ?? FALLBACK_ADDRESS;
  } catch {
    return FALLBACK_ADDRESS;
  }
}
