import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { onboardedAccount } from './support/accounts';
import { browserAt, type Cluster, startCluster } from './support/cluster';

/**
 * A reply written by one process, stopped or followed through another on the same PostgreSQL
 * (decisions 065, 071): a row says it is live; the process writing it stops it, or relays its parts
 * live, by LISTEN/NOTIFY.
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

  it('is shown live by the chat view of the other process, and gone from it once saved', async () => {
    const { chatId, rest } = await heldAnswerOnA();
    const question = await db.query(`select id from chat_messages where chat_id = $1 and role = 'user'`, [
      chatId,
    ]);
    for (const via of [processA(), processB()]) {
      const view = await (await browser(`/api/chats/${chatId}`, { via })).json();
      expect(view.liveReply).toEqual({ afterMessageId: question.rows[0].id });
    }
    openGate();
    await rest();
    for (const via of [processA(), processB()]) {
      expect((await (await browser(`/api/chats/${chatId}`, { via })).json()).liveReply).toBeNull();
    }
    expect((await db.query('select 1 from live_replies where chat_id = $1', [chatId])).rows).toEqual([]);
  });

  it('is followed live on the other process: the text so far while it is held, then the rest, once', async () => {
    const { chatId, rest } = await heldAnswerOnA();
    const follower = uiStreamOf(await browser(`/api/chats/${chatId}/stream`, { via: processB() }));
    // Everything written so far arrives while the answer is still held: relayed, not waited for.
    const soFar = await follower.until((text) => text.includes('word3 '));
    expect(soFar).toBe('word0 word1 word2 word3 ');

    openGate();
    await follower.rest();
    const [answer] = await savedAnswers(chatId);
    expect(answer.status).toBe('complete');
    expect(answer.content).toContain('word199');
    expect(follower.text()).toBe(answer.content);
    const chunks = follower.chunks();
    expect(chunks.filter((chunk) => chunk.type === 'start')).toEqual([
      { type: 'start', messageId: answer.id },
    ]);
    // The rest came part by part as it was written, not as the saved answer in one piece.
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').length).toBeGreaterThan(2);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { status: 'complete' } });
    expect(await rest()).toContain('word199');
  });

  it('stops relaying to a follower that went away, while the answer goes on', async () => {
    const { chatId, rest } = await heldAnswerOnA();
    // The relay's pieces name it: the first one tells the test which relay to watch end.
    const relayId = new Promise<string>((resolve) => {
      db.on('notification', (message) => {
        if (message.channel === 'live_reply_parts') resolve(message.payload!.slice(0, 36));
      });
    });
    await db.query('listen live_reply_parts');
    await db.query('listen live_reply_answers');
    const follower = uiStreamOf(await browser(`/api/chats/${chatId}/stream`, { via: processB() }));
    await follower.until((text) => text.includes('word3 '));
    const id = await relayId;
    const relayEnded = new Promise<void>((resolve) => {
      db.on('notification', (message) => {
        if (
          message.channel === 'live_reply_answers' &&
          message.payload?.includes(`"id":"${id}","state":"ended"`)
        ) {
          resolve();
        }
      });
    });
    await follower.cancel();
    await relayEnded;
    // The answer is still held, and still live.
    expect(await savedAnswers(chatId)).toEqual([]);
    const view = await (await browser(`/api/chats/${chatId}`, { via: processB() })).json();
    expect(view.liveReply).not.toBeNull();
    openGate();
    expect(await rest()).toContain('word199');
  });
});

describe('a chat with no live reply, asked through either process', () => {
  const chatWithoutAnswer = async () => {
    const created = await browser('/api/chats', {
      method: 'POST',
      json: { source: 'manual', transcript: '[00:05] Referral programs grow small bakeries.' },
    });
    return (await created.json()).id as string;
  };
  const noLiveReply = async (response: Response) => {
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe('no_live_reply');
  };

  it('answers 409 no_live_reply to a follow or a Stop', async () => {
    const chatId = await chatWithoutAnswer();
    for (const via of [processA(), processB()]) {
      await noLiveReply(await browser(`/api/chats/${chatId}/stream`, { via }));
      await noLiveReply(await browser(`/api/chats/${chatId}/stop`, { method: 'POST', via }));
    }
  });

  it('is not made live by a row its killed process left, expired or not', async () => {
    const chatId = await chatWithoutAnswer();
    const owner = await db.query('select user_id from chats where id = $1', [chatId]);
    const leaveRow = (expires: string) =>
      db.query(
        `insert into live_replies (id, chat_id, user_id, expires_at)
         values (gen_random_uuid(), $1, $2, now() + $3::interval)`,
        [chatId, owner.rows[0].user_id, expires],
      );
    const liveOn = async (via: string) =>
      (await (await browser(`/api/chats/${chatId}`, { via })).json()).liveReply;

    await leaveRow('-1 second');
    expect(await liveOn(processB())).toBeNull();
    await noLiveReply(await browser(`/api/chats/${chatId}/stream`, { via: processB() }));

    // Not yet expired: believed until a process is asked and none answers, then forgotten.
    await leaveRow('10 minutes');
    expect(await liveOn(processB())).toEqual({ afterMessageId: null });
    await noLiveReply(await browser(`/api/chats/${chatId}/stream`, { via: processB() }));
    expect(await liveOn(processA())).toBeNull();
    await leaveRow('10 minutes');
    await noLiveReply(await browser(`/api/chats/${chatId}/stop`, { method: 'POST', via: processA() }));
    expect(await liveOn(processB())).toBeNull();
  });
});

type UiChunk = { type: string; delta?: string; [key: string]: unknown };

/** A UI message stream read as it comes: its text so far, its parts, and the rest on demand. */
function uiStreamOf(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let raw = '';
  const chunks = (): UiChunk[] =>
    raw
      .split('\n')
      .slice(0, -1)
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice('data: '.length)));
  const text = () =>
    chunks()
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
  return {
    chunks,
    text,
    async until(done: (text: string) => boolean) {
      while (!done(text())) {
        const read = await reader.read();
        if (read.done) throw new Error(`The stream ended before its text did: ${text()}`);
        raw += read.value;
      }
      return text();
    },
    async rest() {
      for (let read = await reader.read(); !read.done; read = await reader.read()) raw += read.value;
    },
    cancel: () => reader.cancel(),
  };
}
