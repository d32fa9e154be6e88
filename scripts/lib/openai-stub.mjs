// A local stand-in for an OpenAI-compatible API, speaking the real wire format: chat completions as
// server-sent events ending with a usage chunk and [DONE], and GET /models. Used by the API tests, the
// browser journeys and the benchmark (loopback only).
import { createServer } from 'node:http';

/**
 * @typedef {object} StubReply
 * @property {string[]} [chunks] text pieces streamed one per event
 * @property {number} [firstTokenDelayMs] wait before the first piece
 * @property {number} [delayMs] wait between pieces (the benchmark's pacing; tests hold with `hold`)
 * @property {{ after: number, until: Promise<unknown> }} [hold] send `after` pieces, then wait until the
 *   test settles `until` (a gate it opens) or the app hangs up: a test never races the stream's pace
 * @property {number} [failAfter] destroy the connection after this many pieces
 * @property {number} [status] answer this status (e.g. 429) instead of streaming
 * @property {string} [retryAfter] the Retry-After header with `status`
 * @property {{ prompt_tokens: number, completion_tokens: number }} [usage]
 * @property {boolean} [withoutUsage] never send the usage chunk (some endpoints ignore stream_options)
 * @property {unknown} [json] a structured output (the app sent a JSON-schema response_format): its JSON is the content
 */

/** @param {{ models?: string[], defaultReply?: StubReply }} [options] */
export async function startOpenAiStub(options = {}) {
  /** @type {StubReply[]} */
  const queue = [];
  /**
   * Every request, with when it arrived and when its first token left (performance.now() of this
   * process: the benchmark subtracts the stub's own time to first token from the app's), and whether
   * the app hung up before the streamed answer ended.
   * @type {{ path: string, body: any, authorization: string | undefined, contentLength: string | undefined, transferEncoding: string | undefined, bodyBytes: number, receivedAt: number, firstTokenAt?: number, abandoned?: boolean }[]}
   */
  const requests = [];
  const defaultReply = options.defaultReply ?? {
    chunks: ['Here ', 'is ', 'advice ', 'from ', 'the ', 'stub ', 'citing ', '[00:05].'],
  };
  const models = options.models ?? ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo', 'whisper-1', 'dall-e-3'];
  const sockets = new Set();

  const server = createServer(async (req, res) => {
    const pieces = [];
    for await (const piece of req) pieces.push(piece);
    const received = Buffer.concat(pieces);
    const raw = received.toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stub');
    const body = raw ? JSON.parse(raw) : null;
    const record = {
      path: url.pathname,
      body,
      authorization: req.headers.authorization,
      // How the body came: with its length, or in chunks; and how many bytes it was.
      contentLength: req.headers['content-length'],
      transferEncoding: req.headers['transfer-encoding'],
      bodyBytes: received.length,
      receivedAt: performance.now(),
    };
    requests.push(record);
    if (req.method === 'GET' && url.pathname.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', owned_by: 'stub' })),
        }),
      );
      return;
    }
    if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const reply = queue.shift() ?? defaultReply;
    if (reply.status) {
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        ...(reply.retryAfter ? { 'retry-after': reply.retryAfter } : {}),
      });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
      return;
    }
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body?.model ?? 'stub';
    const event = (payload) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta, finish = null) =>
      event({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
    const chunks =
      reply.json !== undefined ? [JSON.stringify(reply.json)] : (reply.chunks ?? defaultReply.chunks ?? []);
    const hangUp = new Promise((resolve) => res.once('close', resolve));
    const held = (index) =>
      reply.hold && index === reply.hold.after ? Promise.race([reply.hold.until, hangUp]) : undefined;
    if (!body?.stream) {
      await held(0);
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            { index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: 'stop' },
          ],
          usage: usageOf(reply, chunks),
        }),
      );
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    let cutOff = false;
    res.on('close', () => {
      if (!res.writableFinished && !cutOff) record.abandoned = true;
    });
    if (reply.firstTokenDelayMs) await sleep(reply.firstTokenDelayMs);
    chunk({ role: 'assistant', content: '' });
    for (const [index, piece] of chunks.entries()) {
      if (index > 0 && reply.delayMs) await sleep(reply.delayMs);
      await held(index);
      if (res.destroyed) return;
      if (reply.failAfter !== undefined && index >= reply.failAfter) {
        cutOff = true;
        res.destroy();
        return;
      }
      chunk({ content: piece });
      record.firstTokenAt ??= performance.now();
    }
    await held(chunks.length);
    if (res.destroyed) return;
    chunk({}, 'stop');
    if (body.stream_options?.include_usage && !reply.withoutUsage) {
      event({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [],
        usage: usageOf(reply, chunks),
      });
    }
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Forget recorded requests (long benchmark runs). */
    clearRequests: () => {
      requests.length = 0;
    },
    /** @param {...StubReply} replies the next replies, in order (then the default one) */
    enqueue: (...replies) => queue.push(...replies),
    /** Drop the replies not yet given (e.g. the rest of a 429 storm the app stopped retrying). */
    clearQueue: () => {
      queue.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}

function usageOf(reply, chunks) {
  const usage = reply.usage ?? { prompt_tokens: 100, completion_tokens: chunks.length };
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
