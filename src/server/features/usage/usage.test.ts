import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { subscriptions, usageMonths } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('usage summary', () => {
  it('is empty for a new user, with the free allowance', async () => {
    const user = await t.createOnboardedUser();
    expect(await user.client.json('/api/usage')).toEqual({
      messagesSent: 0,
      totalTokens: 0,
      exceeded: false,
      limits: { monthlyTokens: 30_000, dailyMessages: null },
      history: [],
    });
  });

  it('reads this month from its row and lists history newest first with month labels', async () => {
    const user = await t.createOnboardedUser();
    await t.db.insert(usageMonths).values([
      { userId: user.id, month: '2025-12', tokens: 1_200, messages: 4 },
      { userId: user.id, month: monthKey(), tokens: 31_000, messages: 9 },
      { userId: user.id, month: '2026-01', tokens: 800, messages: 2 },
    ]);
    const summary = await user.client.json('/api/usage');
    expect(summary).toMatchObject({ messagesSent: 9, totalTokens: 31_000, exceeded: true });
    expect(summary.history.map((h: { label: string }) => h.label).slice(-2)).toEqual([
      'January 2026',
      'December 2025',
    ]);
    expect(summary.history[0]).toMatchObject({ month: monthKey(), tokens: 31_000, messages: 9 });
  });

  it('shows paid, unlimited and staff allowances', async () => {
    const subscriber = async (planId: string) => {
      const user = await t.createUser({ profile: true });
      await t.db.insert(subscriptions).values({
        userId: user.id,
        provider: 'local',
        providerSubscriptionId: `sub_${user.id}`,
        planId,
        status: 'active',
      });
      return user;
    };
    const pro = await subscriber('pro');
    expect((await pro.client.json('/api/usage')).limits.monthlyTokens).toBe(200_000);
    const premium = await subscriber('premium_annual');
    expect((await premium.client.json('/api/usage')).limits.monthlyTokens).toBeNull();
    const admin = await t.createUser({ role: 'admin' });
    expect(await admin.client.json('/api/usage')).toMatchObject({
      limits: { monthlyTokens: null },
      exceeded: false,
    });
    const noPlan = await t.createUser({ profile: true });
    expect(await noPlan.client.json('/api/usage')).toMatchObject({
      limits: { monthlyTokens: 0 },
      exceeded: true,
    });
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/usage')).status).toBe(401);
  });
});
