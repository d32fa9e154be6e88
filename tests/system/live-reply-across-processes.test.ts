import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { onboardedAccount } from './support/accounts';
import { browserAt, type Cluster, startCluster } from './support/cluster';

/**
 * A reply written by one process, stopped or followed through another on the same PostgreSQL
 * (decision 065): the process writing it stops it or tells when it ends, by LISTEN/NOTIFY.
 */

/** Each answer is held after four words until the test opens its gate, or the app hangs up (Stop). */
const hold = { after: 4, until: Promise.resolve() as Promise<unknown> };
let openGate = () => {};
function closeGate() {
  hold.until = new Promise((resolve) => {
    openGate = () => resolve(undefined);
  });
}

let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
let cluster: Cluster;
let db: pg.Client;
let browser: ReturnType<typeof browserAt>;
beforeAll(async () => {
  stub = await startOpenAiStub({
    defaultReply: { chunks: Array.from({ length: 200 }, (_, i) => `word${i} `), hold },
  });
  cluster = await startCluster(2, { OPENAI_API_KEY: 'system-test-key', OPENAI_BASE_URL: stub.baseURL });
  db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
  browser = browserAt(cluster.url);
  await onboardedAccount(browser, cluster.waitForMail);
});
afterEach(() => openGate());
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await stub?.close();
});

const [processA, processB] = [() => cluster.servers[0]!.baseURL, () => cluster.servers[1]!.baseURL];

/** An answer asked of process A, held after its first four words: its chat and its stream so far. */
async function heldAnswerOnA() {
  closeGate();
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
  const rest = async () => {
    for (let read = await reader.read(); !read.done; read = await reader.read()) streamed += read.value;
    return streamed;
  };
  return { chatId, rest };
}

const savedAnswers = async (chatId: string) =>
  (
    await db.query(
      `select id, content, status, total_tokens::int from chat_messages
       where chat_id = $1 and role = 'assistant'`,
      [chatId],
    )
  ).rows;

describe('a reply written by one process, reached through another', () => {
  it('is stopped by a Stop sent to the other process, which answers once what arrived is saved', async () => {
    const { chatId, rest } = await heldAnswerOnA();

    const stop = await browser(`/api/chats/${chatId}/stop`, { method: 'POST', via: processB() });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ stopped: true });

    // Saved before the Stop answered: read once, no waiting.
    const answers = await savedAnswers(chatId);
    expect(answers).toHaveLength(1);
    expect(answers[0].content).toMatch(/^word0 word1 word2 word3 /);
    expect(answers[0].content).not.toContain('word199');
    expect(answers[0].status).toBe('partial');
    expect(answers[0].total_tokens).toBeGreaterThan(0);

    // The asking page's stream ends too, with the reply's finish.
    const streamed = await rest();
    expect(streamed).toContain('"type":"finish"');
    expect(streamed).not.toContain('word199');

    // Nothing live any more, on either process.
    for (const via of [processA(), processB()]) {
      expect((await browser(`/api/chats/${chatId}/stop`, { method: 'POST', via })).status).toBe(409);
    }
  });

  it('is followed on the other process by its saved answer once it ends', async () => {
    const { chatId, rest } = await heldAnswerOnA();
    // Process A says it holds the reply on the channel the processes share: B is then waiting on it.
    const holding = new Promise<void>((resolve) => {
      db.on('notification', (message) => {
        if (message.payload?.includes('"holding"')) resolve();
      });
    });
    await db.query('listen live_reply_answers');

    const follow = browser(`/api/chats/${chatId}/stream`, { via: processB() });
    await holding;
    openGate();

    const followed = await follow;
    expect(followed.status).toBe(200);
    const body = await followed.text();
    const [answer] = await savedAnswers(chatId);
    expect(answer.status).toBe('complete');
    expect(answer.content).toContain('word199');
    expect(body).toContain(`"messageId":"${answer.id}"`);
    expect(body).toContain('word199');
    expect(body).toContain('"status":"complete"');
    expect(await rest()).toContain('word199');
  });
});
