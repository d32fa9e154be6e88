import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualChat } from './testing/consult';
import { createTestApp, type TestApp, type TestUser } from './testing/test-app';
import { openTestDatabase } from './testing/test-database';
import { readUiStream, readUntil } from './testing/ui-stream';

/**
 * The statements a reply sends between its request's arrival and the provider call (decisions 070,
 * 073): the session, the onboarding gate, the chat, the lease and the month's usage, then the question
 * stored with the history read (a first answer: its claim), then the prompt's settings, memories and
 * sources in one. Each is a round trip every reply pays; one more is a regression to explain here. A
 * reply is a request that changes something: its session is read from the database, never Better
 * Auth's cookie cache (decision 072).
 */
const FOLLOW_UP_STATEMENTS = 7;
const FIRST_REPLY_STATEMENTS = 7;

let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  const database = await openTestDatabase({ logQuery: (query) => statements.push(query) });
  t = await createTestApp({}, { database });
});
afterAll(() => t.close());
afterEach(() => t.offlineGate.open());

const TRANSCRIPT = '0:00\nRetention comes first for a bakery.\n0:20\nThen referrals, rewarding both sides.';

/**
 * The statements sent while `send` reaches the model: the offline model is held after its first words,
 * so nothing after the provider call (the reply's save) is counted.
 */
async function statementsUntilTheModel(send: () => Promise<Response>): Promise<string[]> {
  t.offlineGate.close();
  statements.length = 0;
  const response = await send();
  expect(response.status).toBe(200);
  await readUntil(response, (text) => text.length > 0);
  // The live reply's row (PostgreSQL, decision 071) is written beside the prompt's reads, which do not
  // wait on it: it is no round trip before the provider call, and is counted apart.
  const sent = statements.filter((statement) => !statement.includes('"live_replies"'));
  expect(statements.length - sent.length).toBe(t.deps.database.kind === 'postgres' ? 1 : 0);
  t.offlineGate.open();
  // The rest of the reply, to its save.
  const reader = response.body!.getReader();
  while (!(await reader.read()).done);
  return sent;
}

async function chatWithFirstAnswer(user: TestUser) {
  const id = await createManualChat(user, TRANSCRIPT);
  await readUiStream(await user.client.request(`/api/chats/${id}/first-reply`, { method: 'POST' }));
  return id;
}

describe('GET /api/health', () => {
  it('sends no statement through Drizzle: the session of a signed-in caller is not read', async () => {
    const user = await t.createOnboardedUser();
    statements.length = 0;
    expect((await user.client.request('/api/health')).status).toBe(200);
    expect(statements).toEqual([]);
    // The same caller's other reads do read it.
    expect((await user.client.request('/api/me')).status).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
  });
});

describe('a signed-in GET /api/me', () => {
  async function statementsOf(send: () => Promise<Response>): Promise<string[]> {
    statements.length = 0;
    expect((await send()).status).toBe(200);
    return [...statements];
  }

  it('sends the account snapshot alone while the session is cached; the session too after a change', async () => {
    const user = await t.createOnboardedUser();
    const me = () => user.client.request('/api/me');
    // The session comes from Better Auth's cookie cache (decision 072).
    expect(await statementsOf(me)).toHaveLength(1);
    // A change drops the cache: the next read reads the session from the database and caches it again.
    await user.client.json('/api/account/settings', { method: 'PATCH', json: { timeZone: 'Europe/Paris' } });
    expect(await statementsOf(me)).toHaveLength(2);
    expect(await statementsOf(me)).toHaveLength(1);
  });
});

describe("a reply's statements before the provider call", () => {
  it(`a follow-up sends ${FOLLOW_UP_STATEMENTS}`, async () => {
    const user = await t.createOnboardedUser();
    const id = await chatWithFirstAnswer(user);
    const sent = await statementsUntilTheModel(() =>
      user.client.request(`/api/chats/${id}/messages`, {
        method: 'POST',
        json: { content: 'How do I start referrals?' },
      }),
    );
    expect(sent, sent.join('\n---\n')).toHaveLength(FOLLOW_UP_STATEMENTS);
  });

  it(`a chat's first answer sends ${FIRST_REPLY_STATEMENTS}`, async () => {
    const user = await t.createOnboardedUser();
    const id = await createManualChat(user, TRANSCRIPT);
    const sent = await statementsUntilTheModel(() =>
      user.client.request(`/api/chats/${id}/first-reply`, { method: 'POST' }),
    );
    expect(sent, sent.join('\n---\n')).toHaveLength(FIRST_REPLY_STATEMENTS);
  });
});
