import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedAccount } from './support/accounts';
import { browserAt, type Cluster, startCluster } from './support/cluster';

let cluster: Cluster;
let db: pg.Client;
beforeAll(async () => {
  cluster = await startCluster(2);
  db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

const [processA, processB] = [() => cluster.servers[0]!.baseURL, () => cluster.servers[1]!.baseURL];

async function newChat(browser: ReturnType<typeof browserAt>) {
  const response = await browser('/api/chats', {
    method: 'POST',
    json: {
      source: 'manual',
      transcript: '[00:05] Referral programs grow small bakeries. [00:30] Price a premium tier.',
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()).id as string;
}

describe('two processes on one PostgreSQL', () => {
  it('a session made through one process works on the other', async () => {
    const browser = browserAt(cluster.url);
    const email = `multi-${Date.now()}@example.com`;
    const signUp = await browser('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'multi-process-1', name: '' },
    });
    expect(signUp.status).toBe(200);
    const mail = await cluster.waitForMail(email, 'verification');
    const link = new URL(mail.links[0]!);
    expect(link.origin).toBe(cluster.url);
    expect((await browser(`${link.pathname}${link.search}`)).status).toBe(302);

    // Alternate requests land on alternate processes: every one sees the same session.
    const before = [...cluster.proxy.hits];
    for (let i = 0; i < 6; i++) {
      const me = await browser('/api/me');
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(email);
    }
    const served = cluster.proxy.hits.map((count, i) => count - before[i]!);
    expect(served).toEqual([3, 3]);

    // Signing out on one process ends the session everywhere.
    expect((await browser('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await browser('/api/me')).status).toBe(401);
  });

  it('generates the first answer exactly once when both processes are asked at the same moment', async () => {
    const browser = browserAt(cluster.url);
    await onboardedAccount(browser, cluster.waitForMail);
    const chatId = await newChat(browser);
    const [a, b] = await Promise.all(
      [processA(), processB()].map((via) =>
        browser(`/api/chats/${chatId}/first-reply`, { method: 'POST', via }),
      ),
    );
    await Promise.all([a!.text(), b!.text()]);
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const { rows } = await db.query(
      "select count(*)::int as n from chat_messages where chat_id = $1 and role = 'assistant'",
      [chatId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('lets a user at the edge of the limit start one reply, not one per process', async () => {
    const browser = browserAt(cluster.url);
    const { id } = await onboardedAccount(browser, cluster.waitForMail);
    const chatId = await newChat(browser);
    await db.query('update chats set first_reply_claimed_at = now() where id = $1', [chatId]);
    // One token under the Free plan's 30,000: one reply may start; it will cross the limit.
    await db.query(
      `insert into usage_months (user_id, month, tokens, messages) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 29999, 1)`,
      [id],
    );
    const send = (via: string) =>
      browser(`/api/chats/${chatId}/messages`, { method: 'POST', via, json: { content: 'What first?' } });
    const [a, b] = await Promise.all([send(processA()), send(processB())]);
    await Promise.all([a.text(), b.text()]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([402, 409]).toContain(statuses[1]);
    const after = await send(processA());
    await after.text();
    expect(after.status).toBe(402);
    const { rows } = await db.query(
      "select count(*)::int as n from chat_messages where chat_id = $1 and role = 'assistant'",
      [chatId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('pushes a subscription change made through one process to a browser listening on the other', async () => {
    const browser = browserAt(cluster.url);
    await onboardedAccount(browser, cluster.waitForMail);
    const events = await browser('/api/billing/events', { via: processB() });
    expect(events.status).toBe(200);
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 60_000;
      while (!received.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
      return received.includes(needle);
    };
    expect(await readUntil('event: ready')).toBe(true);
    const change = await browser('/api/billing/free-plan', {
      method: 'POST',
      via: processA(),
      json: { planId: 'free_annual' },
    });
    expect(change.status).toBe(200);
    expect(await readUntil('event: subscription')).toBe(true);
    await reader.cancel();
  });

  it('migrated the shared database once, with both processes healthy', async () => {
    for (const server of cluster.servers) {
      expect((await fetch(`${server.baseURL}/api/health`)).status).toBe(200);
    }
  });
});
