#!/usr/bin/env node
import { readFileSync } from 'node:fs';
// Resumable replies (decision 065): a reconnect to a live reply, time to its first resumed part (every
// part so far, in one piece), and the RSS of 200 replies held mid-stream by the offline model's gate,
// each with its kept parts and no client reading it. One process on PGlite. Then two processes on one
// PostgreSQL (decision 071): a reconnect to the other process than the one writing, time to its first
// relayed part. Loopback only.
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { createChats, onboarded, percentile, REALISTIC_TRANSCRIPT } from './journey.mjs';
import { startApp, table } from './lib.mjs';

const REPLIES = Number(process.env.BENCH_RESUME_REPLIES ?? 200);
const SAMPLES = Number(process.env.BENCH_RESUME_SAMPLES ?? 200);
/** Replies held on the writing process of the two (each reconnect on the other relays one of them). */
const REPLIES_ACROSS = Math.min(REPLIES, 20);
const ADMIN_EMAIL = 'bench-resume-admin@example.com';

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Starts a follow-up and reads it until its first words, then lets the client go (the reply goes on). */
async function startHeldReply(app, headers, chatId) {
  const response = await fetch(`${app.baseURL}/api/chats/${chatId}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content: 'What should I try first?' }),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let body = '';
  while (!body.includes('"text-delta"')) body += decoder.decode((await reader.read()).value);
  await reader.cancel();
}

/** Milliseconds from a reconnect's request to its first part (everything the reply said so far). */
async function firstResumedPartMs(app, headers, chatId) {
  const started = performance.now();
  const response = await fetch(`${app.baseURL}/api/chats/${chatId}/stream`, {
    headers: { ...headers, origin: app.baseURL },
  });
  const reader = response.body.getReader();
  await reader.read();
  const ms = performance.now() - started;
  await reader.cancel();
  return ms;
}

/** One process on PGlite: REPLIES held, then reconnects to them, and the RSS they hold. */
async function runOneProcess() {
  const app = await startApp({
    REPLIES_IN_FLIGHT_MAX: String(REPLIES + 50),
    REPLIES_PREPARING_MAX: String(REPLIES + 50),
    SUPER_ADMIN_EMAILS: ADMIN_EMAIL,
  });
  try {
    const cookie = await onboarded(app, ADMIN_EMAIL, { freePlan: false });
    const headers = { cookie, origin: app.baseURL, 'content-type': 'application/json' };
    const chats = await createChats(app, cookie, REPLIES, REALISTIC_TRANSCRIPT);
    global.gc?.();
    const before = rssMb(app.child.pid);
    await app.holdOfflineModel();
    for (let i = 0; i < chats.length; i += 25) {
      await Promise.all(chats.slice(i, i + 25).map((id) => startHeldReply(app, headers, id)));
    }
    const held = rssMb(app.child.pid);
    const samples = [];
    for (let i = 0; i < SAMPLES; i++)
      samples.push(await firstResumedPartMs(app, headers, chats[i % chats.length]));
    await app.releaseOfflineModel();
    return {
      'resumable replies': `PGlite, one process: ${REPLIES} replies held mid-stream, no client reading`,
      'first resumed part p50 ms': percentile(samples, 50).toFixed(1),
      'p99 ms': percentile(samples, 99).toFixed(1),
      'RSS before MB': before.toFixed(0),
      'RSS held MB': held.toFixed(0),
      target: 'p50 ≤ 20 ms',
    };
  } finally {
    await app.stop();
  }
}

export async function runResumeBench() {
  table([await runOneProcess(), await runAcrossProcesses()]);
}

/** The writer and the other process on one PostgreSQL: a reconnect on the other, to its first relayed part. */
async function runAcrossProcesses() {
  const postgres = await startPostgres({ log: () => {} });
  const env = { DATABASE_URL: postgres.url, SUPER_ADMIN_EMAILS: ADMIN_EMAIL };
  const writer = await startApp(env);
  const other = await startApp(env).catch(async (error) => {
    await writer.stop();
    throw error;
  });
  try {
    const cookie = await onboarded(writer, ADMIN_EMAIL, { freePlan: false });
    const headers = { cookie, origin: writer.baseURL, 'content-type': 'application/json' };
    const chats = await createChats(writer, cookie, REPLIES_ACROSS, REALISTIC_TRANSCRIPT);
    await writer.holdOfflineModel();
    await Promise.all(chats.map((id) => startHeldReply(writer, headers, id)));
    const samples = [];
    for (let i = 0; i < SAMPLES; i++)
      samples.push(await firstResumedPartMs(other, headers, chats[i % chats.length]));
    await writer.releaseOfflineModel();
    return {
      'resumable replies': `PostgreSQL, two processes: ${REPLIES_ACROSS} replies held on one, reconnects on the other`,
      'first resumed part p50 ms': percentile(samples, 50).toFixed(1),
      'p99 ms': percentile(samples, 99).toFixed(1),
      target: 'p50 ≤ 50 ms',
    };
  } finally {
    await Promise.all([writer.stop(), other.stop()]);
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runResumeBench();
