import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../../../scripts/lib/openai-stub.mjs';
import { MISSING_AI_KEY_MESSAGE } from '../../../shared/schemas/assistant';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin assistant settings (offline)', () => {
  it('is for super admins only', async () => {
    expect((await t.client().get('/api/admin/assistant')).status).toBe(401);
    const user = await t.createOnboardedUser();
    const admin = await t.createUser({ role: 'admin', profile: true });
    for (const who of [user, admin]) {
      expect((await who.client.get('/api/admin/assistant')).status).toBe(403);
      expect((await who.client.put('/api/admin/assistant', { instructions: 'x', model: 'y' })).status).toBe(
        403,
      );
      expect((await who.client.get('/api/admin/assistant/models')).status).toBe(403);
    }
  });

  it('reads and updates instructions and model, recording who changed what', async () => {
    const boss = await t.createUser({ role: 'super_admin' });
    const current = await boss.client.json('/api/admin/assistant');
    expect(current).toMatchObject({
      model: 'gpt-4o-mini',
      provider: 'offline',
      providerWarning: MISSING_AI_KEY_MESSAGE,
    });
    expect(current.instructions).toContain('You are Vidvisor');
    const saved = await boss.client.json('/api/admin/assistant', {
      method: 'PUT',
      json: { instructions: '  Be brief.  ', model: 'gpt-4o' },
    });
    expect(saved).toMatchObject({ instructions: 'Be brief.', model: 'gpt-4o' });
    expect(await boss.client.json('/api/admin/assistant')).toMatchObject({
      instructions: 'Be brief.',
      model: 'gpt-4o',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'assistant.update'));
    expect(entry).toMatchObject({
      actorId: boss.id,
      targetType: 'assistant_settings',
      before: { model: 'gpt-4o-mini' },
      after: { instructions: 'Be brief.', model: 'gpt-4o' },
    });
  });

  it.each([
    ['blank instructions', { instructions: '  ', model: 'gpt-4o' }, 'instructions'],
    ['no model', { instructions: 'Hi', model: '' }, 'model'],
    ['a model id with spaces', { instructions: 'Hi', model: 'gpt 4' }, 'model'],
  ])('refuses %s', async (_label, body, field) => {
    const boss = await t.createUser({ role: 'super_admin' });
    const response = await boss.client.put('/api/admin/assistant', body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe(field);
  });

  it('tells the admin the key is missing instead of listing models', async () => {
    const boss = await t.createUser({ role: 'super_admin' });
    const response = await boss.client.get('/api/admin/assistant/models');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'ai_key_missing', message: MISSING_AI_KEY_MESSAGE },
    });
  });
});

describe('admin assistant with a configured provider', () => {
  it('lists the models the endpoint serves', async () => {
    const stub = await startOpenAiStub({ models: ['llama3.1:8b', 'qwen2.5:7b'] });
    const app = await createTestApp({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: stub.baseURL });
    try {
      const boss = await app.createUser({ role: 'super_admin' });
      expect(await boss.client.json('/api/admin/assistant/models')).toEqual({
        models: ['llama3.1:8b', 'qwen2.5:7b'],
      });
      expect(stub.requests.at(-1)).toMatchObject({ path: '/v1/models', authorization: 'Bearer sk-x' });
    } finally {
      await app.close();
      await stub.close();
    }
  });
});
