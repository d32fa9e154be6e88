import http from 'node:http';
import https from 'node:https';

/** Like undici's headers and body timeouts: a provider silent this long has failed. */
const SILENT_PROVIDER_MS = 300_000;
/** How long an idle kept-alive connection waits for the next call (Node's global agent's figure). */
const IDLE_CONNECTION_MS = 5_000;
const BODILESS_STATUS = new Set([101, 204, 205, 304]);

/**
 * The provider's `fetch`, over `node:http` with kept-alive connections (decision 024). The AI SDK
 * still parses the stream; this only carries it, at a fraction of undici's per-request memory when
 * thousands of replies stream at once. It speaks what the SDK asks of `fetch`: a URL, a method,
 * headers, a string or byte body and an abort signal; a network failure rejects as `fetch` does
 * (`TypeError('fetch failed')` with the cause), and an abort with the signal's reason. Redirects
 * are not followed and no compression is asked for.
 */
export function createHttpFetch(): typeof globalThis.fetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  };
  return async (input, init = {}) => {
    if (input instanceof Request) throw new TypeError('This fetch takes a URL, not a Request');
    const url = new URL(input);
    const protocol = url.protocol;
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new TypeError(`Unsupported protocol ${protocol}`);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const body = requestBody(init.body);
    const headers = Object.fromEntries(new Headers(init.headers));
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const method = init.method ?? 'GET';
    const request = (protocol === 'https:' ? https : http).request(url, {
      method,
      headers,
      agent: agents[protocol],
    });
    request.end(body);
    // The answer is awaited in a function of its own, so that nothing waiting on it keeps the request body.
    return answerOf(request, method, signal);
  };
}

function answerOf(
  request: http.ClientRequest,
  method: string,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let incoming: http.IncomingMessage | undefined;
    // As with fetch, an abort fails the call, or the body once it is streaming, with the signal's reason.
    const abort = () => (incoming ?? request).destroy(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    request.once('close', () => signal?.removeEventListener('abort', abort));
    request.setTimeout(SILENT_PROVIDER_MS, () =>
      request.destroy(
        Object.assign(new Error('The AI provider sent nothing for 5 minutes'), { code: 'ETIMEDOUT' }),
      ),
    );
    request.on('error', (error) =>
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    );
    request.once('response', (response) => {
      incoming = response;
      const status = response.statusCode ?? 0;
      const hasBody = method !== 'HEAD' && !BODILESS_STATUS.has(status);
      if (!hasBody) response.resume();
      resolve(
        new Response(hasBody ? bodyOf(response) : null, {
          status,
          statusText: response.statusMessage,
          headers: responseHeaders(response.rawHeaders),
        }),
      );
    });
  });
}

/**
 * The response's body as a web stream. A reader that stops early (OpenAI's client cancels the body at
 * the `[DONE]` marker, before the end of the chunked body arrives) leaves the rest to be read and
 * dropped, so that the kept-alive connection serves the next call; an abort still closes it.
 */
function bodyOf(response: http.IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  const settle = (end: () => void) => {
    if (open) end();
    open = false;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      response.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) response.pause();
      });
      response.once('end', () => settle(() => controller.close()));
      response.on('error', (error) => settle(() => controller.error(error)));
    },
    pull() {
      response.resume();
    },
    cancel() {
      open = false;
      response.removeAllListeners('data');
      response.resume();
    },
  });
}

function requestBody(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  throw new TypeError('This fetch sends a string or bytes as the request body');
}

function responseHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}
