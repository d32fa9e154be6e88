import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { admitReply, createAdmission, nodePressure, replyPlace } from './admission';

const LIMITS = {
  maxReplies: 2,
  maxPreparing: 2,
  maxEventLoopDelayMs: 200,
  maxEventLoopUtilization: 0.9,
  maxHeapShare: 0.85,
};

/** Readings a test sets (the process's own are covered below and by the API tests). */
function readings() {
  const pressure = { delayMs: 0, utilization: 0.5, heapShare: 0.1 };
  return {
    pressure,
    reader: {
      eventLoopDelayMs: () => pressure.delayMs,
      eventLoopUtilization: () => pressure.utilization,
      heapShare: () => pressure.heapShare,
    },
  };
}

describe('admission of new replies', () => {
  it('admits replies up to the bound, and one more once a place is released (released once)', () => {
    const admission = createAdmission(LIMITS, readings().reader);
    const first = admission.admit();
    first?.prepared();
    expect(admission.admit()).toBeDefined();
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('replies');
    first?.release();
    first?.release();
    expect(admission.repliesInFlight).toBe(1);
    expect(admission.admit()).toBeDefined();
    expect(admission.admit()).toBeUndefined();
  });

  it('frees the place of a route that fails before its reply starts, whatever it throws', async () => {
    const admission = createAdmission(LIMITS, readings().reader);
    const app = new Hono<AppEnv>()
      .post('/error', admitReply(admission), (c) => {
        replyPlace(c);
        throw new Error('the database is gone');
      })
      .post('/not-an-error', admitReply(admission), (c) => {
        replyPlace(c);
        throw 'the database is gone';
      })
      .onError((_error, c) => c.json({ error: { code: 'internal', message: 'failed' } }, 500));
    expect((await app.request('/error', { method: 'POST' })).status).toBe(500);
    await expect(app.request('/not-an-error', { method: 'POST' })).rejects.toBe('the database is gone');
    expect({ inFlight: admission.repliesInFlight, preparing: admission.repliesPreparing }).toEqual({
      inFlight: 0,
      preparing: 0,
    });
  });

  it('admits no more replies while as many as its bound are preparing, and counts each one once', () => {
    const admission = createAdmission({ ...LIMITS, maxReplies: 10 }, readings().reader);
    const first = admission.admit();
    const second = admission.admit();
    expect(admission.repliesPreparing).toBe(2);
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('preparing');
    first?.prepared();
    first?.prepared();
    expect(admission.repliesPreparing).toBe(1);
    expect(admission.repliesInFlight).toBe(2);
    const third = admission.admit();
    expect(third).toBeDefined();
    expect(admission.admit()).toBeUndefined();
    // A reply released before its prompt was built (an error, a refusal) stops preparing too.
    second?.release();
    first?.release();
    expect(admission.repliesPreparing).toBe(1);
    expect(admission.repliesInFlight).toBe(1);
    third?.prepared();
    third?.release();
    expect({ preparing: admission.repliesPreparing, inFlight: admission.repliesInFlight }).toEqual({
      preparing: 0,
      inFlight: 0,
    });
  });

  it('refuses while the event loop lags or is busy past its bounds, or the heap is past its share', () => {
    const { pressure, reader } = readings();
    const admission = createAdmission({ ...LIMITS, maxPreparing: 10 }, reader);
    const inFlight = admission.admit();
    pressure.delayMs = 201;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('event_loop');
    pressure.delayMs = 200;
    pressure.utilization = 0.91;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('event_loop_busy');
    pressure.utilization = 0.9;
    pressure.heapShare = 0.86;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('heap');
    pressure.heapShare = 0.85;
    expect(admission.fullReason()).toBeUndefined();
    expect(admission.repliesInFlight).toBe(1);
    inFlight?.release();
  });

  it('still serves one reply at a time while the event loop lags or is busy, never one past the heap', () => {
    const { pressure, reader } = readings();
    const admission = createAdmission({ ...LIMITS, maxReplies: 10, maxPreparing: 10 }, reader);
    for (const saturated of [{ delayMs: 500 }, { delayMs: 0, utilization: 1 }]) {
      Object.assign(pressure, saturated);
      const first = admission.admit();
      expect(first).toBeDefined();
      expect(admission.admit()).toBeUndefined();
      // Prepared but streaming, it still holds the floor's one place.
      first?.prepared();
      expect(admission.fullReason()).toBe(saturated.delayMs ? 'event_loop' : 'event_loop_busy');
      first?.release();
      expect(admission.fullReason()).toBeUndefined();
      const second = admission.admit();
      expect(second).toBeDefined();
      expect(admission.admit()).toBeUndefined();
      second?.release();
    }
    expect(admission.repliesInFlight).toBe(0);
    pressure.heapShare = 0.9;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('heap');
  });

  it('reads a second the event loop spent busy as a utilization near 1', async () => {
    const pressure = nodePressure();
    try {
      const started = performance.now();
      while (performance.now() - started < 1_100);
      // The second rolls on its timer, overdue once the loop is free.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pressure.eventLoopUtilization()).toBeGreaterThan(0.9);
    } finally {
      pressure.close();
    }
  });

  it("reads the process's own heap share and event-loop delay", () => {
    const pressure = nodePressure();
    try {
      expect(pressure.heapShare()).toBeGreaterThan(0);
      expect(pressure.heapShare()).toBeLessThan(1);
      expect(pressure.eventLoopDelayMs()).toBeGreaterThanOrEqual(0);
      expect(pressure.eventLoopUtilization()).toBeGreaterThanOrEqual(0);
      expect(pressure.eventLoopUtilization()).toBeLessThanOrEqual(1);
    } finally {
      pressure.close();
    }
  });
});
