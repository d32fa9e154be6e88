import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/errors';
import { CLIENT_IP_HEADER } from '../auth/auth';
import type { Config } from '../config';
import type { AppEnv } from '../context';
import type { Executor } from '../db/client';
import { requestLimits } from '../db/schema';
import { errorBody } from './errors';

export interface RateLimitRule {
  windowSeconds: number;
  /** Requests one signed-in user may make in a window; null for a route read without a session. */
  perUser: number | null;
  /** Requests one client address may make in a window (several users may share one). */
  perIp: number;
}

const HOUR = 60 * 60;

/**
 * The writes that cost us something (a mail to support, a transcript fetch, a model call), limited
 * per user and per client address in a fixed window (decision 043). A new one is a line here and a
 * `rateLimit(deps, 'name')` on its route.
 */
export const RATE_LIMITS = {
  'support-ticket': { windowSeconds: HOUR, perUser: 10, perIp: 30 },
  'support-reply': { windowSeconds: HOUR, perUser: 30, perIp: 90 },
  affiliate: { windowSeconds: HOUR, perUser: 3, perIp: 10 },
  waitlist: { windowSeconds: HOUR, perUser: 5, perIp: 5 },
  consultation: { windowSeconds: HOUR, perUser: 30, perIp: 90 },
  'added-video': { windowSeconds: HOUR, perUser: 60, perIp: 180 },
  // Each link typed in the intake reads its watch page once, to offer the caption tracks.
  'caption-tracks': { windowSeconds: HOUR, perUser: 120, perIp: 360 },
  'ask-library': { windowSeconds: HOUR, perUser: 30, perIp: 90 },
  'plan-proposal': { windowSeconds: HOUR, perUser: 30, perIp: 90 },
  // A shared conversation is public: reading it is cheap, guessing tokens must not be.
  'shared-read': { windowSeconds: 60, perUser: 60, perIp: 60 },
  'shared-copy': { windowSeconds: HOUR, perUser: 30, perIp: 90 },
  // Each archive reads every row of the account (asking while one is prepared counts too).
  'data-export': { windowSeconds: HOUR, perUser: 3, perIp: 10 },
  'calendar-address': { windowSeconds: HOUR, perUser: 10, perIp: 30 },
  // Calendar apps poll a feed every 15 minutes to a few hours; an office may share one address.
  'calendar-feed': { windowSeconds: HOUR, perUser: null, perIp: 600 },
  // A channel new to the site costs a watch page, a channel page and a feed read.
  'channel-follow': { windowSeconds: HOUR, perUser: 60, perIp: 180 },
  // Each starts or changes something at the billing provider (a checkout, a card update, a portal, a cancellation).
  billing: { windowSeconds: HOUR, perUser: 20, perIp: 60 },
  // Beside the cap of live links per chat (MAX_LIVE_SHARE_LINKS): making and revoking links in a loop.
  'share-link': { windowSeconds: HOUR, perUser: 30, perIp: 90 },
  // Each attempt checks a password: a stolen session must not guess it here.
  'delete-account': { windowSeconds: HOUR, perUser: 5, perIp: 20 },
  // What Vidvisor knows: adding, editing, deleting memories and their switches (decision 064).
  'memory-write': { windowSeconds: HOUR, perUser: 300, perIp: 900 },
  // "Forget everything" checks a password: guessing it must not be cheap.
  'memory-forget': { windowSeconds: HOUR, perUser: 5, perIp: 15 },
  // An assistant's tool calls over MCP (reads, and plan writes with the write scope). Hosted assistants
  // call from their provider's servers, shared by all their users: the address's limit is wide.
  mcp: { windowSeconds: HOUR, perUser: 600, perIp: 6000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** 'Too many requests. Please try again in 12 minutes.' */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many requests. Please try again in ${wait}.`;
}

interface Counted {
  subject: string;
  userId?: string | null;
  limit: number;
}

/**
 * Counts one request against each subject's counter in one statement (a window that has ended starts
 * over) and answers, when any counter is past its limit, how many seconds until that window ends.
 */
export async function countRequest(
  db: Executor,
  action: string,
  windowSeconds: number,
  subjects: Counted[],
): Promise<number | null> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const ended = sql`${requestLimits.windowStartedAt} <= now() - ${window}`;
  const rows = await db
    .insert(requestLimits)
    .values(subjects.map(({ subject, userId }) => ({ action, subject, userId: userId ?? null })))
    .onConflictDoUpdate({
      target: [requestLimits.action, requestLimits.subject],
      set: {
        count: sql`case when ${ended} then 1 else ${requestLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${ended} then now() else ${requestLimits.windowStartedAt} end`,
      },
    })
    .returning({
      subject: requestLimits.subject,
      count: requestLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${requestLimits.windowStartedAt} + ${window} - now())))::int`,
    });
  const over = rows.filter((row) => row.count > subjects.find((s) => s.subject === row.subject)!.limit);
  return over.length ? Math.max(...over.map((row) => Number(row.retryAfter))) : null;
}

/** The client's address as our HTTP layer set it (the socket's, or the trusted proxy's hop). */
export const clientIpOf = (headers: Headers) => headers.get(CLIENT_IP_HEADER);

/** Which limit each `rateLimit` middleware counts, so the app's route table tells which routes are limited. */
const limitOfMiddleware = new WeakMap<object, RateLimitedAction>();

/** The limit a route handler counts, when it is a `rateLimit` middleware. */
export const rateLimitOf = (handler: unknown): RateLimitedAction | undefined =>
  typeof handler === 'function' ? limitOfMiddleware.get(handler) : undefined;

/**
 * One middleware a route adds to limit a costly write per signed-in user and per client address:
 * past either limit it answers 429 with Retry-After and says how long to wait. Off when
 * RATE_LIMIT_ENABLED is false, as Better Auth's limits are.
 */
export function rateLimit(
  deps: { db: Executor; config: Pick<Config, 'RATE_LIMIT_ENABLED'> },
  action: RateLimitedAction,
): MiddlewareHandler<AppEnv> {
  const rule: RateLimitRule = RATE_LIMITS[action];
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!deps.config.RATE_LIMIT_ENABLED) return next();
    const user = c.get('user');
    const ip = clientIpOf(c.req.raw.headers);
    const subjects: Counted[] = [
      ...(user && rule.perUser !== null
        ? [{ subject: `user:${user.id}`, userId: user.id, limit: rule.perUser }]
        : []),
      ...(ip ? [{ subject: `ip:${ip}`, limit: rule.perIp }] : []),
    ];
    if (subjects.length === 0) return next();
    const retryAfter = await countRequest(deps.db, action, rule.windowSeconds, subjects);
    if (retryAfter === null) return next();
    c.header('Retry-After', String(retryAfter));
    return c.json(errorBody(ERROR_CODES.rateLimited, tooManyRequestsMessage(retryAfter)), 429);
  };
  limitOfMiddleware.set(middleware, action);
  return middleware;
}

/** Password sign-ins to one account from one client address before that pair pauses, and the pause. */
export const SIGN_IN_FAILURES = { limit: 5, windowSeconds: 5 * 60 } as const;

/** The longest window of any counter: a counter whose window started longer ago than this is over. */
const LONGEST_WINDOW_SECONDS = Math.max(
  SIGN_IN_FAILURES.windowSeconds,
  ...Object.values(RATE_LIMITS).map((rule) => rule.windowSeconds),
);

/**
 * Deletes the counters whose window is over, however long ago: the next request of their subject
 * starts a new window at 1 as it would have anyway. Answers how many went.
 */
export async function pruneEndedCounters(db: Executor): Promise<number> {
  const deleted = await db
    .delete(requestLimits)
    .where(lte(requestLimits.windowStartedAt, sql`now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`))
    .returning({ subject: requestLimits.subject });
  return deleted.length;
}
const SIGN_IN_ACTION = 'sign-in-failures';

/** The account a sign-in names, as a key that keeps no typed address (a hash of it, lower-cased). */
export const accountKey = (email: string) =>
  `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** The counter of one client address's password attempts at one account. */
export const accountAtAddressKey = (email: string, ip: string) => `${accountKey(email)}:ip:${ip}`;

/** What a paused sign-in answers: wait, or sign in with an e-mailed code, which no guess can pause. */
export function signInPausedMessage(retryAfterSeconds: number): string {
  return `${tooManyRequestsMessage(retryAfterSeconds)} You can sign in with a one-time code sent to your email instead.`;
}

/**
 * Slows password sign-in per account and client address (decision 058): each attempt is counted before
 * it is checked, and past 5 within 5 minutes that address's password sign-in to that account answers 429
 * until those minutes are over (parallel guesses included), offering the one-time code. Guesses from
 * elsewhere never pause the owner; Better Auth's per-address limit on /sign-in/* bounds how many
 * accounts one address can try. A success clears the count.
 */
export function signInSlowdown(deps: {
  db: Executor;
  config: Pick<Config, 'RATE_LIMIT_ENABLED'>;
}): MiddlewareHandler {
  return async (c, next) => {
    if (!deps.config.RATE_LIMIT_ENABLED) return next();
    const body = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    const email = (body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return next();
    const subject = accountAtAddressKey(email, clientIpOf(c.req.raw.headers) ?? 'unknown');
    const paused = await countRequest(deps.db, SIGN_IN_ACTION, SIGN_IN_FAILURES.windowSeconds, [
      { subject, limit: SIGN_IN_FAILURES.limit },
    ]);
    if (paused !== null) {
      c.header('Retry-After', String(paused));
      return c.json(
        {
          error: {
            code: ERROR_CODES.rateLimited,
            message: signInPausedMessage(paused),
            offerOneTimeCode: true,
          },
        },
        429,
      );
    }
    await next();
    if (c.res.ok) {
      await deps.db
        .delete(requestLimits)
        .where(and(eq(requestLimits.action, SIGN_IN_ACTION), eq(requestLimits.subject, subject)));
    }
  };
}
