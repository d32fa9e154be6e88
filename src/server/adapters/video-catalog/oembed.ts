import type { VideoDetails } from '../../../shared/suggestions';
import { youTubeWatchUrl } from '../../../shared/youtube';
import { type CatalogResult, catalogProblem, createOutageGuard, getJson } from './catalog-http';

interface OEmbedBody {
  title?: unknown;
  author_name?: unknown;
  thumbnail_url?: unknown;
}

const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/**
 * The no-key lookup: YouTube's oEmbed endpoint (GET /oembed?url=…&format=json) gives a public video's
 * title, channel (author_name) and thumbnail, but no length, date or views. 404: no such public video;
 * 401: its owner turned embedding off. An unreachable YouTube is remembered for a few minutes.
 */
export function createOEmbedLookup(options: {
  youtubeBaseUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => Date;
}): (videoId: string) => Promise<CatalogResult<VideoDetails>> {
  const base = options.youtubeBaseUrl.replace(/\/+$/, '');
  const unlessOut = createOutageGuard(options.now);
  const lookup = async (videoId: string): Promise<CatalogResult<VideoDetails>> => {
    const query = new URLSearchParams({ url: youTubeWatchUrl(videoId), format: 'json' });
    const result = await getJson(options.fetch, `${base}/oembed?${query}`, options.timeoutMs);
    if (!result.ok) return result;
    const { response, body } = result;
    if (response.status === 404 || response.status === 400) return catalogProblem('not_found');
    const details = body as OEmbedBody | null;
    if (!response.ok || typeof details?.title !== 'string') return catalogProblem('failed');
    return {
      ok: true,
      value: {
        videoId,
        title: details.title,
        channel: stringOr(details.author_name, ''),
        description: '',
        durationSeconds: null,
        publishedOn: null,
        thumbnailUrl: typeof details.thumbnail_url === 'string' ? details.thumbnail_url : null,
        viewCount: null,
      },
    };
  };
  return (videoId) => unlessOut(() => lookup(videoId));
}
