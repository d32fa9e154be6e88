import { eq, type SQL, sql } from 'drizzle-orm';
import type { AssistantSettingsInput } from '../../../shared/schemas/assistant';
import type { SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
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

/** The instructions and model as one JSON value: a reply reads them with its prompt's other parts (decision 073). */
export const assistantSettingsJson: SQL<{ instructions: string; model: string }> = sql`(
  select json_build_object('instructions', ${assistantSettings.instructions}, 'model', ${assistantSettings.model})
  from ${assistantSettings} where ${assistantSettings.id} = ${SETTINGS_ID})`;

/** Saves the settings and records who changed what, together; the next reply reads them. */
export async function updateAssistantSettings(
  db: Database,
  actor: SessionUser,
  input: AssistantSettingsInput,
) {
  return db.transaction(async (tx) => {
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
    return after!;
  });
}
