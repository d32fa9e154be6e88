import { OutboundRefused } from '../outbound';

/** What a GET of YouTube's public pages gives: its text, its status, or why there is none. */
export type TextAnswer =
  | { ok: true; response: Response; text: string }
  | { ok: false; reason: 'unreachable' | 'too_large' | 'refused' };

/**
 * A GET whose body is read as text up to `maxBytes` (a longer body, announced or streamed, is refused
 * without reading the rest); a refused or timed-out connection is `unreachable`, a request the outbound
 * rules did not make or follow (a redirect elsewhere) is `refused`.
 */
export async function getBoundedText(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  init: { headers: Record<string, string>; timeoutMs: number; maxBytes: number },
): Promise<TextAnswer> {
  const signal = AbortSignal.timeout(init.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: init.headers, signal });
  } catch (error) {
    return { ok: false, reason: error instanceof OutboundRefused ? 'refused' : 'unreachable' };
  }
  if (Number(response.headers.get('content-length') ?? 0) > init.maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, reason: 'too_large' };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return { ok: true, response, text: '' };
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      // Leaving the loop cancels the rest of the body.
      if (size > init.maxBytes) return { ok: false, reason: 'too_large' };
      chunks.push(chunk);
    }
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  return { ok: true, response, text: Buffer.concat(chunks).toString('utf8') };
}
