#!/usr/bin/env node
// The consultation's figures: server-added time to first token against a stub OpenAI-compatible model
// (first token after 200 ms), 2,000 simultaneous streaming chats on a realistic transcript (errors, peak
// RSS), and the usage
// summary's latency for a user with 100 messages against one with 1,000,000. Loopback only.
import pg from 'pg';
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import {
  cpuMsOf,
  createChats,
  onboarded,
  percentile,
  postStreaming,
  REALISTIC_TRANSCRIPT,
  sleep,
  streamReply,
  watchPeakRss,
} from './journey.mjs';
import { loadAverage, measure, serverSourceLines, startApp, startHello, table } from './lib.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const HEAVY_MESSAGES = Number(process.env.BENCH_HEAVY_MESSAGES ?? 1_000_000);
const FIRST_TOKEN_MS = 200;
/** The replies of the time-to-first-token runs: 20 pieces, 50 ms apart. */
const SHORT_REPLY = {
  chunks: Array.from({ length: 20 }, (_, i) => `word${i} `),
  firstTokenDelayMs: FIRST_TOKEN_MS,
  delayMs: 50,
  usage: { prompt_tokens: 900, completion_tokens: 20 },
};
/**
 * A reply measured one at a time: two pieces, so that 200 samples take under a minute (a p99 of 40
 * samples is only their largest).
 */
const ONE_AT_A_TIME_REPLY = { ...SHORT_REPLY, chunks: SHORT_REPLY.chunks.slice(0, 2) };
/** Samples of a stream measured one at a time (alone, or while BURST - 1 others stream). */
const ONE_AT_A_TIME_SAMPLES = Number(process.env.BENCH_CONSULT_SAMPLES ?? 200);
/** Replies sent at the same instant in the burst rows. */
const BURST = Number(process.env.BENCH_CONSULT_BURST ?? 100);
/** Seconds of each usage-summary measure; its warm-up and the GET /api/me row take at most 2 and 3. */
const DURATION = Number(process.env.BENCH_CONSULT_DURATION ?? 6);
/** A reply of `pieces` pieces, 200 ms apart. */
const slowReply = (pieces) => ({
  chunks: Array.from({ length: pieces }, (_, i) => `word${i} `),
  firstTokenDelayMs: FIRST_TOKEN_MS,
  delayMs: 200,
  usage: { prompt_tokens: 900, completion_tokens: pieces },
});
/** The replies streaming around those samples: 250 pieces for 200 samples (50 s: longer than the samples). */
const BACKGROUND_REPLY = slowReply(Math.max(10, Math.ceil(1.25 * ONE_AT_A_TIME_SAMPLES)));
/** The replies of the concurrency run: 80 pieces for 2,000 streams (16 s: longer than the 10 s ramp). */
const LONG_REPLY = slowReply(Math.max(10, Math.ceil(STREAMS / 25)));
/** A super admin is never limited, so many replies may stream at once for one account. */
const ADMIN_EMAIL = 'bench-admin@example.com';
/** The super admin of the "before" burst, whose app shares the PostgreSQL database with the main one. */
const BEFORE_ADMIN_EMAIL = 'bench-admin-before@example.com';

export async function runConsultBench() {
  console.log(`\nConsultation bench (Node ${process.version})`);
  console.log(
    `src/server: ${serverSourceLines().toLocaleString('en-US')} lines of TypeScript, tests excluded\n`,
  );
  const postgres = await startPostgres({ log: () => {} });
  try {
    const ttft = await benchRelayFloor();
    const concurrent = [];
    for (const [label, env, peakRssTargetMb] of [
      // A pool of 40 (of PostgreSQL's default 100 connections): 2,000 streams queue on it at the start and end.
      ['PostgreSQL', { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '40' }, 450],
      ['PGlite', {}, 500],
    ]) {
      const result = await benchStreaming(label, env, peakRssTargetMb);
      ttft.push(...result.ttft);
      concurrent.push(result.concurrent);
    }
    table(ttft);
    printBurstRatios(ttft);
    console.log('');
    table(concurrent);
    console.log('');
    table(await benchUsageSummary(postgres.url));
  } finally {
    postgres.stop();
  }
}

/** The settings of an app measured here: admission out of the way, the stub as its provider. */
const streamingEnv = (env, stub, adminEmail = ADMIN_EMAIL) => ({
  ...env,
  // These rows measure what one process holds with admission out of the way (decisions 042, 053).
  REPLIES_IN_FLIGHT_MAX: String(Math.max(STREAMS, BURST)),
  REPLIES_PREPARING_MAX: String(Math.max(STREAMS, BURST)),
  EVENT_LOOP_DELAY_MAX_MS: '60000',
  EVENT_LOOP_UTILIZATION_MAX_PERCENT: '100',
  HEAP_USED_MAX_PERCENT: '100',
  OPENAI_API_KEY: 'bench-key',
  OPENAI_BASE_URL: stub.baseURL,
  SUPER_ADMIN_EMAILS: adminEmail,
});

/**
 * The burst of 100 with log lines written before each request goes on (`LOG_WRITES=sync`, as before
 * decision 070): the "before" of the rows measured with the default (async) in the same run.
 */
async function burstWithSyncLogWrites(label, env) {
  const stub = await startOpenAiStub({ defaultReply: SHORT_REPLY });
  const app = await startApp({ ...streamingEnv(env, stub, BEFORE_ADMIN_EMAIL), LOG_WRITES: 'sync' });
  try {
    const cookie = await onboarded(app, BEFORE_ADMIN_EMAIL, { freePlan: false });
    const chats = await createChats(app, cookie, BURST);
    await Promise.all(chats.slice(0, 5).map((id, i) => streamReply(app, cookie, id, `warm-${i}`)));
    const cpuBefore = cpuMsOf(app.child.pid);
    const added = await burstsAdded(stub, BURST, (i, tag) =>
      streamReply(app, cookie, chats[i], `sync-${tag}`),
    );
    const cpuPerReply = (cpuMsOf(app.child.pid) - cpuBefore) / (burstRounds(BURST) * BURST);
    return ttftRow(`${label}: ${streamsAtOnce(BURST)}, before: log writes sync`, added, cpuPerReply);
  } finally {
    await app.stop();
    await stub.close();
  }
}

/** The issue's ratios (decision 070): 100 replies at once, p50, against the bare relay's in this run. */
function printBurstRatios(rows) {
  const p50 = (label) => Number(rows.find((row) => row['server-added TTFT'] === label)?.['p50 ms']);
  const relay = p50(`floor, a bare Hono relay: ${streamsAtOnce(BURST)}`);
  for (const database of ['PostgreSQL', 'PGlite']) {
    const ratios = [
      [`${streamsAtOnce(BURST)}, before: log writes sync`, 'before (log writes sync)'],
      [streamsAtOnce(BURST), 'after'],
    ].map(([row, variant]) => `${variant} ${(p50(`${database}: ${row}`) / relay).toFixed(1)}×`);
    console.log(`${BURST} replies at once, p50 ÷ bare relay's, ${database}: ${ratios.join(', ')}`);
  }
  console.log(
    `(targets: ≤ 10× on PostgreSQL, ≤ 20× on PGlite; one run on a shared machine, load average ${loadAverage()})`,
  );
}

async function benchStreaming(label, env, peakRssTargetMb) {
  const before = await burstWithSyncLogWrites(label, env);
  const stub = await startOpenAiStub({ defaultReply: SHORT_REPLY });
  const app = await startApp(streamingEnv(env, stub));
  try {
    const cookie = await onboarded(app, ADMIN_EMAIL, { freePlan: false });
    const chats = await createChats(app, cookie, BURST);
    await Promise.all(chats.slice(0, 5).map((id, i) => streamReply(app, cookie, id, `warm-${i}`)));
    const ttft = [before];
    const me = await measure(`${app.baseURL}/api/me`, {
      headers: { cookie },
      connections: 1,
      duration: Math.min(3, DURATION),
    });
    ttft.push({
      'server-added TTFT': `${label}: for scale, GET /api/me (session + gates)`,
      samples: me.requests,
      'p50 ms': String(me.p50),
      'p99 ms': String(me.p99),
      'app CPU ms/reply': '',
      target: '',
    });
    for (const concurrency of [1, BURST]) {
      const cpuBefore = cpuMsOf(app.child.pid);
      const added = await burstsAdded(stub, concurrency, (i, tag) =>
        streamReply(app, cookie, chats[i], `ttft-${tag}`),
      );
      const cpuPerReply = (cpuMsOf(app.child.pid) - cpuBefore) / (burstRounds(concurrency) * concurrency);
      // What a burst queues for on one core: the app's CPU per reply of 20 pieces. (Replies one at a
      // time cost more each, since nothing is batched, but they never wait for each other.)
      ttft.push(
        ttftRow(`${label}: ${streamsAtOnce(concurrency)}`, added, concurrency > 1 ? cpuPerReply : null),
      );
    }
    ttft.push(await ttftAmongStreams(label, app, stub, cookie, chats));
    stub.clearRequests();
    // The streams' chats carry a realistic transcript (about 90 KB): what a reply holds while it streams.
    const streamChats = await createChats(app, cookie, STREAMS, REALISTIC_TRANSCRIPT);
    const concurrent = {
      database: label,
      ...(await concurrentStreams(app, stub, cookie, streamChats, peakRssTargetMb)),
      'load average': loadAverage(),
    };
    stub.clearRequests();
    return { ttft, concurrent };
  } finally {
    await app.stop();
    await stub.close();
  }
}

/**
 * The steady state of BURST concurrent streams: BURST - 1 long replies stream while measured sends arrive one
 * after another (the burst rows above start all BURST at the same instant, the worst case).
 */
async function ttftAmongStreams(label, app, stub, cookie, chats) {
  stub.clearRequests();
  stub.enqueue(...chats.slice(1).map(() => BACKGROUND_REPLY));
  let streaming = 0;
  const background = chats
    .slice(1)
    .map((id, i) => streamReply(app, cookie, id, `steady-${i}`, () => (streaming += 1)));
  while (streaming < BURST - 1) await sleep(50);
  const added = [];
  for (let round = 0; round < ONE_AT_A_TIME_SAMPLES; round++) {
    stub.enqueue(ONE_AT_A_TIME_REPLY);
    added.push(...serverAddedMs(stub, [await streamReply(app, cookie, chats[0], `among-${round}`)]));
  }
  const failed = (await Promise.all(background)).filter((r) => !r.ok).length;
  return ttftRow(
    `${label}: 1 stream while ${BURST - 1} others stream${failed ? ` (${failed} failed)` : ''}`,
    added,
  );
}

/**
 * This machine's floors, measured the same way as the app: the client straight to the stub (what the
 * measuring itself counts: the client and one loopback hop), and the same stub behind a bare Hono relay
 * (no session, database or prompt: what loopback HTTP and fetch add here).
 */
async function benchRelayFloor() {
  const stub = await startOpenAiStub({ defaultReply: SHORT_REPLY });
  const relay = await startHello({ UPSTREAM: stub.baseURL });
  const floors = [
    ['no server, the client straight to the stub', (content) => stubReply(stub, content)],
    ['a bare Hono relay', (content) => relayReply(relay, content)],
  ];
  try {
    const rows = [];
    for (const [label, send] of floors) {
      for (let i = 0; i < 5; i++) await send(`warm-${label}-${i}`);
      for (const concurrency of [1, BURST]) {
        const added = await burstsAdded(stub, concurrency, (_i, tag) => send(`floor-${label}-${tag}`));
        const row = ttftRow(`floor, ${label}: ${streamsAtOnce(concurrency)}`, added);
        rows.push({ ...row, target: '' });
      }
    }
    return rows;
  } finally {
    await relay.stop();
    await stub.close();
  }
}

/** Sends one message through the relay; its time to first token is when the first piece arrives. */
function relayReply(relay, content) {
  return floorReply(`${relay.baseURL}/relay`, { content }, content);
}

/** Asks the stub itself, as the app does. */
function stubReply(stub, content) {
  const body = { model: 'bench', stream: true, messages: [{ role: 'user', content }] };
  return floorReply(`${stub.baseURL}/chat/completions`, body, content);
}

async function floorReply(url, body, content) {
  const { status, ttft } = await postStreaming(url, { body, firstText: SHORT_REPLY.chunks[0] });
  return { ok: status === 200 && ttft !== undefined, content, ttft };
}

/** One stream at a time is sampled ONE_AT_A_TIME_SAMPLES times; a burst of BURST, 3 times. */
const burstRounds = (concurrency) => (concurrency === 1 ? ONE_AT_A_TIME_SAMPLES : 3);

/** Sends `concurrency` messages at the same instant, round after round; the server-added ms of each. */
async function burstsAdded(stub, concurrency, send) {
  const added = [];
  for (let round = 0; round < burstRounds(concurrency); round++) {
    stub.clearRequests();
    if (concurrency === 1) stub.enqueue(ONE_AT_A_TIME_REPLY);
    const batch = Array.from({ length: concurrency }, (_, i) => send(i, `${round}-${i}`));
    added.push(...serverAddedMs(stub, await Promise.all(batch)));
  }
  return added;
}

/** Each answered reply's time to first token minus the stub's own (from its request to its first piece). */
function serverAddedMs(stub, results) {
  return results.flatMap((result) => {
    const asked = stub.requests.find((r) => r.body?.messages?.at(-1)?.content === result.content);
    return result.ok && asked?.firstTokenAt ? [result.ttft - (asked.firstTokenAt - asked.receivedAt)] : [];
  });
}

const streamsAtOnce = (count) => (count === 1 ? '1 stream' : `${count} streams at once`);

/** A row of samples from `serverAddedMs`. */
function ttftRow(label, added, cpuPerReply = null) {
  return {
    'server-added TTFT': label,
    samples: added.length,
    'p50 ms': percentile(added, 50).toFixed(1),
    'p99 ms': percentile(added, 99).toFixed(1),
    'app CPU ms/reply': cpuPerReply === null ? '' : cpuPerReply.toFixed(1),
    target: label.endsWith(': 1 stream') ? 'p50 ≤ 15, p99 ≤ 40' : '',
  };
}

/**
 * Opens one stream per chat, 100 more every 500 ms (a burst of 2,000 connects at once overflows the
 * listen backlog before the app sees them), each long enough (~16 s) that all are open together.
 */
async function concurrentStreams(app, stub, cookie, chats, peakRssTargetMb) {
  stub.enqueue(...chats.map(() => LONG_REPLY));
  const memory = watchPeakRss(app.child.pid);
  let open = 0;
  let peakOpen = 0;
  const started = performance.now();
  const cpuBefore = cpuMsOf(app.child.pid);
  const results = await Promise.all(
    chats.map(async (id, i) => {
      await sleep(Math.floor(i / 100) * 500);
      open += 1;
      peakOpen = Math.max(peakOpen, open);
      const result = await streamReply(app, cookie, id, `load-${i}`);
      open -= 1;
      return result;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpuMsOf(app.child.pid) - cpuBefore) / 1000;
  const peakRss = memory.peak();
  const errors = results.filter((r) => !r.ok);
  if (errors.length)
    console.log(
      'first stream errors:',
      errors.slice(0, 3).map((e) => e.error),
    );
  const ttfts = results.filter((r) => r.ok).map((r) => r.ttft);
  return {
    streams: chats.length,
    'open at once (peak)': peakOpen,
    errors: errors.length,
    'peak RSS MB': Math.round(peakRss / 1024),
    // The process's own peak before the streams: start-up, set-up and the time-to-first-token runs.
    'peak RSS before MB': Math.round(memory.before / 1024),
    'TTFT p50 ms': percentile(ttfts, 50).toFixed(0),
    'TTFT p99 ms': percentile(ttfts, 99).toFixed(0),
    'all done (s)': seconds.toFixed(1),
    // Near 100% means the one process was the bottleneck: streams waited for its CPU, and held memory.
    'app CPU busy': `${Math.round((100 * cpuSeconds) / seconds)}%`,
    target: `0 errors, ≤ ${peakRssTargetMb} MB`,
  };
}

async function benchUsageSummary(databaseUrl) {
  const app = await startApp({ DATABASE_URL: databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = [];
    const light = await userWithMessages(app, client, 'bench-light@example.com', 100);
    const heavy = await userWithMessages(app, client, 'bench-heavy@example.com', HEAVY_MESSAGES);
    await client.query('analyze');
    const measured = [];
    for (const user of [light, heavy]) {
      await measure(`${app.baseURL}/api/usage`, {
        headers: { cookie: user.cookie },
        connections: 10,
        duration: Math.min(2, DURATION),
      });
      const m = await measure(`${app.baseURL}/api/usage`, {
        headers: { cookie: user.cookie },
        connections: 10,
        duration: DURATION,
      });
      measured.push(m);
      rows.push({
        'GET /api/usage (PostgreSQL)': `${user.messages.toLocaleString('en-US')} messages`,
        'req/s': Math.round(m.rps),
        'mean ms': m.mean.toFixed(2),
        'p99 ms': m.p99,
        errors: m.errors,
      });
    }
    rows.push({
      'GET /api/usage (PostgreSQL)': `ratio ${HEAVY_MESSAGES.toLocaleString('en-US')} / 100 (mean latency)`,
      'req/s': '',
      'mean ms': (measured[1].mean / measured[0].mean).toFixed(2),
      'p99 ms': '',
      errors: 'target ≤ 1.2',
    });
    return rows;
  } finally {
    await client.end();
    await app.stop();
  }
}

/** A free-plan user whose messages are generated in the database, spread over the past year. */
async function userWithMessages(app, client, email, messages) {
  const cookie = await onboarded(app, email, { freePlan: true });
  const chatId = (await createChats(app, cookie, 1))[0];
  const {
    rows: [{ user_id: userId }],
  } = await client.query('select user_id from chats where id = $1', [chatId]);
  await client.query(
    `insert into chat_messages (chat_id, user_id, role, content, prompt_tokens, completion_tokens, total_tokens, created_at)
     select $1, $2, case when g % 2 = 0 then 'user' else 'assistant' end, 'generated message ' || g,
            case when g % 2 = 0 then 0 else 20 end, case when g % 2 = 0 then 0 else 10 end, case when g % 2 = 0 then 0 else 30 end,
            now() - (g * (interval '1 second' * (31536000.0 / $3)))
     from generate_series(1, $3) g`,
    [chatId, userId, messages],
  );
  // What the app maintains message by message, rebuilt here in one statement for the generated rows.
  await client.query(
    `insert into usage_months (user_id, month, tokens, messages)
     select user_id, to_char(created_at at time zone 'UTC', 'YYYY-MM'), sum(total_tokens), count(*) filter (where role = 'user')
     from chat_messages where user_id = $1 group by 1, 2
     on conflict (user_id, month) do update set tokens = excluded.tokens, messages = excluded.messages`,
    [userId],
  );
  return { cookie, messages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIsStale } = await import('../scripts/lib/build-state.mjs');
  if (buildIsStale()) await (await import('../scripts/build.mjs')).buildAll({ quiet: true });
  await runConsultBench();
}
