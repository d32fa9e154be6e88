#!/usr/bin/env node
// Followed channels on PostgreSQL: 100,000 users following 20,000 channels (5 each, the measured user
// too) with 2,000,000 feed items (100 a channel, one a day).
// GET 'New from your channels' at one connection (p50/p99) and 50; then one full poll cycle of every
// channel against a local feed fake (the app's poll job, sent through the queue): its time and the
// server's peak RSS, and users' requests at 1 and 10 connections, without the poll and while it runs. Prints figures; asserts
// nothing. Standalone: node bench/channels.mjs (BENCH_CHANNELS_SCALE=0.01 seeds a hundredth).
import { createServer } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgBoss } from 'pg-boss';
import { tsImport } from 'tsx/esm/api';
import { peakRssKb } from '../scripts/lib/peak-rss.mjs';
import { measure, table } from './lib.mjs';
import { latencyOf, withSeededApp } from './seeded.mjs';

const SCALE = Number(process.env.BENCH_CHANNELS_SCALE ?? 1);
const USERS = Math.max(10, Math.round(100_000 * SCALE));
const CHANNELS = Math.max(60, Math.round(20_000 * SCALE));
const ITEMS_PER_CHANNEL = 100;
const OWN_CHANNELS = 5;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const channelId = (n) => `'UC' || lpad((${n})::text, 22, '0')`;

function seed(benchUserId) {
  return `
insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'ch-' || g, 'Bench ' || g, 'ch-' || g || '@bench.example', true, now(), now()
  from generate_series(1, ${USERS - 1}) g;
insert into channels (id, title, avatar_url, state, polled_at, next_poll_at)
  select ${channelId('g')}, 'Channel ' || g, 'https://yt3.googleusercontent.com/c' || g, 'ok', now(), now()
  from generate_series(1, ${CHANNELS}) g;
insert into channel_follows (user_id, channel_id)
  select 'ch-' || u, ${channelId(`1 + (u * 7 + k * ${Math.floor(CHANNELS / 5)}) % ${CHANNELS}`)}
  from generate_series(1, ${USERS - 1}) u, generate_series(0, 4) k;
insert into channel_follows (user_id, channel_id)
  select '${benchUserId}', ${channelId(`1 + g * ${Math.floor(CHANNELS / OWN_CHANNELS)}`)}
  from generate_series(0, ${OWN_CHANNELS - 1}) g;
insert into channel_videos (channel_id, video_id, title, description, published_at, thumbnail_url)
  select ${channelId('c')}, 'v' || lpad((c * ${ITEMS_PER_CHANNEL} + d)::text, 10, '0'),
         (array['Pricing your sourdough bread', 'Hiring your first baker', 'A day at the market',
                'Subscription boxes that sell', 'Pastries with a premium margin'])[1 + (c + d) % 5] || ' #' || d,
         'Episode ' || d || ': what we learned running a small food business, with numbers and mistakes.',
         now() - make_interval(days => d, hours => c % 24), 'https://i.ytimg.com/vi/x/hqdefault.jpg'
  from generate_series(1, ${CHANNELS}) c, generate_series(0, ${ITEMS_PER_CHANNEL - 1}) d;
analyze;`;
}

/**
 * The app's own statement of 'New from your channels', built by its query builder for a profile of a few
 * words (the bench's ranking words), answered with its plan.
 */
async function feedStatement() {
  const { recentVideosOf } = await tsImport(
    '../src/server/features/channels/channels.queries.ts',
    import.meta.url,
  );
  const { NEW_VIDEOS_LIMIT } = await tsImport(
    '../src/server/features/channels/channels.service.ts',
    import.meta.url,
  );
  const { NEW_VIDEO_DAYS } = await tsImport('../src/shared/channels.ts', import.meta.url);
  return (userId) => {
    const { sql, params } = recentVideosOf(drizzle.mock(), userId, {
      since: new Date(Date.now() - NEW_VIDEO_DAYS * 86_400_000),
      keywords: ['pricing', 'bakery'],
      lexemes: ['price', 'bakeri'],
      limit: NEW_VIDEOS_LIMIT,
    }).toSQL();
    return [[`explain (analyze, costs off) ${sql}`, params]];
  };
}

/** A channel's uploads feed as YouTube serves it: 15 entries, with an ETag (a poll cycle reads each once). */
function atomFeed(id) {
  const entries = Array.from({ length: 15 }, (_, i) => {
    const videoId = `${id.slice(-6)}new${String(i).padStart(2, '0')}`;
    const published = new Date(Date.now() - i * 86_400_000).toISOString();
    return `<entry><id>yt:video:${videoId}</id><yt:videoId>${videoId}</yt:videoId><yt:channelId>${id}</yt:channelId><title>Upload ${i} of ${id}</title><link rel="alternate" href="https://www.youtube.com/watch?v=${videoId}"/><published>${published}</published><updated>${published}</updated><media:group><media:title>Upload ${i}</media:title><media:thumbnail url="https://i1.ytimg.com/vi/${videoId}/hqdefault.jpg" width="480" height="360"/><media:description>What we learned this week about pricing and hiring.</media:description></media:group></entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom"><title>${id}</title>${entries.join('')}</feed>`;
}

async function startFeedFake() {
  const server = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://fake').searchParams.get('channel_id') ?? '';
    res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8', etag: `"${id}-1"` }).end(atomFeed(id));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Sends the app's poll job through the queue and waits for its end: the cycle's time, as the queue saw it. */
async function pollCycle(databaseUrl) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    schedule: false,
    supervise: false,
  });
  await boss.start();
  try {
    const id = await boss.send('poll-channels', {});
    for (;;) {
      const [job] = await boss.findJobs('poll-channels', { id });
      if (job?.state === 'completed' || job?.state === 'failed')
        return {
          state: job.state,
          seconds: (job.completedOn - job.startedOn) / 1000,
          completedOn: new Date(job.completedOn).getTime(),
        };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

export async function benchChannels() {
  console.log(
    `\nFollowed channels on PostgreSQL: ${USERS.toLocaleString('en-US')} users, ${CHANNELS.toLocaleString('en-US')} channels, ${(CHANNELS * ITEMS_PER_CHANNEL).toLocaleString('en-US')} feed items; the user follows ${OWN_CHANNELS}`,
  );
  const feeds = await startFeedFake();
  try {
    await withSeededApp(
      {
        email: 'bench-channels@example.com',
        seed,
        explain: await feedStatement(),
        env: { YOUTUBE_BASE_URL: feeds.url },
      },
      async (app, cookie, plans, databaseUrl) => {
        const rows = [];
        for (const path of ['/api/channels/videos?sort=date', '/api/channels/videos?sort=relevance']) {
          const { first, figures } = await latencyOf(app, cookie, path, {
            sequential: 300,
            duration: DURATION,
          });
          rows.push({ request: `GET ${path}`, videos: first.videos.length, ...figures });
        }
        table(rows);
        console.log(`\nPlan (the user's channels' videos of 14 days):\n${plans[0]}`);

        // Users' requests at 1 and at 10 connections, first on a quiet server, then while the cycle runs:
        // at 10 connections a request also waits for the other 9 (about 10 × its own time), poll or not.
        const users = async (connections) => {
          const figures = await measure(`${app.baseURL}/api/channels/videos?sort=relevance`, {
            headers: { cookie },
            connections,
            duration: DURATION,
          });
          return { p50: figures.p50, p99: figures.p99, requests: figures.requests, errors: figures.errors };
        };
        const quiet = { one: await users(1), ten: await users(10) };
        const rssBefore = peakRssKb(app.child.pid);
        const cycleEnded = pollCycle(databaseUrl);
        const during = { one: await users(1), ten: await users(10) };
        const loadEndedAt = Date.now();
        const cycle = await cycleEnded;
        table([
          {
            'poll cycle': cycle.state,
            channels: CHANNELS,
            seconds: cycle.seconds.toFixed(1),
            'channels/s': Math.round(CHANNELS / cycle.seconds),
            'peak RSS MB before': Math.round(rssBefore / 1024),
            'peak RSS MB after': Math.round(peakRssKb(app.child.pid) / 1024),
          },
        ]);
        table(
          Object.entries({ 'no poll': quiet, 'during the poll': during }).flatMap(([when, figures]) =>
            Object.entries({ 1: figures.one, 10: figures.ten }).map(([connections, row]) => ({
              users: when,
              connections,
              requests: row.requests,
              'p50 ms': row.p50,
              'p99 ms': row.p99,
              errors: row.errors,
            })),
          ),
        );
        if (cycle.completedOn < loadEndedAt)
          console.log(
            '(the cycle ended before the users’ requests did: its figures are of the cycle’s first part)',
          );
      },
    );
  } finally {
    feeds.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchChannels();
