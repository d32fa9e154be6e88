import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { Context, MiddlewareHandler } from 'hono';
import { BUSY_MESSAGE, ERROR_CODES } from '../../shared/errors';
import type { AppEnv } from '../context';
import { errorBody } from './errors';

/** What a full process is short of. */
export type FullReason = 'replies' | 'event_loop' | 'heap';

export interface AdmissionLimits {
  /** Replies streaming at once in this process. */
  maxReplies: number;
  /** The event loop's p99 delay over the last second, in ms. */
  maxEventLoopDelayMs: number;
  /** Heap in use, as a share of V8's heap limit (0-1). */
  maxHeapShare: number;
}

/** Readings of the process's pressure (Node's own measures by default; a unit test gives its own). */
export interface Pressure {
  eventLoopDelayMs(): number;
  heapShare(): number;
}

/** Each process admits a new reply only while it can serve it (decision 042). */
export interface Admission {
  /** Why the process cannot take a new reply now, or undefined when it can. */
  fullReason(): FullReason | undefined;
  /** Takes a reply's place and gives the function that frees it (once, however often called), or
   * undefined when the process is full. */
  admit(): (() => void) | undefined;
  readonly repliesInFlight: number;
  close(): void;
}

/** Seconds a refused client waits before it asks again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const DELAY_WINDOW_MS = 1_000;

export function createAdmission(
  limits: AdmissionLimits,
  pressure: Pressure & { close?(): void } = nodePressure(),
) {
  let inFlight = 0;
  const fullReason = (): FullReason | undefined => {
    if (inFlight >= limits.maxReplies) return 'replies';
    if (pressure.heapShare() > limits.maxHeapShare) return 'heap';
    if (pressure.eventLoopDelayMs() > limits.maxEventLoopDelayMs) return 'event_loop';
    return undefined;
  };
  return {
    fullReason,
    admit() {
      if (fullReason()) return undefined;
      inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
      };
    },
    get repliesInFlight() {
      return inFlight;
    },
    close: () => pressure.close?.(),
  } satisfies Admission;
}

/**
 * Node's event-loop delay histogram (perf_hooks, sampled every 10 ms) read as the p99 of the last
 * completed second, and V8's heap in use against its limit.
 */
export function nodePressure(): Pressure & { close(): void } {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let windowStart = performance.now();
  let lastDelayMs = 0;
  return {
    eventLoopDelayMs() {
      const now = performance.now();
      if (now - windowStart >= DELAY_WINDOW_MS) {
        lastDelayMs = histogram.count ? histogram.percentile(99) / 1e6 : 0;
        histogram.reset();
        windowStart = now;
      }
      return lastDelayMs;
    },
    heapShare() {
      const heap = getHeapStatistics();
      return heap.used_heap_size / heap.heap_size_limit;
    },
    close: () => histogram.disable(),
  };
}

/** 503 busy with Retry-After: what a full process answers (a new reply, or the health check). */
export function busyResponse(c: Context) {
  return c.json(errorBody(ERROR_CODES.busy, BUSY_MESSAGE), 503, {
    'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
  });
}

/**
 * Admission for a route that starts a reply: refused with 503 before anything is stored or leased
 * when the process is full. An admitted reply holds its place until it is saved, however its client
 * fares (`replyPlaceRelease` hands the release to the reply); a route that answers without starting a
 * reply (an error, a refusal, a 401 or 400) frees it at once. The app puts it on every reply route ahead
 * of the session middleware (decision 052).
 */
export function admitReply(admission: Admission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const release = admission.admit();
    if (!release) return busyResponse(c);
    c.set('releaseReplyPlace', release);
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
    if (!c.res.ok || !c.res.body) release();
  };
}

/** The release of the place `admitReply` gave this request's reply, for the reply to call once saved. */
export function replyPlaceRelease(c: Context<AppEnv>): () => void {
  const release = c.get('releaseReplyPlace');
  if (!release) throw new Error('a reply starts only behind admitReply');
  return release;
}
