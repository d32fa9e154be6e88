import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('account settings: time zone and answer language', () => {
  it('starts with no time zone and English, and keeps each change on its own', async () => {
    const user = await t.createOnboardedUser();
    expect(await user.client.json('/api/account/settings')).toEqual({ timeZone: null, answerLanguage: 'en' });
    const patch = (json: object) => user.client.json('/api/account/settings', { method: 'PATCH', json });
    expect(await patch({ timeZone: 'America/Los_Angeles' })).toEqual({
      timeZone: 'America/Los_Angeles',
      answerLanguage: 'en',
    });
    expect(await patch({ answerLanguage: 'es' })).toEqual({
      timeZone: 'America/Los_Angeles',
      answerLanguage: 'es',
    });
    // The wizard's "Answer in" reads the same setting, and the rest of the profile is untouched.
    expect(await user.client.json('/api/profile')).toMatchObject({
      ...SAMPLE_PROFILE,
      answerLanguage: 'es',
    });
  });

  it('sets the language of an account with no profile yet, without completing it', async () => {
    const user = await t.createUser();
    await user.client.json('/api/account/settings', { method: 'PATCH', json: { answerLanguage: 'de' } });
    expect(await user.client.json('/api/account/settings')).toMatchObject({ answerLanguage: 'de' });
    expect(await user.client.json('/api/me')).toMatchObject({ profileComplete: false });
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    ['a zone in words', { timeZone: 'Pacific time' }, 'timeZone'],
    ['a zone that is not text', { timeZone: -5 }, 'timeZone'],
    ['an unknown language', { answerLanguage: 'xx' }, 'answerLanguage'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_, json, field) => {
    const user = await t.createOnboardedUser();
    const response = await user.client.request('/api/account/settings', { method: 'PATCH', json });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe(field);
    expect(await user.client.json('/api/account/settings')).toEqual({ timeZone: null, answerLanguage: 'en' });
  });

  it('refuses an empty change with 400', async () => {
    const user = await t.createOnboardedUser();
    const response = await user.client.request('/api/account/settings', { method: 'PATCH', json: {} });
    expect(response.status).toBe(400);
  });
});
