import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodySizeLimit } from './body-limit';

const MAX = 100;

function limitedApp() {
  return new Hono()
    .use(
      bodySizeLimit({ maxSize: MAX, onError: (c) => c.json({ error: { code: 'payload_too_large' } }, 413) }),
    )
    .post('/echo', async (c) => c.json(await c.req.json()))
    .get('/ping', (c) => c.text('pong'));
}

/** A request that records whether anything asked for its body stream (`request.body`). */
function watchedRequest(init: RequestInit, path = '/echo') {
  const watch = { bodyRead: false };
  class WatchedRequest extends Request {
    override get body() {
      watch.bodyRead = true;
      return Reflect.get(Request.prototype, 'body', this);
    }
  }
  return { request: new WatchedRequest(`http://app.test${path}`, { method: 'POST', ...init }), watch };
}

describe('bodySizeLimit', () => {
  it('passes a body whose declared length is within the limit, without opening its stream', async () => {
    const payload = JSON.stringify({ note: 'hello' });
    const { request, watch } = watchedRequest({
      body: payload,
      headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
    });
    const response = await limitedApp().fetch(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ note: 'hello' });
    expect(watch.bodyRead).toBe(false);
  });

  it('refuses a declared length over the limit before reading anything', async () => {
    const { request, watch } = watchedRequest({
      body: '{}',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX + 1) },
    });
    const response = await limitedApp().fetch(request);
    expect(response.status).toBe(413);
    expect(watch.bodyRead).toBe(false);
  });

  it('passes a declared length of exactly the limit, and refuses one byte more', async () => {
    const atLimit = `"${'x'.repeat(MAX - 2)}"`;
    const fits = watchedRequest({ body: atLimit, headers: { 'content-length': String(MAX) } });
    expect((await limitedApp().fetch(fits.request)).status).toBe(200);
    const over = watchedRequest({ body: `${atLimit} `, headers: { 'content-length': String(MAX + 1) } });
    expect((await limitedApp().fetch(over.request)).status).toBe(413);
  });

  it('refuses a declared length that is not a number', async () => {
    const { request } = watchedRequest({ body: '{}', headers: { 'content-length': 'lots' } });
    expect((await limitedApp().fetch(request)).status).toBe(413);
  });

  it('counts a body of unknown length, and refuses it past the limit', async () => {
    const small = await limitedApp().request('/echo', { method: 'POST', body: '{"a":1}' });
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ a: 1 });
    const big = await limitedApp().request('/echo', { method: 'POST', body: `"${'x'.repeat(MAX)}"` });
    expect(big.status).toBe(413);
  });

  it('counts a chunked body even when a length is declared too', async () => {
    const { request, watch } = watchedRequest({
      body: `"${'x'.repeat(MAX)}"`,
      headers: { 'content-length': '2', 'transfer-encoding': 'chunked' },
    });
    expect((await limitedApp().fetch(request)).status).toBe(413);
    expect(watch.bodyRead).toBe(true);
  });

  it('lets a GET through without looking at a body', async () => {
    const { request, watch } = watchedRequest({ method: 'GET' }, '/ping');
    const response = await limitedApp().fetch(request);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('pong');
    expect(watch.bodyRead).toBe(false);
  });

  it('judges bodies over a real socket, where the client declares their length', async () => {
    const server = createAdaptorServer({ fetch: limitedApp().fetch });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    const post = (body: string) => fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', body });
    try {
      const fits = await post(`"${'x'.repeat(MAX - 2)}"`);
      expect(fits.status).toBe(200);
      expect(await fits.json()).toBe('x'.repeat(MAX - 2));
      const over = await post(`"${'x'.repeat(MAX - 1)}"`);
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ error: { code: 'payload_too_large' } });
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
