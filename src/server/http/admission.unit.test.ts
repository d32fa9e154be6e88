import { describe, expect, it } from 'vitest';
import { createAdmission, nodePressure } from './admission';

const LIMITS = {
  maxReplies: 2,
  maxEventLoopDelayMs: 200,
  maxHeapShare: 0.85,
  maxDatabaseWaitingPerConnection: 1,
};

/** Readings a test sets (the process's own are covered below and by the API tests). */
function readings() {
  const pressure = { delayMs: 0, heapShare: 0.1, databaseWaiting: 0 };
  return {
    pressure,
    reader: {
      eventLoopDelayMs: () => pressure.delayMs,
      heapShare: () => pressure.heapShare,
      databaseWaitingPerConnection: () => pressure.databaseWaiting,
    },
  };
}

describe('admission of new replies', () => {
  it('admits replies up to the bound, and one more once a place is released (released once)', () => {
    const admission = createAdmission(LIMITS, readings().reader);
    const releaseFirst = admission.admit();
    expect(admission.admit()).toBeTypeOf('function');
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('replies');
    releaseFirst?.();
    releaseFirst?.();
    expect(admission.repliesInFlight).toBe(1);
    expect(admission.admit()).toBeTypeOf('function');
    expect(admission.admit()).toBeUndefined();
  });

  it('refuses while the event loop lags, the heap or the database queue is past its bound', () => {
    const { pressure, reader } = readings();
    const admission = createAdmission(LIMITS, reader);
    pressure.delayMs = 201;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('event_loop');
    pressure.delayMs = 200;
    pressure.heapShare = 0.86;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('heap');
    pressure.heapShare = 0.85;
    pressure.databaseWaiting = 1.1;
    expect(admission.admit()).toBeUndefined();
    expect(admission.fullReason()).toBe('database');
    pressure.databaseWaiting = 1;
    expect(admission.fullReason()).toBeUndefined();
    expect(admission.repliesInFlight).toBe(0);
  });

  it("reads the process's own heap share and event-loop delay, and the database's queue as given", () => {
    const pressure = nodePressure(() => 0.5);
    try {
      expect(pressure.heapShare()).toBeGreaterThan(0);
      expect(pressure.heapShare()).toBeLessThan(1);
      expect(pressure.eventLoopDelayMs()).toBeGreaterThanOrEqual(0);
      expect(pressure.databaseWaitingPerConnection()).toBe(0.5);
    } finally {
      pressure.close();
    }
  });
});
