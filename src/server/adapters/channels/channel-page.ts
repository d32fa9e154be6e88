import { channelPagePath, isChannelId } from '../../../shared/channels';
import { type CatalogResult, catalogProblem } from '../video-catalog/catalog-http';
import { getBoundedText } from './bounded-text';
import type { ChannelDetails, PageRef } from './index';

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

/**
 * Whether YouTube answered with a refusal instead of the page: a block (429, 403, Google's "sorry"
 * page, a captcha) or its cookie consent page, which a server never gets past.
 */
function isRefusal(status: number, html: string): boolean {
  return (
    status === 429 ||
    status === 403 ||
    /consent\.youtube\.com|google\.com\/sorry|g-recaptcha|unusual traffic/i.test(html)
  );
}

/** What a page that is no channel means: YouTube refusing us, YouTube failing, or no such channel. */
function pageProblem(status: number, html: string) {
  if (isRefusal(status, html)) return catalogProblem('refused');
  return catalogProblem(status >= 500 ? 'failed' : 'not_found');
}

const failure = (reason: 'unreachable' | 'too_large' | 'refused') =>
  catalogProblem(reason === 'too_large' ? 'failed' : reason);

/** The id of a video's channel, from its watch page. */
export async function findVideoChannelOnPage(
  options: PageOptions,
  videoId: string,
): Promise<CatalogResult<string>> {
  const watch = await getPage(options, `/watch?v=${encodeURIComponent(videoId)}`);
  if (!watch.ok) return failure(watch.reason);
  const channelId = watch.response.ok ? readWatchPageChannel(watch.text) : null;
  return channelId ? { ok: true, value: channelId } : pageProblem(watch.response.status, watch.text);
}

/** The channel a link names, from its page on YouTube (no key). */
export async function findChannelOnPage(
  options: PageOptions,
  ref: PageRef,
): Promise<CatalogResult<ChannelDetails>> {
  const page = await getPage(options, channelPagePath(ref));
  if (!page.ok) return failure(page.reason);
  const details = page.response.ok ? readChannelPage(page.text) : null;
  return details ? { ok: true, value: details } : pageProblem(page.response.status, page.text);
}
