import { type IntervalHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { Context, MiddlewareHandler } from 'hono';
import { BUSY_MESSAGE, ERROR_CODES } from '../../shared/errors';
import type { AppEnv } from '../context';
import { errorBody } from './errors';

/** What a full process is short of. */
export type FullReason = 'replies' | 'preparing' | 'event_loop' | 'event_loop_busy' | 'heap';

export interface AdmissionLimits {
  /** Replies streaming at once in this process. */
  maxReplies: number;
  /** Of those, replies still preparing: admitted, their prompt not yet built (decision 053). */
  maxPreparing: number;
  /** The event loop's p99 delay over the last second, in ms. */
  maxEventLoopDelayMs: number;
  /** The share of the last second the event loop was busy (0-1): past it, the CPU is saturated. */
  maxEventLoopUtilization: number;
  /** Heap in use, as a share of V8's heap limit (0-1). */
  maxHeapShare: number;
}

/** Readings of the process's pressure (Node's own measures by default; a unit test gives its own). */
export interface Pressure {
  eventLoopDelayMs(): number;
  eventLoopUtilization(): number;
  heapShare(): number;
}

/** An admitted reply's place. Each call takes effect once, however often it is made. */
export interface ReplyPlace {
  /** The reply's prompt is built: it no longer counts as preparing. */
  prepared(): void;
  /** The reply is saved (or never started): its place is free. */
  release(): void;
}

/** Each process admits a new reply only while it can serve it (decisions 042, 053 and 055). */
export interface Admission {
  /** Why the process cannot take a new reply now, or undefined when it can. */
  fullReason(): FullReason | undefined;
  /** Takes a reply's place, or gives undefined when the process is full. */
  admit(): ReplyPlace | undefined;
  readonly repliesInFlight: number;
  readonly repliesPreparing: number;
  close(): void;
}

/** Seconds a refused client waits before it asks again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const WINDOW_MS = 1_000;

export function createAdmission(
  limits: AdmissionLimits,
  pressure: Pressure & { close?(): void } = nodePressure(),
) {
  let inFlight = 0;
  let preparing = 0;
  const fullReason = (): FullReason | undefined => {
    if (inFlight >= limits.maxReplies) return 'replies';
    if (pressure.heapShare() > limits.maxHeapShare) return 'heap';
    if (preparing >= limits.maxPreparing) return 'preparing';
    // The CPU readings refuse only while another reply is in flight: a process saturated by other work
    // (reads, sign-ins) still serves one reply at a time, never none (decision 055).
    if (inFlight === 0) return undefined;
    if (pressure.eventLoopDelayMs() > limits.maxEventLoopDelayMs) return 'event_loop';
    if (pressure.eventLoopUtilization() > limits.maxEventLoopUtilization) return 'event_loop_busy';
    return undefined;
  };
  return {
    fullReason,
    admit() {
      if (fullReason()) return undefined;
      inFlight += 1;
      preparing += 1;
      let isPreparing = true;
      let released = false;
      const prepared = () => {
        if (!isPreparing) return;
        isPreparing = false;
        preparing -= 1;
      };
      return {
        prepared,
        release() {
          if (released) return;
          released = true;
          prepared();
          inFlight -= 1;
        },
      };
    },
    get repliesInFlight() {
      return inFlight;
    },
    get repliesPreparing() {
      return preparing;
    },
    close: () => pressure.close?.(),
  } satisfies Admission;
}

/**
 * Node's event-loop delay histogram (perf_hooks, sampled every 10 ms) read as the p99 of the last
 * completed second, the loop's utilization over that second (perf_hooks), and V8's heap in use against
 * its limit. The second rolls on a timer of its own, which does not keep the process alive.
 */
export function nodePressure(): Pressure & { close(): void } {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let windowUtilization = performance.eventLoopUtilization();
  let last = { delayMs: 0, utilization: 0 };
  const roll = setInterval(() => {
    const utilization = performance.eventLoopUtilization();
    last = {
      delayMs: histogram.count ? histogram.percentile(99) / 1e6 : 0,
      utilization: performance.eventLoopUtilization(utilization, windowUtilization).utilization,
    };
    histogram.reset();
    windowUtilization = utilization;
  }, WINDOW_MS).unref();
  return {
    eventLoopDelayMs: () => last.delayMs,
    eventLoopUtilization: () => last.utilization,
    heapShare() {
      const heap = getHeapStatistics();
      return heap.used_heap_size / heap.heap_size_limit;
    },
    close() {
      clearInterval(roll);
      histogram.disable();
    },
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
 * fares (`replyPlace` hands the place to the reply); a route that answers without starting a
 * reply (an error, a refusal, a 401 or 400) frees it at once. The app puts it on every reply route ahead
 * of the session middleware (decision 052).
 */
export function admitReply(admission: Admission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const place = admission.admit();
    if (!place) return busyResponse(c);
    c.set('replyPlace', place);
    try {
      await next();
    } catch (thrown) {
      // Hono's error handler turns an Error into its answer; anything else thrown reaches here.
      place.release();
      throw thrown;
    }
    if (!c.res.ok || !c.res.body) place.release();
  };
}

/** The place `admitReply` gave this request's reply, which the reply marks prepared, then releases. */
export function replyPlace(c: Context<AppEnv>): ReplyPlace {
  const place = c.get('replyPlace');
  if (!place) throw new Error('a reply starts only behind admitReply');
  return place;
}
