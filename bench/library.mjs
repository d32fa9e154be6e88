#!/usr/bin/env node
// 'Ask your library' at scale: one user with 1,000 videos of 600 passages (600,000 passages) among
// 2,000,000 passages of 100 other users on PostgreSQL (on PGlite, the user's 600,000 alone). Seeds with
// set-based SQL, times the retrieval of a question's best passages within the prompt's budget, then the
// server-added time to first token of the same questions asked through 'Ask your library' against a
// stub model; then the retrieval again for a second user whose library is as large but in three
// languages (decision 047). Prints figures, asserts nothing. Standalone: node bench/library.mjs
// (BENCH_LIBRARY_VIDEOS, BENCH_LIBRARY_OTHER_PASSAGES, BENCH_LIBRARY_SAMPLES override;
// BENCH_LIBRARY_EXPLAIN=n prints the plans of the n slowest questions of each library to stderr).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { serverEnv, serverNodeFlags } from '../scripts/lib/server-flags.mjs';
import { onboarded, PROFILE, percentile, postStreaming } from './journey.mjs';
import { startApp, table } from './lib.mjs';
import { connectAssistant } from './mcp-client.mjs';

const VIDEOS = Number(process.env.BENCH_LIBRARY_VIDEOS ?? 1_000);
if (!Number.isInteger(VIDEOS) || VIDEOS < 1) {
  throw new Error(
    `BENCH_LIBRARY_VIDEOS must be a whole number of videos, 1 or more (got ${process.env.BENCH_LIBRARY_VIDEOS})`,
  );
}
const PASSAGES_PER_VIDEO = 600;
const OTHER_PASSAGES = Number(process.env.BENCH_LIBRARY_OTHER_PASSAGES ?? 2_000_000);
const OTHER_USERS = 100;
const SAMPLES = Number(process.env.BENCH_LIBRARY_SAMPLES ?? 200);
const WARM_UP = 10;
const EXPLAIN = Number(process.env.BENCH_LIBRARY_EXPLAIN ?? 0);

/**
 * The languages of the multilingual library, by video (the n-th video's is LANGUAGES[n % 3]), and how
 * its questions are asked in each: a question is in the language of the video it is about.
 */
const LANGUAGES = [
  {
    config: 'english',
    ask: (a, b, c, d) => `How should I ${a} the ${b} of my business, and what about ${c} and ${d}?`,
  },
  {
    config: 'spanish',
    ask: (a, b, c, d) => `¿Cómo debería ${a} el ${b} de mi negocio, y qué hay de ${c} y ${d}?`,
  },
  {
    config: 'german',
    ask: (a, b, c, d) => `Wie sollte ich ${a} das ${b} meines Geschäfts, und was ist mit ${c} und ${d}?`,
  },
];
const ENGLISH_ONLY = LANGUAGES.slice(0, 1);

/**
 * Synthetic speech: 20,000 made-up words drawn with Zipf's law (the word of rank r is 1/r as frequent
 * as the first), as words are in real transcripts; a passage is two 35-word halves from a pool of
 * 50,000, so passages rarely repeat.
 */
const VOCABULARY_SIZE = 20_000;
const POOL_SIZE = 50_000;
const HALF_WORDS = 35;

/** A seeded generator, so each run seeds and asks the same. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const SYLLABLES =
  'ba be bi bo bu da de di do du fa fe fi fo ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zi zo'.split(
    ' ',
  );

function vocabulary() {
  const words = new Set();
  const next = random(1);
  while (words.size < VOCABULARY_SIZE) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

function zipfSampler(words, next) {
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank++) {
    total += 1 / rank;
    cumulative.push(total);
  }
  return () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return words[low];
  };
}

/**
 * `count` questions as a user asks them about their library, in the language of the passage they are
 * about: two words of a passage it holds (a topic one of the videos covers) and two other words, all
 * past the 100 commonest, among everyday speech. A library of fewer videos than questions is asked
 * about its passages again, in turn.
 */
export function questions(words, passages, count) {
  const next = random(7);
  const rankOf = new Map(words.map((word, rank) => [word, rank]));
  const word = () => words[100 + Math.floor(next() * 2_900)];
  return Array.from({ length: count }, (_, i) => {
    const { text, config } = passages[i % passages.length];
    const topical = text.split(' ').filter((w) => rankOf.get(w) >= 100);
    const pick = () => topical[Math.floor(next() * topical.length)] ?? word();
    const language = LANGUAGES.find((candidate) => candidate.config === config);
    return language.ask(pick(), pick(), word(), word());
  });
}

/** Passages of the user's library, spread over it, that the questions are about, with their videos' configurations. */
async function libraryTexts(run, userId, count) {
  const result = await run(
    sql`select p.text, v.search_config::text as config
        from video_passages p join library_videos v on v.id = p.library_video_id
        where v.user_id = ${userId} and p.position = 300 order by v.id limit ${count}`,
  );
  return result.rows ?? result;
}

function poolText() {
  const next = random(3);
  const sample = zipfSampler(vocabulary(), next);
  return Array.from({ length: POOL_SIZE }, () => Array.from({ length: HALF_WORDS }, sample).join(' ')).join(
    '\n',
  );
}

/**
 * The seed, as statements: `owner` gets `videos` one-video chats, `PASSAGES_PER_VIDEO` passages
 * apiece (the video of a chat takes the chat's id, as migrated chats' videos do), the n-th video in
 * `languages[n % languages.length]`. The asking users' chats and videos keep their whole transcript,
 * their passages' text joined, as an intake stores them; other users' keep only their first
 * passage's, since no measured read opens another user's transcript and 2,000,000 passages' worth of
 * it (and its full-text index) would take the seed an hour.
 */
function seedStatements(owner, firstVideo, videos, { wholeTranscripts, languages }) {
  const made = `bench_chats_${owner.replace(/\W/g, '_')}_${firstVideo}`;
  const passageText = (id) => `(select a.words || ' ' || b.words
       from bench_pool a, bench_pool b
       where a.id = abs(hashtext(${id}::text || '/' || g)) % ${POOL_SIZE}
         and b.id = abs(hashtext(g || '/' || ${id}::text)) % ${POOL_SIZE})`;
  return [
    `create temporary table ${made} as
       select gen_random_uuid() as id, n,
         (array[${languages.map(({ config }) => `'${config}'`).join(', ')}]::regconfig[])[n % ${languages.length} + 1] as config
       from generate_series(${firstVideo}, ${firstVideo + videos - 1}) n`,
    `create temporary table ${made}_passages as
       select m.id, g, ${passageText('m.id')} as text
       from ${made} m cross join generate_series(0, ${PASSAGES_PER_VIDEO - 1}) g`,
    `create temporary table ${made}_videos as
       select m.id, 'Bench video ' || m.n as title, now() - make_interval(mins => m.n) as created_at,
         t.transcript
       from ${made} m
       join (select id, string_agg(text, ' ' order by g) as transcript from ${made}_passages
             ${wholeTranscripts ? '' : 'where g = 0'} group by id) t
         on t.id = m.id`,
    `insert into chats (id, user_id, transcript, title, created_at)
       select id, '${owner}', transcript, title, created_at from ${made}_videos`,
    `insert into library_videos (id, user_id, transcript, title, duration_seconds, word_count, search_config)
       select v.id, '${owner}', v.transcript, v.title, ${PASSAGES_PER_VIDEO * 15}, ${PASSAGES_PER_VIDEO * HALF_WORDS * 2}, m.config
       from ${made}_videos v join ${made} m on m.id = v.id`,
    `insert into chat_sources (chat_id, library_video_id, number) select id, id, 1 from ${made}`,
    `insert into video_passages (library_video_id, position, start_seconds, text, search)
       select p.id, p.g, p.g * 15, p.text, to_tsvector(m.config, p.text)
       from ${made}_passages p join ${made} m on m.id = p.id`,
    `drop table ${made}, ${made}_passages, ${made}_videos`,
  ];
}

/** The full-text indexes are built once the rows are in (far faster than growing them row by row). */
const SEARCH_INDEXES = ['video_passages_search_idx', 'chats_search_idx'];

const usersStatement = (ids) =>
  `insert into "user" (id, name, email, email_verified)
     select id, 'Bench', id || '@bench.example', true from unnest(array[${ids.map((id) => `'${id}'`).join(',')}]) id`;

/** Seeds the database (set-based, in batches of 100 videos), returns the seconds it took. */
async function seed(run, userId, multilingualUserId, { others }) {
  const started = performance.now();
  const indexes = await run(
    sql`select indexdef from pg_indexes where indexname = any(${sql.param(SEARCH_INDEXES)}::text[])`,
  );
  const indexDefinitions = (indexes.rows ?? indexes).map((row) => row.indexdef);
  await run(`drop index ${SEARCH_INDEXES.join(', ')}`);
  await run('create unlogged table bench_pool (id int primary key, words text not null)');
  await run(
    sql`insert into bench_pool select n - 1, words from unnest(string_to_array(${poolText()}, E'\n')) with ordinality as t(words, n)`,
  );
  const otherUsers = others ? Array.from({ length: OTHER_USERS }, (_, i) => `bench-other-${i}`) : [];
  await run(usersStatement([multilingualUserId, ...otherUsers]));
  const batches = [];
  for (let first = 0; first < VIDEOS; first += 100) {
    batches.push([userId, first, Math.min(100, VIDEOS - first), ENGLISH_ONLY]);
    batches.push([multilingualUserId, first, Math.min(100, VIDEOS - first), LANGUAGES]);
  }
  const otherVideos = others ? Math.ceil(OTHER_PASSAGES / PASSAGES_PER_VIDEO) : 0;
  for (let first = 0; first < otherVideos; first += 100) {
    batches.push([
      otherUsers[(first / 100) % OTHER_USERS],
      first,
      Math.min(100, otherVideos - first),
      ENGLISH_ONLY,
    ]);
  }
  for (const [owner, first, videos, languages] of batches) {
    const wholeTranscripts = owner === userId || owner === multilingualUserId;
    for (const statement of seedStatements(owner, first, videos, { wholeTranscripts, languages })) {
      await run(statement);
    }
  }
  await run('drop table bench_pool');
  for (const definition of indexDefinitions) await run(definition);
  await run('analyze');
  return (performance.now() - started) / 1000;
}

/** The user whose library is in three languages: retrieval only, no app session. */
const MULTILINGUAL_USER = 'bench-multilingual';

/**
 * Times the retrieval of each library's questions' passages one at a time (after a warm-up), the
 * libraries' questions taking turns, so that each library is measured at the same load and with the
 * same cache as the other (measured one after the other, the second ran warmer or at another load).
 */
async function timeRetrievals({ db, run, searchLibrary, libraryPassagesStatement }, libraries, budget) {
  const times = libraries.map(() => []);
  const returned = libraries.map(() => 0);
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    for (const [l, { userId, asked }] of libraries.entries()) {
      const question = asked[i];
      const started = performance.now();
      const passages = await searchLibrary(db, userId, question, budget);
      const ms = performance.now() - started;
      if (i < WARM_UP) continue;
      times[l].push({ ms, question });
      returned[l] += passages.length;
    }
  }
  const load = loadavg()[0];
  const results = [];
  for (const [l, { userId }] of libraries.entries()) {
    const slowest = times[l].toSorted((a, b) => b.ms - a.ms).slice(0, EXPLAIN);
    for (const { ms, question } of slowest) {
      const plan = await run(
        sql`explain (analyze, buffers) ${libraryPassagesStatement(db, userId, { question, budget })}`,
      );
      const lines = (plan.rows ?? plan).map((row) => row['QUERY PLAN']);
      console.error(`\n${ms.toFixed(1)} ms: ${question}\n${lines.join('\n')}`);
    }
    const ms = times[l].map((time) => time.ms);
    results.push({
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      passagesReturned: Math.round(returned[l] / SAMPLES),
      load,
    });
  }
  return results;
}

/**
 * In the measuring child: opens the database as the server does, seeds the users' libraries, times
 * the retrieval for the English library and for the multilingual one, their questions taking turns.
 */
async function measureRetrieval({ kind, url, dataDir, email }) {
  const load = (file) => tsImport(file, import.meta.url);
  const { openDatabase } = await load('../src/server/db/client.ts');
  const { searchLibrary } = await load('../src/server/features/chat/sources.service.ts');
  const { libraryPassagesStatement } = await load('../src/server/features/chat/sources.queries.ts');
  const { chunkSizeFor } = await load('../src/shared/transcript-chunks.ts');
  const database = await openDatabase(kind === 'postgres' ? { url } : { dataDir });
  try {
    const run = (statement) =>
      database.db.execute(typeof statement === 'string' ? sql.raw(statement) : statement);
    const found = await run(sql`select id from "user" where email = ${email}`);
    const userId = (found.rows ?? found)[0].id;
    const seedSeconds = await seed(run, userId, MULTILINGUAL_USER, { others: kind === 'postgres' });
    const budget = chunkSizeFor(PROFILE);
    const measuring = { db: database.db, run, searchLibrary, libraryPassagesStatement };
    const questionsOf = async (user) =>
      questions(vocabulary(), await libraryTexts(run, user, WARM_UP + SAMPLES), WARM_UP + SAMPLES);
    const asked = await questionsOf(userId);
    const [english, multilingual] = await timeRetrievals(
      measuring,
      [
        { userId, asked },
        { userId: MULTILINGUAL_USER, asked: await questionsOf(MULTILINGUAL_USER) },
      ],
      budget,
    );
    return { seedSeconds, english, multilingual, budget, questions: asked };
  } finally {
    await database.close();
  }
}

/** Runs the measurement in a child process with the server's Node flags (PGlite on V8's baseline compiler). */
function measureInChild(target) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...serverNodeFlags(), import.meta.filename, '--measure', JSON.stringify(target)],
      { env: { ...process.env, ...serverEnv() }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`exit ${code}`)),
    );
  });
}

/** A super admin: never limited, so a bench of library questions runs past any plan's tokens. */
const EMAIL = 'bench-library@example.com';
/** The model's answer: its first piece 200 ms after the request, as in the consultation bench. */
const REPLY = {
  chunks: ['Across ', 'your ', 'videos ', '[V1 00:15].'],
  firstTokenDelayMs: 200,
  usage: { prompt_tokens: 900, completion_tokens: 4 },
};

/**
 * Library questions asked one at a time: each one's time to first token minus the stub model's own
 * (from its request to its first piece), i.e. what the server adds: the checks, the retrieval, the
 * prompt and the relay.
 */
async function timeLibraryQuestions(app, stub, cookie, asked) {
  const added = [];
  for (const [i, question] of asked.entries()) {
    const sentBefore = stub.requests.length;
    const { status, text, ttft } = await postStreaming(`${app.baseURL}/api/library/ask`, {
      headers: { cookie, origin: app.baseURL },
      body: { question },
      firstText: '"type":"text-delta"',
    });
    // The answer's own request: remembering the turn (decision 064) is a later call of its own.
    const model = stub.requests.slice(sentBefore).find((request) => request.body?.stream);
    if (status !== 200 || !text.includes('"status":"complete"') || !model?.firstTokenAt) {
      throw new Error(`library question failed: ${status} ${text.slice(0, 300)}`);
    }
    if (i >= WARM_UP) added.push(ttft - (model.firstTokenAt - model.receivedAt));
  }
  return { p50: percentile(added, 50), p99: percentile(added, 99) };
}

/**
 * The same questions through the MCP library search tool of the running app (an assistant connected by
 * OAuth, one tool call at a time, over HTTP): the whole call as the assistant waits for it.
 */
async function timeMcpSearches(app, cookie, asked) {
  const client = await connectAssistant(app.baseURL, cookie);
  const times = [];
  try {
    for (const [i, question] of asked.entries()) {
      const started = performance.now();
      const result = await client.callTool({ name: 'search_library', arguments: { question } });
      const ms = performance.now() - started;
      if (result.isError) throw new Error(`MCP search failed: ${JSON.stringify(result.content)}`);
      if (i >= WARM_UP) times.push(ms);
    }
  } finally {
    await client.close();
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * One database: the app signs the bench user up and stops (PGlite serves one process), the seed and
 * the retrieval run in a child, then the app serves the same questions again.
 */
async function benchDatabase(label, appEnv, target) {
  const stub = await startOpenAiStub({ defaultReply: REPLY });
  const env = {
    ...appEnv,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: stub.baseURL,
    SUPER_ADMIN_EMAILS: EMAIL,
  };
  let app = await startApp(env);
  try {
    const cookie = await onboarded(app, EMAIL, { freePlan: false });
    await app.stop();
    const retrieval = await measureInChild({ ...target, email: EMAIL });
    app = await startApp(env);
    const mcp = await timeMcpSearches(app, cookie, retrieval.questions);
    const ttft = await timeLibraryQuestions(app, stub, cookie, retrieval.questions);
    return { database: label, retrieval, ttft, mcp };
  } finally {
    await app.stop();
    await stub.close();
  }
}

/** A database's two rows: the English library, and the three-language one. */
function rowsOf({ database, retrieval, ttft, mcp }) {
  const targets = { PostgreSQL: 50, PGlite: 250 };
  const languages = LANGUAGES.map(({ config }) => config).join(', ');
  return [
    {
      database,
      library: 'english',
      'seed s': retrieval.seedSeconds.toFixed(0),
      'retrieval p50 ms': retrieval.english.p50.toFixed(1),
      'retrieval p99 ms': retrieval.english.p99.toFixed(1),
      'retrieval target': `p50 ≤ ${targets[database]}, p99 ≤ 4 × p50`,
      'passages returned': retrieval.english.passagesReturned,
      load: retrieval.english.load.toFixed(1),
      'server-added TTFT p50 ms': ttft.p50.toFixed(1),
      'TTFT p99 ms': ttft.p99.toFixed(1),
      'TTFT target': `p50 ≤ ${(retrieval.english.p50 + 10).toFixed(1)}`,
      'MCP search p50 ms': mcp.p50.toFixed(1),
      'MCP search p99 ms': mcp.p99.toFixed(1),
    },
    {
      database,
      library: languages,
      'retrieval p50 ms': retrieval.multilingual.p50.toFixed(1),
      'retrieval p99 ms': retrieval.multilingual.p99.toFixed(1),
      'retrieval target': `p50 ≤ ${(retrieval.english.p50 * 1.2).toFixed(1)}, p99 ≤ 4 × p50`,
      'passages returned': retrieval.multilingual.passagesReturned,
      load: retrieval.multilingual.load.toFixed(1),
    },
  ];
}

export async function runLibraryBench() {
  if (buildIsStale()) await buildAll({ quiet: true });
  console.log(
    `\nLibrary: ${VIDEOS.toLocaleString('en-US')} videos × ${PASSAGES_PER_VIDEO} passages for one user` +
      ` (+ ${OTHER_PASSAGES.toLocaleString('en-US')} passages of ${OTHER_USERS} other users on PostgreSQL); ${SAMPLES} questions one at a time`,
  );
  const results = [];
  const postgres = await startPostgres({ log: () => {} });
  try {
    results.push(
      await benchDatabase(
        'PostgreSQL',
        { DATABASE_URL: postgres.url },
        { kind: 'postgres', url: postgres.url },
      ),
    );
    table(rowsOf(results[0])); // at once: the PGlite run that follows takes as long again
  } finally {
    postgres.stop();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-bench-library-'));
  try {
    results.push(await benchDatabase('PGlite', { DATA_DIR: dataDir }, { kind: 'pglite', dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  table(results.flatMap(rowsOf));
  console.log(
    'load: the 1-minute load average of the machine as the libraries were measured (their questions taking turns)',
  );
  console.log(
    "MCP search: the same questions through the library search tool at /mcp (an assistant's OAuth token, over HTTP), the whole tool call; the app's own route for them is 'Ask your library' (server-added TTFT)",
  );
}

if (process.argv[2] === '--measure') {
  console.log(JSON.stringify(await measureRetrieval(JSON.parse(process.argv[3]))));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  await runLibraryBench();
}
