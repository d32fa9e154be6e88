import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../db/client';
import { requestLimits } from '../db/schema';

/** Sets a counter as if `count` requests had come in this window (the window started `ago` seconds back). */
export async function setCounter(
  db: Executor,
  { action, subject, count, ago = 0 }: { action: string; subject: string; count: number; ago?: number },
) {
  const windowStartedAt = sql`now() - make_interval(secs => ${ago})`;
  await db
    .insert(requestLimits)
    .values({ action, subject, count, windowStartedAt })
    .onConflictDoUpdate({
      target: [requestLimits.action, requestLimits.subject],
      set: { count, windowStartedAt },
    });
}

/** A refusal as every limit answers it: 429, a standard Retry-After within the window, and the wait in words. */
export async function expectRateLimited(response: Response, windowSeconds: number, what = 'the request') {
  expect(response.status, `${what}: status`).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter, `${what}: Retry-After`).toBeGreaterThan(0);
  expect(retryAfter, `${what}: Retry-After`).toBeLessThanOrEqual(windowSeconds);
  const body = await response.json();
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toMatch(/^Too many requests\. Please try again in \d+ (minutes?|seconds?)\.$/);
}
