import { describe, expect, it } from 'vitest';
import type { StoredMessage } from './get-chat';
import { beforeLiveReply, busyRetrySeconds } from './reply-transport';

describe('asking again after a busy refusal', () => {
  it('waits Retry-After doubled per refusal, capped at 30 s, stretched by at most half again', () => {
    const lowest = () => 0;
    const highest = () => 0.999;
    expect([0, 1, 2, 3, 4, 5].map((refusals) => busyRetrySeconds(2, refusals, lowest))).toEqual([
      2, 4, 8, 16, 30, 30,
    ]);
    expect(busyRetrySeconds(2, 0, highest)).toBeCloseTo(3, 2);
    expect(busyRetrySeconds(2, 9, highest)).toBeCloseTo(45, 1);
  });

  it('never asks again sooner than Retry-After, and spreads browsers refused together', () => {
    const delays = Array.from({ length: 200 }, () => busyRetrySeconds(2, 0));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...delays)).toBeLessThan(3);
    expect(new Set(delays.map((d) => d.toFixed(1))).size).toBeGreaterThan(5);
  });
});

describe('the messages a live answer follows', () => {
  const message = (id: string) => ({ id }) as StoredMessage;
  const messages = ['q1', 'a1', 'q2', 'a2'].map(message);

  it('are the chat up to the message it answers, so that a regeneration does not show the old version too', () => {
    expect(beforeLiveReply({ messages, liveReply: null })).toBe(messages);
    expect(beforeLiveReply({ messages, liveReply: { afterMessageId: 'q2' } }).map((m) => m.id)).toEqual([
      'q1',
      'a1',
      'q2',
    ]);
    expect(beforeLiveReply({ messages, liveReply: { afterMessageId: null } })).toEqual([]);
  });
});
