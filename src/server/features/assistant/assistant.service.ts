import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AssistantSettingsInput } from '../../../shared/schemas/assistant';
import type { SessionUser } from '../../context';
import type { DatabaseHandle, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { assistantSettings } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';

const SETTINGS_ID = 1;

const settingsQuery = preparedFor((db) =>
  db
    .select({
      instructions: assistantSettings.instructions,
      model: assistantSettings.model,
      updatedAt: assistantSettings.updatedAt,
    })
    .from(assistantSettings)
    .where(eq(assistantSettings.id, SETTINGS_ID))
    .limit(1)
    .prepare('assistant_settings'),
);

/** The assistant's instructions and model (the single row the seed creates), as stored now. */
export async function getAssistantSettings(db: Executor) {
  const [row] = await settingsQuery(db).execute();
  if (!row) throw new Error('assistant_settings has no row: the seed did not run');
  return row;
}

export type AssistantSettings = Awaited<ReturnType<typeof getAssistantSettings>>;

/** Saving the settings notifies every process on this channel, when the save commits. */
const SETTINGS_CHANGES = 'assistant_settings_changes';
/** How old a process's copy may grow: the bound on a change it missed (its LISTEN connection was down). */
export const SETTINGS_COPY_MAX_AGE_MS = 30_000;

interface SettingsCache {
  /** Sent with this process's saves, so that it does not drop the copy it has just read again. */
  id: string;
  copy: { settings: Promise<AssistantSettings>; readAt: number } | null;
  /** Copies are kept only once this process hears of changes. */
  listening: boolean;
}

const cacheByDatabase = new WeakMap<DatabaseHandle, SettingsCache>();

function settingsCacheOf(database: DatabaseHandle): SettingsCache {
  const existing = cacheByDatabase.get(database);
  if (existing) return existing;
  const cache: SettingsCache = { id: randomUUID(), copy: null, listening: false };
  cacheByDatabase.set(database, cache);
  database
    .listen(SETTINGS_CHANGES, (savedBy) => {
      if (savedBy !== cache.id) cache.copy = null;
    })
    .then(
      () => {
        cache.listening = true;
      },
      () => {}, // no notifications: every reply reads the settings
    );
  return cache;
}

/**
 * The settings a reply uses (decision 027): read once per process and kept, dropped when any process
 * saves new ones, and read again when the copy is 30 s old.
 */
export function currentAssistantSettings(database: DatabaseHandle): Promise<AssistantSettings> {
  const cache = settingsCacheOf(database);
  const { copy } = cache;
  if (copy && Date.now() - copy.readAt < SETTINGS_COPY_MAX_AGE_MS) return copy.settings;
  const settings = getAssistantSettings(database.db);
  if (cache.listening) {
    const fresh = { settings, readAt: Date.now() };
    cache.copy = fresh;
    settings.catch(() => {
      if (cache.copy === fresh) cache.copy = null;
    });
  }
  return settings;
}

/** Saves the settings and records who changed what, together; every process hears of it on commit. */
export async function updateAssistantSettings(
  database: DatabaseHandle,
  actor: SessionUser,
  input: AssistantSettingsInput,
) {
  const cache = settingsCacheOf(database);
  const saved = await database.db.transaction(async (tx) => {
    const before = await getAssistantSettings(tx);
    const [after] = await tx
      .update(assistantSettings)
      .set({
        instructions: input.instructions,
        model: input.model,
        updatedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(eq(assistantSettings.id, SETTINGS_ID))
      .returning({
        instructions: assistantSettings.instructions,
        model: assistantSettings.model,
        updatedAt: assistantSettings.updatedAt,
      });
    await recordAudit(tx, actor, {
      action: 'assistant.update',
      targetType: 'assistant_settings',
      targetId: String(SETTINGS_ID),
      before: { instructions: before.instructions, model: before.model },
      after: { instructions: input.instructions, model: input.model },
    });
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANGES}, ${cache.id})`);
    return after!;
  });
  // This process answers from the new settings at once; it ignores its own notification.
  cache.copy = null;
  return saved;
}
