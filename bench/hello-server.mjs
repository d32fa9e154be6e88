// The baselines: a bare Hono hello-world on @hono/node-server, and (with UPSTREAM set) a bare relay
// that forwards a chat message to an OpenAI-compatible stub and streams its answer back: no session,
// no database, no prompt. What the relay adds to the stub's time to first token is this machine's
// floor for the consultation's server-added figure.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono()
  .get('/', (c) => c.json({ status: 'ok' }))
  .post('/relay', async (c) => {
    const { content } = await c.req.json();
    const upstream = await fetch(`${process.env.UPSTREAM}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
      body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content }] }),
    });
    return new Response(upstream.body, { headers: { 'content-type': 'text/event-stream' } });
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
  process.stdout.write('ready\n');
});
