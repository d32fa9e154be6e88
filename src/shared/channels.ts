import { linkUrl, parseYouTubeVideoId } from './youtube';

/**
 * Pure rules of followed channels: which YouTube links name a channel, and the limits of following.
 */

/** A user follows at most this many channels. */
export const MAX_FOLLOWED_CHANNELS = 50;
/** 'New from your channels' shows videos published this many days back. */
export const NEW_VIDEO_DAYS = 14;

export const CHANNEL_MESSAGES = {
  notAChannel: 'Paste a link to a YouTube channel (youtube.com/@name) or to one of its videos.',
  notFound: 'YouTube has no channel at this link.',
  alreadyFollowing: 'You already follow this channel.',
  tooMany: `You can follow up to ${MAX_FOLLOWED_CHANNELS} channels. Unfollow one to follow another.`,
  notFollowing: 'You do not follow this channel.',
  unreachable: 'YouTube could not be reached just now. Try again in a moment.',
  refused: 'YouTube refused the request; try again later.',
} as const;

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** YouTube handles: 3 to 30 letters, digits, underscores, hyphens and periods. */
const HANDLE = /^@[\p{L}\p{N}._-]{3,30}$/u;
const CUSTOM_NAME = /^[\p{L}\p{N}._-]{1,100}$/u;
const CHANNEL_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/** What a pasted link names: a channel by id, by handle, by legacy custom or user name, or one of its videos. */
export type ChannelRef =
  | { kind: 'id'; channelId: string }
  | { kind: 'handle'; handle: string }
  | { kind: 'custom'; path: `c/${string}` | `user/${string}` }
  | { kind: 'video'; videoId: string };

export const isChannelId = (value: string) => CHANNEL_ID.test(value);

/**
 * The channel a link names, or null: youtube.com/@handle, /channel/UC…, /c/name, /user/name (any tab
 * after them), on www., m. and music. hosts; or any video link (the video's channel). A bare '@handle'
 * counts too. Handles are kept lower-case (YouTube's are case-insensitive).
 */
export function parseChannelLink(input: string): ChannelRef | null {
  const value = input.trim();
  if (HANDLE.test(value)) return { kind: 'handle', handle: value.toLowerCase() };
  const videoId = parseYouTubeVideoId(value);
  if (videoId) return { kind: 'video', videoId };
  const url = linkUrl(value);
  if (!url || !CHANNEL_HOSTS.has(url.hostname.toLowerCase())) return null;
  const [first, second] = url.pathname.split('/').filter(Boolean).map(safeDecode);
  if (!first) return null;
  if (first.startsWith('@'))
    return HANDLE.test(first) ? { kind: 'handle', handle: first.toLowerCase() } : null;
  if (first === 'channel' && second && isChannelId(second)) return { kind: 'id', channelId: second };
  if ((first === 'c' || first === 'user') && second && CUSTOM_NAME.test(second))
    return { kind: 'custom', path: `${first}/${second.toLowerCase()}` };
  return null;
}

/** The path of a channel's page on YouTube for a reference that is not a video. */
export function channelPagePath(ref: Exclude<ChannelRef, { kind: 'video' }>): string {
  if (ref.kind === 'id') return `/channel/${ref.channelId}`;
  if (ref.kind === 'handle') return `/${encodeURIComponent(ref.handle).replace('%40', '@')}`;
  return `/${ref.path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Where channel avatars load from (the CSP's img-src lets them in beside video stills). */
export const CHANNEL_AVATAR_ORIGINS = ['https://yt3.googleusercontent.com', 'https://yt3.ggpht.com'] as const;

/** Whether an avatar is YouTube's own (another site's image is not shown). */
export function isChannelAvatar(url: string): boolean {
  return URL.canParse(url) && (CHANNEL_AVATAR_ORIGINS as readonly string[]).includes(new URL(url).origin);
}

/** The public link of a channel. */
export const youTubeChannelUrl = (channelId: string) => `https://www.youtube.com/channel/${channelId}`;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
