import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { onboardedAccount } from './support/accounts';
import { browserAt, type Cluster, startCluster } from './support/cluster';

/**
 * A reply written by one process, stopped through another on the same PostgreSQL (decision 065): the
 * process writing it stops it, saves what arrived, and the Stop answers once that is saved.
 */

let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
let cluster: Cluster;
let db: pg.Client;
let openGate: () => void;
beforeAll(async () => {
  const gate = new Promise((resolve) => {
    openGate = () => resolve(undefined);
  });
  stub = await startOpenAiStub({
    // Held after four words until the app hangs up (Stop) or the test ends: Stop lands mid-answer.
    defaultReply: {
      chunks: Array.from({ length: 200 }, (_, i) => `word${i} `),
      hold: { after: 4, until: gate },
    },
  });
  cluster = await startCluster(2, { OPENAI_API_KEY: 'system-test-key', OPENAI_BASE_URL: stub.baseURL });
  db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
});
afterAll(async () => {
  openGate?.();
  await db?.end();
  await cluster?.stop();
  await stub?.close();
});

const [processA, processB] = [() => cluster.servers[0]!.baseURL, () => cluster.servers[1]!.baseURL];

describe('Stop on another process than the one writing the reply', () => {
  it('stops the reply there and answers once what arrived is saved', async () => {
    const browser = browserAt(cluster.url);
    await onboardedAccount(browser, cluster.waitForMail);
    const created = await browser('/api/chats', {
      method: 'POST',
      json: { source: 'manual', transcript: '[00:05] Referral programs grow small bakeries.' },
    });
    const chatId = (await created.json()).id as string;
    await db.query('update chats set first_reply_claimed_at = now() where id = $1', [chatId]);

    const response = await browser(`/api/chats/${chatId}/messages`, {
      method: 'POST',
      json: { content: 'How do I grow?' },
      via: processA(),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let streamed = '';
    while (!streamed.includes('word3 ')) streamed += (await reader.read()).value ?? '';

    const stop = await browser(`/api/chats/${chatId}/stop`, { method: 'POST', via: processB() });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ stopped: true });

    // Saved before the Stop answered: read once, no waiting.
    const { rows: answers } = await db.query(
      `select content, status, total_tokens::int from chat_messages
       where chat_id = $1 and role = 'assistant'`,
      [chatId],
    );
    expect(answers).toHaveLength(1);
    expect(answers[0].content).toMatch(/^word0 word1 word2 word3 /);
    expect(answers[0].content).not.toContain('word199');
    expect(answers[0].status).toBe('partial');
    expect(answers[0].total_tokens).toBeGreaterThan(0);

    // The asking page's stream ends too, with the reply's finish.
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      streamed += value;
    }
    expect(streamed).toContain('"type":"finish"');
    expect(streamed).not.toContain('word199');

    // Nothing live any more, on either process.
    for (const via of [processA(), processB()]) {
      expect((await browser(`/api/chats/${chatId}/stop`, { method: 'POST', via })).status).toBe(409);
    }
  });
});
