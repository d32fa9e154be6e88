import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '../../../shared/schemas/profile';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the business profile', () => {
  it('reads the default empty profile with the read-only e-mail before one is saved', async () => {
    const user = await t.createUser();
    expect(await user.client.json('/api/profile')).toEqual({ ...EMPTY_PROFILE, email: user.email });
  });

  it('saves the whole profile, which moves the gate on to the plan choice', async () => {
    const user = await t.createUser();
    const saved = await user.client.json('/api/profile', {
      method: 'PUT',
      json: { ...SAMPLE_PROFILE, email: 'ignored@example.com' },
    });
    expect(saved).toEqual({ ...SAMPLE_PROFILE, email: user.email });
    expect(await user.client.json('/api/profile')).toEqual(saved);
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');

    const updated = await user.client.json('/api/profile', {
      method: 'PUT',
      json: { ...SAMPLE_PROFILE, businessName: '  Brightside Two  ', additionalDetails: 'Open on Sundays' },
    });
    expect(updated).toMatchObject({ businessName: 'Brightside Two', additionalDetails: 'Open on Sundays' });
  });

  it("keeps 'Answer in' (English by default) and changes it on its own", async () => {
    const user = await t.createUser();
    const { answerLanguage: _, ...withoutLanguage } = SAMPLE_PROFILE;
    const saved = await user.client.json('/api/profile', { method: 'PUT', json: withoutLanguage });
    expect(saved.answerLanguage).toBe('en');
    const spanish = await user.client.json('/api/profile', {
      method: 'PUT',
      json: { ...SAMPLE_PROFILE, answerLanguage: 'es' },
    });
    expect(spanish).toEqual({ ...SAMPLE_PROFILE, answerLanguage: 'es', email: user.email });
    expect((await user.client.json('/api/profile')).answerLanguage).toBe('es');
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');
  });

  it.each([
    ['a blank required field', { ...SAMPLE_PROFILE, industry: '   ' }, 'industry'],
    [
      'a missing nested field',
      { ...SAMPLE_PROFILE, targetMarket: { demographics: 'x' } },
      'targetMarket.psychographics',
    ],
    ['a field over its length', { ...SAMPLE_PROFILE, firstName: 'x'.repeat(201) }, 'firstName'],
    [
      'details over their length',
      { ...SAMPLE_PROFILE, additionalDetails: 'x'.repeat(5001) },
      'additionalDetails',
    ],
    ['a wrong type', { ...SAMPLE_PROFILE, usp: 42 }, 'usp'],
    ['an unknown answer language', { ...SAMPLE_PROFILE, answerLanguage: 'xx' }, 'answerLanguage'],
    [
      'a browser tag for the answer language',
      { ...SAMPLE_PROFILE, answerLanguage: 'es-ES' },
      'answerLanguage',
    ],
    ['a blank answer language', { ...SAMPLE_PROFILE, answerLanguage: '' }, 'answerLanguage'],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_, body, field) => {
    const user = await t.createUser({ profile: true });
    const response = await user.client.put('/api/profile', body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'invalid_input', field });
    expect(await user.client.json('/api/profile')).toEqual({ ...SAMPLE_PROFILE, email: user.email });
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/profile')).status).toBe(401);
    expect((await t.client().put('/api/profile', SAMPLE_PROFILE)).status).toBe(401);
  });
});
