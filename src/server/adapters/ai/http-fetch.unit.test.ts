import { getEventListeners, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from './http-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const routes = new Map<string, Handler>();
const seen: {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
  port: number;
}[] = [];
const server = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const path = req.url ?? '/';
  seen.push({ path, method: req.method ?? '', headers: req.headers, body, port: req.socket.remotePort ?? 0 });
  routes.get(path)?.(req, res, body);
});
let origin = '';
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const fetchOverHttp = createHttpFetch();
const lastRequest = () => seen.at(-1)!;

describe('the provider fetch over node:http', () => {
  it('sends the method, headers and body, and reads status, headers and body', async () => {
    routes.set('/echo', (_req, res, body) => {
      res.writeHead(201, 'Made', [
        ['content-type', 'application/json'],
        ['x-request-id', 'r1'],
        ['set-cookie', 'a=1'],
        ['set-cookie', 'b=2'],
      ]);
      res.end(JSON.stringify({ got: JSON.parse(body) }));
    });
    const response = await fetchOverHttp(`${origin}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer key' },
      body: JSON.stringify({ prompt: 'héllo' }),
    });

    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ got: { prompt: 'héllo' } });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer key');
    expect(request.headers['content-type']).toBe('application/json');
    // A declared length (UTF-8 bytes), not a chunked upload: some OpenAI-compatible servers refuse those.
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength('{"prompt":"héllo"}')));
    expect(request.headers['transfer-encoding']).toBeUndefined();
  });

  it('hands over each piece of a streamed body as it arrives', async () => {
    let finish = () => {};
    routes.set('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      finish = () => res.end('data: [DONE]\n\n');
    });
    const response = await fetchOverHttp(`${origin}/stream`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();

    expect((await reader.read()).value).toBe('data: first\n\n');
    finish();
    expect((await reader.read()).value).toBe('data: [DONE]\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('reuses its connection for the next call, and lets go of the signal once done', async () => {
    routes.set('/small', (_req, res) => res.end('ok'));
    const signal = new AbortController().signal;
    await (await fetchOverHttp(`${origin}/small`, { signal })).text();
    const first = lastRequest().port;
    await (await fetchOverHttp(`${origin}/small`, { signal })).text();
    expect(lastRequest().port).toBe(first);
    await waitUntil(() => getEventListeners(signal, 'abort').length === 0);
  });

  it('keeps its connection when a reader stops at the end marker before the body ends', async () => {
    routes.set('/done-then-end', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: [DONE]\n\n');
      setTimeout(() => res.end(), 20);
    });
    const response = await fetchOverHttp(`${origin}/done-then-end`);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const first = lastRequest().port;
    // The rest of the body arrives 20 ms later; the next call waits for the connection to be free.
    await new Promise((resolve) => setTimeout(resolve, 50));
    routes.set('/small', (_req, res) => res.end('ok'));
    await (await fetchOverHttp(`${origin}/small`)).text();
    expect(lastRequest().port).toBe(first);
  });

  it('gives no body for a 204', async () => {
    routes.set('/empty', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const response = await fetchOverHttp(`${origin}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects as fetch does when the server cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');

    const failure = await fetchOverHttp(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it("rejects with the signal's reason when aborted before the answer", async () => {
    routes.set('/never', () => {});
    const controller = new AbortController();
    const pending = fetchOverHttp(`${origin}/never`, { signal: controller.signal });
    await waitUntil(() => lastRequest().path === '/never');
    const reason = new DOMException('Stopped by the user', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('fails the body when aborted mid-stream, and when the server drops the connection', async () => {
    routes.set('/drip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
    });
    const controller = new AbortController();
    const aborted = await fetchOverHttp(`${origin}/drip`, { signal: controller.signal });
    const abortedReader = aborted.body!.getReader();
    await abortedReader.read();
    const reason = new DOMException('Stopped by the user', 'AbortError');
    controller.abort(reason);
    await expect(abortedReader.read()).rejects.toBe(reason);

    routes.set('/drop', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n', () => res.socket?.destroy());
    });
    const dropped = (await fetchOverHttp(`${origin}/drop`)).body!.getReader();
    await dropped.read();
    await expect(dropped.read()).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('refuses what it does not carry: a Request, another protocol, a stream body', async () => {
    await expect(fetchOverHttp(new Request(`${origin}/small`))).rejects.toThrow(TypeError);
    await expect(fetchOverHttp('ftp://127.0.0.1/file')).rejects.toThrow('Unsupported protocol ftp:');
    await expect(
      fetchOverHttp(`${origin}/small`, { method: 'POST', body: new URLSearchParams({ a: '1' }) }),
    ).rejects.toThrow('string or bytes');
  });
});

async function waitUntil(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
