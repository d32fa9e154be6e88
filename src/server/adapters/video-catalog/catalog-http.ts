/** What the video catalogue's implementations share: how a YouTube call fails, and one GET as JSON. */
/** Why YouTube gave nothing: each is shown to users as a clear message beside what the site still has. */
export type CatalogProblemKind = 'quota_exceeded' | 'key_invalid' | 'unreachable' | 'not_found' | 'failed';

export interface CatalogProblem {
  kind: CatalogProblemKind;
  message: string;
}

export type CatalogResult<T> = { ok: true; value: T } | { ok: false; problem: CatalogProblem };

export const CATALOG_MESSAGES: Record<CatalogProblemKind, string> = {
  quota_exceeded:
    'YouTube’s daily quota for this site is used up, so live YouTube results are paused until it resets.',
  key_invalid: 'YouTube refused this site’s API key, so live YouTube results are unavailable.',
  unreachable: 'YouTube could not be reached just now.',
  not_found: 'YouTube has no public video with this link.',
  failed: 'YouTube could not answer just now.',
};

export const catalogProblem = (kind: CatalogProblemKind): { ok: false; problem: CatalogProblem } => ({
  ok: false,
  problem: { kind, message: CATALOG_MESSAGES[kind] },
});

/** How long one call to YouTube may take before it counts as unreachable. */
export const CATALOG_TIMEOUT_MS = 8_000;

/** A GET to YouTube as JSON; a refused or timed-out connection is `unreachable`. */
export async function getJson(
  fetchImpl: typeof globalThis.fetch,
  url: string,
): Promise<{ ok: true; response: Response; body: unknown } | { ok: false; problem: CatalogProblem }> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(CATALOG_TIMEOUT_MS),
    });
  } catch {
    return catalogProblem('unreachable');
  }
  const body: unknown = await response.json().catch(() => null);
  return { ok: true, response, body };
}
