import { OutboundRefused } from '../outbound';

/** What the video catalogue's implementations share: how a YouTube call fails, and one GET as JSON. */
/** Why YouTube gave nothing: each is shown to users as a clear message beside what the site still has. */
export type CatalogProblemKind =
  | 'quota_exceeded'
  | 'key_invalid'
  | 'unreachable'
  | 'not_found'
  | 'failed'
  | 'refused';

export interface CatalogProblem {
  kind: CatalogProblemKind;
  message: string;
}

export type CatalogFailure = { ok: false; problem: CatalogProblem };
export type CatalogResult<T> = { ok: true; value: T } | CatalogFailure;

export const CATALOG_MESSAGES: Record<CatalogProblemKind, string> = {
  quota_exceeded:
    'YouTube’s daily quota for this site is used up, so live YouTube results are paused until it resets.',
  key_invalid: 'YouTube refused this site’s API key, so live YouTube results are unavailable.',
  unreachable: 'YouTube could not be reached just now.',
  not_found: 'YouTube has no public video with this link.',
  failed: 'YouTube could not answer just now.',
  /** A block, a consent page or a redirect the outbound rules do not follow. */
  refused: 'YouTube refused the request; try again later.',
};

export const catalogProblem = (kind: CatalogProblemKind): CatalogFailure => ({
  ok: false,
  problem: { kind, message: CATALOG_MESSAGES[kind] },
});

/** How long one call to YouTube may take before it counts as unreachable. */
export const CATALOG_TIMEOUT_MS = 8_000;

/**
 * A GET to YouTube as JSON; a refused or timed-out connection is `unreachable`, a request the outbound
 * rules did not make (a redirect elsewhere) is `refused`.
 */
export async function getJson(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  timeoutMs: number,
): Promise<{ ok: true; response: Response; body: unknown } | CatalogFailure> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return catalogProblem(error instanceof OutboundRefused ? 'refused' : 'unreachable');
  }
  const body: unknown = await response.json().catch(() => null);
  return { ok: true, response, body };
}

/** How long a process answers `unreachable` or `key_invalid` again without calling YouTube. */
export const OUTAGE_PAUSE_MS = 5 * 60_000;
const OUTAGES = new Set<CatalogProblemKind>(['unreachable', 'key_invalid']);

/**
 * This process's memory of YouTube being unreachable or refusing the key: for a few minutes after such
 * an answer, calls through the returned guard get the same answer at once instead of waiting on
 * YouTube again. Kept per process: reachability is a property of the process's network path, a refused
 * key is its configuration (a restart with a new key starts clean), and each process pays at most one
 * slow call per pause.
 */
export function createOutageGuard(now: () => Date) {
  let paused: { failure: CatalogFailure; until: number } | null = null;
  return async <T>(attempt: () => Promise<CatalogResult<T>>): Promise<CatalogResult<T>> => {
    if (paused && now().getTime() < paused.until) return paused.failure;
    const result = await attempt();
    paused =
      !result.ok && OUTAGES.has(result.problem.kind)
        ? { failure: result, until: now().getTime() + OUTAGE_PAUSE_MS }
        : null;
    return result;
  };
}
