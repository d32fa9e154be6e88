#!/usr/bin/env node
// Overload: 4,000 replies sent in the same second to one process with its production admission bounds
// (decisions 042, 053, 055), each in its own chat on a realistic transcript (about 90 KB). Clients do what
// the chat does with 503 busy: ask again after Retry-After, doubling up to 30 s and stretched at random,
// until every question is answered.
// Then every chat is read back: each question must be stored once and answered once, complete.
// Prints the rows release checks parse: `overload <database>: sent …`, whose TTFT starts at the accepted
// attempt, and beside them the wait per question from its first send. Loopback only.
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import {
  createChats,
  onboarded,
  percentile,
  postStreaming,
  REALISTIC_TRANSCRIPT,
  sleep,
  watchPeakRss,
} from './journey.mjs';
import { loadAverage, PRODUCTION_EVENT_LOOP_BOUNDS, startApp } from './lib.mjs';

const SENT = Number(process.env.BENCH_OVERLOAD ?? 4000);
/** The web chat's cap on its busy backoff (`busyRetrySeconds` in reply-transport.ts). */
const BUSY_RETRY_MAX_SECONDS = 30;
/** The chat's wait before it asks again: Retry-After doubled per refusal, capped, stretched at random. */
const busyRetryMs = (retryAfter, refusals) =>
  1000 * Math.min(BUSY_RETRY_MAX_SECONDS, retryAfter * 2 ** refusals) * (1 + Math.random() / 2);
/** A reply of 20 pieces, 50 ms apart after a first token at 200 ms: about 1.2 s of streaming. */
const REPLY = {
  chunks: Array.from({ length: 20 }, (_, i) => `word${i} `),
  firstTokenDelayMs: 200,
  delayMs: 50,
  usage: { prompt_tokens: 900, completion_tokens: 20 },
};
/** A super admin is never limited, so that one account may have every chat streaming at once. */
const ADMIN_EMAIL = 'boss-1@vidvisor.test';

export async function runOverloadBench() {
  console.log(
    `\nOverload: ${SENT} replies sent in one second, each on a ${Math.round(REALISTIC_TRANSCRIPT.length / 1024)} KB transcript; clients honour Retry-After`,
  );
  const postgres = await startPostgres({ log: () => {} });
  try {
    await overload('PostgreSQL', { DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
  await overload('PGlite', {});
}

async function overload(label, env) {
  const stub = await startOpenAiStub({ defaultReply: REPLY });
  // The production bounds: npm start's defaults, with the event-loop bound on as in production.
  const app = await startApp({
    ...env,
    ...PRODUCTION_EVENT_LOOP_BOUNDS,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: stub.baseURL,
  });
  let crashed = false;
  app.child.once('exit', () => (crashed = true));
  try {
    const cookie = await onboarded(app, ADMIN_EMAIL, { freePlan: false });
    const setUp = performance.now();
    const chats = await createChats(app, cookie, SENT, REALISTIC_TRANSCRIPT);
    console.log(`${label}: ${SENT} chats created in ${((performance.now() - setUp) / 1000).toFixed(0)} s`);
    const sending = performance.now();
    const memory = watchPeakRss(app.child.pid);
    const counts = { busy: 0, other: 0 };
    let lastOther = '';
    const results = await Promise.all(
      chats.map(async (chatId, i) => {
        // All sent within the same second, evenly.
        await sleep((i * 1000) / SENT);
        const content = `Overload question ${i}: what should I do first?`;
        const firstSent = performance.now();
        for (let busyAttempts = 0; ; ) {
          const sent = performance.now();
          const attempt = await send(app, cookie, chatId, content);
          if (attempt.ok) return { ...attempt, fromFirstSend: sent - firstSent + attempt.ttft };
          if (attempt.status === 503 && attempt.busy) {
            counts.busy += 1;
            await sleep(busyRetryMs(attempt.retryAfter, busyAttempts++));
          } else {
            // Anything but busy may have stored the question: asking again would store it twice.
            counts.other += 1;
            lastOther = attempt.error;
            return attempt;
          }
        }
      }),
    );
    const peakRssMb = Math.round(memory.peak() / 1024);
    console.log(
      `${label}: every question settled after ${((performance.now() - sending) / 1000).toFixed(0)} s`,
    );
    if (lastOther) {
      console.log(`${label}, last other error: ${lastOther.slice(0, 200)}`);
      const failure = app.logs.find((line) => /reply failed|AI provider failed|could not store/.test(line));
      if (failure) {
        const { msg, err } = JSON.parse(failure);
        const detail = JSON.stringify({ ...err, stack: undefined, query: err?.query?.slice(0, 80) });
        console.log(`${label}, the server's first failure: ${msg}: ${detail.slice(0, 400)}`);
      }
    }
    const stored = await storedOnce(app, cookie, chats);
    const accepted = results.filter((r) => r.ok);
    const ttfts = accepted.map((r) => r.ttft);
    console.log(
      `overload ${label}: sent ${SENT}, accepted ${ttfts.length}, busy ${counts.busy}, other errors ${counts.other}, crashed ${crashed ? 'yes' : 'no'}, peak RSS ${peakRssMb} MB, accepted TTFT p50 ${percentile(ttfts, 50).toFixed(0)} ms p99 ${percentile(ttfts, 99).toFixed(0)} ms`,
    );
    // What a user waits: busy answers and any time unseen before the accepted attempt included.
    const waits = accepted.map((r) => r.fromFirstSend);
    console.log(
      `overload ${label}, per question: first token p50 ${percentile(waits, 50).toFixed(0)} ms p99 ${percentile(waits, 99).toFixed(0)} ms after the first send, busy retries included`,
    );
    console.log(`overload ${label}: load average ${loadAverage()}`);
    console.log(
      `overload ${label}, read back: ${stored.once} of ${SENT} chats hold their question once and one complete answer${stored.wrong ? ` (first wrong: ${stored.wrong})` : ''}`,
    );
  } finally {
    if (!crashed) await app.stop();
    await stub.close();
  }
}

/** One attempt: answered to its end (ok, with its time to first token), or refused. */
async function send(app, cookie, chatId, content) {
  try {
    const { status, text, ttft, headers } = await postStreaming(
      `${app.baseURL}/api/chats/${chatId}/messages`,
      {
        headers: { cookie, origin: app.baseURL },
        body: { content },
        firstText: '"type":"text-delta"',
        timeoutMs: 600_000,
      },
    );
    if (status === 200 && text.includes('"status":"complete"') && ttft !== undefined)
      return { ok: true, ttft };
    const busy = status === 503 && text.includes('"code":"busy"');
    const retryAfter = Number(headers['retry-after']) || 2;
    return { ok: false, status, busy, retryAfter, error: `${status} ${text.slice(0, 160)}` };
  } catch (error) {
    return { ok: false, error: `${error}${error?.code ? ` (${error.code})` : ''}` };
  }
}

/** Reads every chat back: its one question, stored once, and one complete answer after it. */
async function storedOnce(app, cookie, chats) {
  let once = 0;
  let wrong = '';
  for (let start = 0; start < chats.length; start += 50) {
    const views = await Promise.all(
      chats.slice(start, start + 50).map(async (chatId) => {
        const response = await fetch(`${app.baseURL}/api/chats/${chatId}`, { headers: { cookie } });
        return { chatId, view: response.ok ? await response.json() : { messages: [] } };
      }),
    );
    for (const { chatId, view } of views) {
      const roles = view.messages.map((m) => `${m.role}:${m.status ?? ''}`).join(',');
      if (roles === 'user:complete,assistant:complete' || roles === 'user:,assistant:complete') once += 1;
      else wrong ||= `${chatId} ${roles}`;
    }
  }
  return { once, wrong };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIsStale } = await import('../scripts/lib/build-state.mjs');
  if (buildIsStale()) await (await import('../scripts/build.mjs')).buildAll({ quiet: true });
  await runOverloadBench();
}
