// What the benchmarks do over HTTP, as a browser would: onboarded accounts, chats, streamed replies;
// and the small measuring helpers they share.
import { readFileSync } from 'node:fs';
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

export async function createChats(app, cookie, count) {
  const headers = { cookie, origin: app.baseURL, 'content-type': 'application/json' };
  const ids = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, async () => {
      const response = await expectOk(
        fetch(`${app.baseURL}/api/chats`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ source: 'manual', transcript: TRANSCRIPT }),
        }),
      );
      return (await response.json()).id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

/** Sends a message and reads the streamed reply to its end: time to first text, and whether it finished. */
export async function streamReply(app, cookie, chatId, content) {
  const started = performance.now();
  try {
    const response = await fetch(`${app.baseURL}/api/chats/${chatId}/messages`, {
      method: 'POST',
      headers: { cookie, origin: app.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
      signal: AbortSignal.timeout(120_000),
    });
    if (!response.ok) return { ok: false, content, error: `${response.status} ${await response.text()}` };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let ttft;
    let raw = '';
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
      if (ttft === undefined && raw.includes('"type":"text-delta"')) ttft = performance.now() - started;
    }
    const finished = raw.includes('"type":"finish"') && !raw.includes('"type":"error"');
    const complete = raw.includes('"status":"complete"');
    return {
      ok: finished && complete && ttft !== undefined,
      content,
      ttft,
      error: finished ? 'not complete' : 'no finish',
    };
  } catch (error) {
    const cause = error?.cause;
    return {
      ok: false,
      content,
      error: `${error}${cause ? ` (${cause.code ?? cause.message ?? cause})` : ''}`,
    };
  }
}

export async function expectOk(pending) {
  const response = await pending;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response;
}

export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
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
