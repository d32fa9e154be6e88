import { Hono } from 'hono';
import { assistantSettingsInput, MISSING_AI_KEY_MESSAGE } from '../../../shared/schemas/assistant';
import { AiKeyMissingError } from '../../adapters/ai';
import { currentUser, requireRole } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { getAssistantSettings, updateAssistantSettings } from './assistant.service';

const serialize = (s: { instructions: string; model: string; updatedAt: Date }, ai: AppDeps['ai']) => ({
  instructions: s.instructions,
  model: s.model,
  updatedAt: s.updatedAt.toISOString(),
  provider: ai.kind,
  /** Shown to the admin when no AI key is set (users get the offline model meanwhile). */
  providerWarning: ai.kind === 'offline' ? MISSING_AI_KEY_MESSAGE : null,
});

/** The admin assistant screen: super admins only, enforced here. */
export function assistantRoutes({ db, ai, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .use('/admin/assistant', requireRole('super_admin'))
    .use('/admin/assistant/*', requireRole('super_admin'))
    .get('/admin/assistant', async (c) => {
      const settings = await getAssistantSettings(db);
      return c.json(serialize(settings, ai), 200);
    })
    .put('/admin/assistant', validate('json', assistantSettingsInput), async (c) => {
      const saved = await updateAssistantSettings(db, currentUser(c), c.req.valid('json'));
      return c.json(serialize(saved, ai), 200);
    })
    .get('/admin/assistant/models', async (c) => {
      try {
        return c.json({ models: await ai.listModels() }, 200);
      } catch (error) {
        // Not a server fault: the provider is not configured yet (the admin screen says so).
        if (error instanceof AiKeyMissingError) throw new AppError(409, 'ai_key_missing', error.message);
        logger.warn({ err: error }, 'listing AI models failed');
        throw new AppError(502, 'ai_provider_error', 'The AI provider did not list its models');
      }
    });
}
