import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlist } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('waitlist', () => {
  it('stores the e-mail lower-cased, once, however often it joins', async () => {
    const visitor = t.client();
    for (const email of ['Early.Bird@Example.com', 'early.bird@example.com', '  EARLY.BIRD@example.com ']) {
      expect(await visitor.json('/api/waitlist', { method: 'POST', json: { email } })).toEqual({
        joined: true,
      });
    }
    const rows = await t.db.select().from(waitlist);
    expect(rows.map((row) => row.email)).toEqual(['early.bird@example.com']);
  });

  it('refuses a missing or malformed e-mail with a 400 naming the field', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 'x'.repeat(300) }]) {
      const response = await t.client().post('/api/waitlist', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: 'invalid_input', field: 'email' });
    }
  });
});
