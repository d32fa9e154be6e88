import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { onboardedAccount } from './support/accounts';
import { browserAt, type Cluster, startCluster } from './support/cluster';

/**
 * The process receiving SIGTERM while a reply streams (a deploy): the reply is cut short, what arrived
 * is saved with its tokens beside the apology, the user's question is kept, and the books balance.
 */

let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
let cluster: Cluster;
let db: pg.Client;
beforeAll(async () => {
  stub = await startOpenAiStub({
    // Held after four words until the app hangs up: SIGTERM always lands mid-stream.
    defaultReply: {
      chunks: Array.from({ length: 200 }, (_, i) => `word${i} `),
      hold: { after: 4, until: new Promise(() => {}) },
    },
  });
  cluster = await startCluster(1, { OPENAI_API_KEY: 'system-test-key', OPENAI_BASE_URL: stub.baseURL });
  db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await stub?.close();
});

describe('SIGTERM while a reply streams', () => {
  it('saves the partial reply and the apology, keeps the question, and balances the books', async () => {
    const [server] = cluster.servers;
    const browser = browserAt(cluster.url);
    const { id: userId } = await onboardedAccount(browser, cluster.waitForMail);
    const created = await browser('/api/chats', {
      method: 'POST',
      json: { source: 'manual', transcript: '[00:05] Referral programs grow small bakeries.' },
    });
    const chatId = (await created.json()).id as string;
    await db.query('update chats set first_reply_claimed_at = now() where id = $1', [chatId]);

    const response = await browser(`/api/chats/${chatId}/messages`, {
      method: 'POST',
      json: { content: 'How do I grow?' },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let streamed = '';
    while (!streamed.includes('word3 ')) streamed += (await reader.read()).value ?? '';

    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server!.child.kill('SIGTERM');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      streamed += value;
    }
    expect(await exited).toBe(0);
    expect(streamed).toContain('"type":"finish"');

    const { rows: messages } = await db.query(
      'select role, content, status, total_tokens::int from chat_messages where chat_id = $1 order by created_at, seq',
      [chatId],
    );
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'partial'],
      ['assistant', 'error'],
    ]);
    expect(messages[0].content).toBe('How do I grow?');
    expect(messages[1].content).toMatch(/^word0 word1 word2 word3 /);
    expect(messages[1].content).not.toContain('word199');
    expect(messages[1].total_tokens).toBeGreaterThan(0);

    const { rows: books } = await db.query(
      `select
         (select tokens::int from usage_months where user_id = $1) as usage,
         (select sum(total_tokens)::int from chat_messages where user_id = $1) as messages,
         (select total_tokens::int from chats where id = $2) as chat`,
      [userId, chatId],
    );
    expect(books[0].usage).toBe(books[0].messages);
    expect(books[0].chat).toBe(books[0].messages);
  });
});
