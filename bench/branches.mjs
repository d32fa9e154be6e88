#!/usr/bin/env node
// Opening a chat of versions and branches (decision 041): GET /api/chats/:id of a chat showing 200
// messages with 50 other versions (50 branches beside the one on screen), next to a chat of 200
// messages without any, in the same run, at one connection. PostgreSQL; prints figures, asserts nothing.
// Standalone: node bench/branches.mjs (BENCH_MESSAGES, BENCH_BRANCHES, BENCH_DURATION override).
import pg from 'pg';
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { measure, signedInCookie, startApp, table } from './lib.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);

/**
 * A chat of `messages` questions and answers in one branch, linked as the app links them, the newest
 * shown; with `branches`, that many of its answers also have an older version (a branch each).
 */
async function seedChat(client, userId, { messages, branches }) {
  const {
    rows: [{ id: chatId }],
  } = await client.query(
    `insert into chats (user_id, transcript, title) values ($1, 'A bench talk on pricing and loyalty.', 'Bench chat') returning id`,
    [userId],
  );
  const line = (g) => `md5('line-' || $1::text || '-' || ${g})::uuid`;
  await client.query(
    `insert into chat_messages (id, chat_id, user_id, parent_id, role, content, total_tokens, created_at)
     select ${line('g')}, $1::uuid, $2, case when g = 1 then null else ${line('g - 1')} end,
            case when g % 2 = 1 then 'assistant' else 'user' end,
            'Bench message ' || g || ': pricing, loyalty cards and referrals for a small bakery.',
            case when g % 2 = 1 then 120 else 0 end, now() - make_interval(secs => $3 - g)
     from generate_series(1, $3::int) g`,
    [chatId, userId, messages],
  );
  // Older versions of answers spread along the chat: siblings of the answers shown.
  await client.query(
    `insert into chat_messages (id, chat_id, user_id, parent_id, role, content, total_tokens, created_at)
     select md5('version-' || $1::text || '-' || k)::uuid, $1::uuid, $2, ${line('a - 1')}, 'assistant',
            'An earlier version of answer ' || a || '.', 100, now() - make_interval(secs => $3 - a + 0.5)
     from generate_series(1, $4::int) k, lateral (select 3 + 2 * ((k - 1) * (($3::int - 3) / 2) / greatest($4::int, 1)) as a) answers`,
    [chatId, userId, messages, branches],
  );
  await client.query(`update chats set current_leaf_id = ${line('$2::int')} where id = $1`, [
    chatId,
    messages,
  ]);
  return chatId;
}

export async function benchBranches({ messages = MESSAGES, branches = BRANCHES, duration = DURATION } = {}) {
  if (buildIsStale()) await buildAll({ quiet: true });
  console.log(
    `\nOpening a chat of ${messages} messages with ${branches} branches vs without: PostgreSQL, 1 connection, ${duration} s each`,
  );
  const postgres = await startPostgres({ log: () => {} });
  const client = new pg.Client({ connectionString: postgres.url });
  const app = await startApp({ DATABASE_URL: postgres.url });
  try {
    await client.connect();
    const email = `bench-branches-${Date.now()}@example.com`;
    const cookie = await signedInCookie(app, email);
    const {
      rows: [{ id: userId }],
    } = await client.query('select id from "user" where email = $1', [email]);
    const plain = await seedChat(client, userId, { messages, branches: 0 });
    const branched = await seedChat(client, userId, { messages, branches });
    await client.query('analyze');
    const rows = [];
    const results = {};
    for (const [label, chatId] of [
      ['without branches', plain],
      [`${branches} branches`, branched],
    ]) {
      const url = `${app.baseURL}/api/chats/${chatId}`;
      const view = await (await fetch(url, { headers: { cookie } })).json();
      const versions = view.messages.filter((m) => m.versionIds.length > 1).length;
      const m = await measure(url, { headers: { cookie }, connections: 1, duration });
      results[label] = m;
      rows.push({
        chat: label,
        'messages shown': view.messages.length,
        'with versions': versions,
        'req/s': Math.round(m.rps),
        'p50 ms': m.p50,
        'mean ms': m.mean.toFixed(2),
        'p99 ms': m.p99,
        errors: m.errors,
      });
    }
    const [without, withBranches] = Object.values(results);
    rows.push({
      chat: 'ratio',
      'p50 ms': (withBranches.p50 / without.p50).toFixed(2),
      'mean ms': (withBranches.mean / without.mean).toFixed(2),
      errors: 'target ≤ 1.2',
    });
    table(rows);
    return rows;
  } finally {
    await client.end();
    await app.stop();
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBranches();
