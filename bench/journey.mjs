// What the benchmarks do over HTTP, as a browser would: onboarded accounts, chats, streamed replies;
// and the small measuring helpers they share.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { peakRssKb } from '../scripts/lib/peak-rss.mjs';
import { signedInCookie } from './lib.mjs';

export const PROFILE = {
  firstName: 'Bench',
  lastName: 'Mark',
  businessName: 'Brightside Bakery',
  industry: 'Food and beverage',
  productsServices: 'Sourdough bread and a weekly subscription box',
  elevatorPitch: 'Fresh sourdough delivered to busy families every week.',
  targetMarket: { demographics: 'Families aged 30-50', psychographics: 'Value fresh local food' },
  problemsAddressed: 'Stale supermarket bread',
  usp: 'Delivered before breakfast',
  businessGoals: { shortTerm: 'Reach 300 weekly subscribers', longTerm: 'Open a second kitchen' },
  currentChallenges: 'Customer acquisition costs are high',
  additionalDetails: '',
};
export const TRANSCRIPT = Array.from(
  { length: 40 },
  (_, i) =>
    `${Math.floor(i / 4)}:${String((i % 4) * 15).padStart(2, '0')}\nPoint ${i}: retention, referrals and pricing for small food businesses.`,
).join('\n');

const TOPICS = [
  'referrals',
  'pricing',
  'retention',
  'subscriptions',
  'margins',
  'hiring',
  'suppliers',
  'reviews',
];
/**
 * A realistic transcript of a 50-minute talk: 600 timed lines of about 140 characters (1,200 lines and
 * about 90 KB in all), the size the bench's 40-line one hides.
 */
export const REALISTIC_TRANSCRIPT = Array.from({ length: 600 }, (_, i) => {
  const topic = TOPICS[i % TOPICS.length];
  const time = `${Math.floor(i / 12)}:${String((i % 12) * 5).padStart(2, '0')}`;
  return `${time}\nPoint ${i} on ${topic}: what a small bakery learned about ${topic} and customers, and what it would do differently next season, step by step.`;
}).join('\n');

export async function onboarded(app, email, { freePlan }) {
  const cookie = await signedInCookie(app, email);
  const headers = { cookie, origin: app.baseURL, 'content-type': 'application/json' };
  await expectOk(
    fetch(`${app.baseURL}/api/profile`, { method: 'PUT', headers, body: JSON.stringify(PROFILE) }),
  );
  if (freePlan) {
    await expectOk(
      fetch(`${app.baseURL}/api/billing/free-plan`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ planId: 'free' }),
      }),
    );
  }
  return cookie;
}

export async function createChats(app, cookie, count, transcript = TRANSCRIPT) {
  const headers = { cookie, origin: app.baseURL, 'content-type': 'application/json' };
  const ids = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, async () => {
      const response = await expectOk(
        fetch(`${app.baseURL}/api/chats`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ source: 'manual', transcript }),
        }),
      );
      return (await response.json()).id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

/**
 * Sends a message and reads the streamed reply to its end: time to first text, and whether it finished
 * and was stored complete. `onFirstText` is called as the first text arrives.
 */
export async function streamReply(app, cookie, chatId, content, onFirstText) {
  try {
    const { status, text, ttft } = await postStreaming(`${app.baseURL}/api/chats/${chatId}/messages`, {
      headers: { cookie, origin: app.baseURL },
      body: { content },
      firstText: '"type":"text-delta"',
      onFirstText,
    });
    if (status !== 200) return { ok: false, content, error: `${status} ${text}` };
    const finished = text.includes('"type":"finish"') && !text.includes('"type":"error"');
    const complete = text.includes('"status":"complete"');
    return {
      ok: finished && complete && ttft !== undefined,
      content,
      ttft,
      error: finished ? 'not complete' : 'no finish',
    };
  } catch (error) {
    return { ok: false, content, error: `${error}${error?.code ? ` (${error.code})` : ''}` };
  }
}

/** Keeps connections open between requests, as a browser does. */
const keepAlive = new http.Agent({ keepAlive: true });

/**
 * POSTs JSON and reads the streamed answer to its end with node:http: its status, its text, and how
 * long until `firstText` first appeared (ms from the call). node:http rather than fetch, because
 * the client's own time counts in every time-to-first-token figure, and fetch's is larger (about
 * 1.7 ms against 0.8 ms p50 with no server between the client and the stub, on the bench machine).
 */
export function postStreaming(url, { headers = {}, body, firstText, onFirstText, timeoutMs = 120_000 }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        let text = '';
        let ttft;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
          if (ttft === undefined && text.includes(firstText)) {
            ttft = performance.now() - started;
            onFirstText?.();
          }
        });
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, text, ttft }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function expectOk(pending) {
  const response = await pending;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * The server's peak resident memory over a phase, exact rather than sampled: the kernel's high-water
 * mark, reset as the phase starts by writing 5 to `clear_refs`. `before` is the peak up to then:
 * start-up, the bench's own set-up and any earlier runs. Values in kB.
 */
export function watchPeakRss(pid) {
  const before = peakRssKb(pid);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return { before, peak: () => peakRssKb(pid) };
}

/** CPU time (user + system, ms) a process has used so far; Linux counts it in ticks of 10 ms. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
