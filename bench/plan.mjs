#!/usr/bin/env node
// My plan on PostgreSQL: GET /api/plan for a user with 500 items (from 50 consultations, a quarter of
// them done over 12 weeks) among 1,000,000 items of 10,000 users. One connection: p50/p99 of 300
// requests one after another; 50 connections: req/s. Prints figures and the query plan; asserts
// nothing. Standalone: node bench/plan.mjs (BENCH_PLAN_SCALE=0.01 seeds a hundredth, for a check;
// BENCH_DURATION overrides the 50-connection run).
import { drizzle } from 'drizzle-orm/node-postgres';
import { tsImport } from 'tsx/esm/api';
import { table } from './lib.mjs';
import { latencyOf, withSeededApp } from './seeded.mjs';

const SCALE = Number(process.env.BENCH_PLAN_SCALE ?? 1);
const USERS = Math.max(2, Math.round(10_000 * SCALE));
const ITEMS = Math.max(1_000, Math.round(1_000_000 * SCALE));
const OWN_ITEMS = 500;
const SEQUENTIAL = 300;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const STATUSES = "array['todo','in_progress','done','dropped']";

function seed(benchUserId) {
  const others = USERS - 1;
  return `
insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'plan-' || g, 'Bench ' || g, 'plan-' || g || '@bench.example', true, now(), now()
  from generate_series(1, ${others}) g;
insert into plan_items (user_id, from_answer, title, why, status, due_date, position, video_id, moment_seconds, done_at)
  select 'plan-' || (1 + g % ${others}), false, 'Step ' || g, 'Why step ' || g || ' matters',
         (${STATUSES})[1 + g % 4], current_date + (g % 60 - 20), g / ${others},
         'v' || lpad((g % 5000)::text, 10, '0'), g % 3600,
         case when g % 4 = 2 then now() - make_interval(days => g % 84) end
  from generate_series(1, ${ITEMS - OWN_ITEMS}) g;
insert into chats (id, user_id, video_id, transcript, title)
  select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, '${benchUserId}',
         'v' || lpad(g::text, 10, '0'), 'Bench transcript', 'Consultation ' || g
  from generate_series(1, 50) g;
insert into plan_items (user_id, from_answer, chat_id, title, why, note, status, due_date, position, video_id, moment_seconds, video_title, done_at)
  select '${benchUserId}', true, ('00000000-0000-4000-8000-' || lpad((1 + g % 50)::text, 12, '0'))::uuid,
         'Raise the box price, step ' || g, 'It moves the bakery toward 300 weekly subscribers (' || g || ')',
         case when g % 5 = 0 then 'Asked the baker about it' else '' end,
         (${STATUSES})[1 + g % 4], current_date + (g % 60 - 20), g / 4,
         'v' || lpad((1 + g % 50)::text, 10, '0'), g % 3600, 'Video ' || (1 + g % 50),
         case when g % 4 = 2 then now() - make_interval(days => g % 84) end
  from generate_series(1, ${OWN_ITEMS}) g;
analyze;`;
}

/** The app's own statement of the plan page, as the server runs it: built by its query builder, answered with its plan. */
async function planStatement() {
  const { listPlanItems } = await tsImport('../src/server/features/plan/plan.queries.ts', import.meta.url);
  return (userId) => {
    const { sql, params } = listPlanItems(drizzle.mock(), userId).toSQL();
    return [[`explain (analyze, costs off) ${sql}`, params]];
  };
}

export async function benchPlan() {
  console.log(
    `\nMy plan on PostgreSQL: ${OWN_ITEMS} items of one user among ${ITEMS.toLocaleString('en-US')} items of ${USERS.toLocaleString('en-US')} users`,
  );
  await withSeededApp(
    { email: 'bench-plan@example.com', seed, explain: await planStatement() },
    async (app, cookie, plans) => {
      const rows = [];
      for (const path of ['/api/plan', '/api/plan?due=week']) {
        const { first, figures } = await latencyOf(app, cookie, path, {
          sequential: SEQUENTIAL,
          duration: DURATION,
        });
        rows.push({ request: `GET ${path}`, items: first.items.length, ...figures });
      }
      table(rows);
      console.log(`\nPlan (the user's items with their consultations):\n${plans[0]}`);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPlan();
