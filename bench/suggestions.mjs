#!/usr/bin/env node
// Video suggestions on PostgreSQL with 10,000 catalogue videos (ten picks a week for 1,000 weeks) and
// 100,000 consultations by 5,000 users over 100 days (about 7,000 in trending's 7-day window): the
// page (GET /api/suggestions), no-key trending and the catalogue's keyword search. One connection:
// p50/p99 of 300 requests one after another; 50 connections: req/s. Prints figures and the query
// plans; asserts nothing. Standalone: node bench/suggestions.mjs (BENCH_DURATION, BENCH_SUGGESTIONS_SCALE override).
import { drizzle } from 'drizzle-orm/node-postgres';
import { tsImport } from 'tsx/esm/api';
import { table } from './lib.mjs';
import { latencyOf, withSeededApp } from './seeded.mjs';

const SCALE = Number(process.env.BENCH_SUGGESTIONS_SCALE ?? 1);
const PICKS = Math.max(20, Math.round(10_000 * SCALE));
const CHATS = Math.max(20, Math.round(100_000 * SCALE));
const USERS = Math.max(10, Math.round(5_000 * SCALE));
const SEQUENTIAL = 300;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const TOPICS = [
  'pricing',
  'retention',
  'referrals',
  'hiring',
  'cash flow',
  'marketing',
  'sourdough bread',
  'subscriptions',
  'wholesale',
  'branding',
];

/** This week's Monday (UTC), as the app keys weeks. */
function thisWeek() {
  const now = new Date();
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

function seed(week, benchUserId) {
  const topics = `array[${TOPICS.map((t) => `'${t}'`).join(',')}]`;
  return `
insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'sugg-' || g, 'Bench ' || g, 'sugg-' || g || '@bench.example', true, now() - interval '30 days', now()
  from generate_series(1, ${USERS}) g;
insert into suggestion_picks (week, position, video_id, title, channel, duration_seconds, published_on, tags, note)
  select date '${week}' - ((g - 1) / 10) * 7, (g - 1) % 10, 'v' || lpad(g::text, 10, '0'),
         'Video ' || g || ': ' || (${topics})[1 + g % 10] || ' for small businesses',
         'Channel ' || g % 300, 300 + g % 3000, date '${week}' - g % 2000,
         jsonb_build_array((${topics})[1 + (g + 3) % 10]),
         'Picked for its take on ' || (${topics})[1 + g % 10]
  from generate_series(1, ${PICKS}) g;
insert into chats (user_id, video_id, transcript, title, created_at)
  select 'sugg-' || (1 + (g * 7919) % ${USERS}), 'v' || lpad((1 + (g * 31) % 2000)::text, 10, '0'),
         'Bench transcript', 'Bench chat', now() - make_interval(secs => g * 86.4)
  from generate_series(1, ${CHATS}) g;
insert into chats (user_id, video_id, transcript, created_at)
  select '${benchUserId}', 'v' || lpad(g::text, 10, '0'), 'Bench transcript', now()
  from generate_series(1, 5) g;
analyze;`;
}

/**
 * The app's own statements of trending and of this week's picks, as the server runs them now: built by
 * its query builders on a Drizzle instance that only writes SQL, and answered with their plans.
 */
export async function appStatements(week) {
  const { siteTrendingStatement } = await tsImport(
    '../src/server/features/suggestions/suggestions.service.ts',
    import.meta.url,
  );
  const { shownPicks } = await tsImport(
    '../src/server/features/suggestions/suggestions.queries.ts',
    import.meta.url,
  );
  const db = drizzle.mock();
  return [siteTrendingStatement(db, new Date()), shownPicks(db, week, [])].map((statement) => {
    const { sql, params } = statement.toSQL();
    return [`explain (analyze, costs off) ${sql}`, params];
  });
}

export async function benchSuggestions() {
  console.log(
    `\nVideo suggestions on PostgreSQL: ${PICKS.toLocaleString('en-US')} catalogue videos, ${CHATS.toLocaleString('en-US')} consultations, no YouTube key`,
  );
  const week = thisWeek();
  const statements = await appStatements(week);
  const explain = () => statements;
  await withSeededApp(
    { email: 'bench-suggestions@example.com', seed: (userId) => seed(week, userId), explain },
    async (app, cookie, plans) => {
      const rows = [];
      for (const [label, path] of [
        ['page (picks, keywords, consulted)', '/api/suggestions'],
        ['trending (site, 7 days)', '/api/suggestions/trending'],
        ['search (catalogue)', '/api/suggestions/search'],
      ]) {
        const { first, figures } = await latencyOf(app, cookie, path, {
          sequential: SEQUENTIAL,
          duration: DURATION,
        });
        rows.push({
          request: `GET ${path}`,
          what: label,
          videos: (first.picks ?? first.videos).length,
          ...figures,
        });
      }
      table(rows);
      console.log(`\nPlans (trending over 7 days of chats; this week's picks):\n${plans.join('\n\n')}`);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSuggestions();
