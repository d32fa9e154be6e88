import { type ChannelRef, channelPagePath, isChannelId } from '../../../shared/channels';
import { type CatalogResult, catalogProblem } from '../video-catalog/catalog-http';
import { getBoundedText } from './bounded-text';
import type { ChannelDetails } from './index';

/** A channel or watch page is a few hundred kilobytes to about a megabyte; more is not a page. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

interface PageOptions {
  youtubeBaseUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of an HTML attribute value: its character references decoded. */
export function decodeHtml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const metaContent = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta\\s+${attribute}="${name}"\\s+content="([^"]*)"`, 'i').exec(html)?.[1];

/**
 * What a channel page tells of its channel, as YouTube serves it: the canonical link names the
 * channel id (`externalId` in the page's data when it does not), Open Graph its name and avatar.
 */
export function readChannelPage(html: string): ChannelDetails | null {
  const channelId =
    /<link\s+rel="canonical"\s+href="[^"]*\/channel\/(UC[A-Za-z0-9_-]{22})"/i.exec(html)?.[1] ??
    /"externalId":"(UC[A-Za-z0-9_-]{22})"/.exec(html)?.[1];
  const title = metaContent(html, 'property', 'og:title');
  if (!channelId || !title) return null;
  const avatar = metaContent(html, 'property', 'og:image');
  return { channelId, title: decodeHtml(title), avatarUrl: avatar ? decodeHtml(avatar) : null };
}

/** The channel id of a watch page (its microdata, else the player response's videoDetails). */
export function readWatchPageChannel(html: string): string | null {
  const channelId =
    metaContent(html, 'itemprop', 'channelId') ?? /"channelId":"(UC[A-Za-z0-9_-]{22})"/.exec(html)?.[1];
  return channelId && isChannelId(channelId) ? channelId : null;
}

async function getPage(options: PageOptions, path: string) {
  return getBoundedText(options.fetch, `${options.youtubeBaseUrl}${path}`, {
    headers: { accept: 'text/html', 'accept-language': 'en' },
    timeoutMs: options.timeoutMs,
    maxBytes: MAX_PAGE_BYTES,
  });
}

const failure = (reason: 'unreachable' | 'too_large') =>
  catalogProblem(reason === 'unreachable' ? 'unreachable' : 'failed');

/** The path of the channel page a link leads to: a video's watch page names its channel first. */
async function channelPath(options: PageOptions, ref: ChannelRef): Promise<CatalogResult<string>> {
  if (ref.kind !== 'video') return { ok: true, value: channelPagePath(ref) };
  const watch = await getPage(options, `/watch?v=${ref.videoId}`);
  if (!watch.ok) return failure(watch.reason);
  const channelId = watch.response.ok ? readWatchPageChannel(watch.text) : null;
  if (!channelId) return catalogProblem(watch.response.status >= 500 ? 'failed' : 'not_found');
  return { ok: true, value: channelPagePath({ kind: 'id', channelId }) };
}

/** The channel of a link, from YouTube's public pages (no key). */
export async function findChannelOnPage(
  options: PageOptions,
  ref: ChannelRef,
): Promise<CatalogResult<ChannelDetails>> {
  const path = await channelPath(options, ref);
  if (!path.ok) return path;
  const page = await getPage(options, path.value);
  if (!page.ok) return failure(page.reason);
  if (page.response.status === 404) return catalogProblem('not_found');
  if (!page.response.ok) return catalogProblem('failed');
  const details = readChannelPage(page.text);
  return details ? { ok: true, value: details } : catalogProblem('not_found');
}
