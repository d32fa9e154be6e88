import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assistantSettingsJson } from '../assistant/assistant.service';
import {
  type MemoryQuery,
  memoriesWithinBudget,
  type PromptMemory,
  rankedMemoriesJson,
} from '../memory/memory-prompt';
import { type PromptSourceRow, promptSourcesJson } from './sources.queries';

/** What a reply's prompt reads beyond its request. */
export interface PromptContext {
  settings: { instructions: string; model: string };
  /** The user's memories for the reply, best first, within the prompt's budget. */
  memories: PromptMemory[];
  /** The chat's sources (removed ones included); none when not asked for. */
  sources: PromptSourceRow[];
}

const noSources: SQL<PromptSourceRow[]> = sql`'[]'::json`;

/**
 * The assistant's settings, the user's memories ranked for the reply and, with `withSources`, the
 * chat's sources, in one statement (decision 073): none depends on another, so they cost one round
 * trip instead of three, and nothing is kept between replies to go stale.
 */
export async function readPromptContext(
  db: Executor,
  query: MemoryQuery & { chatId: string; withSources: boolean },
): Promise<PromptContext> {
  const sources = query.withSources
    ? promptSourcesJson({ id: query.chatId, userId: query.userId })
    : noSources;
  const result = await db.execute(sql`
    select ${assistantSettingsJson} as settings, ${rankedMemoriesJson(query)} as memories,
      ${sources} as sources`);
  const [row] = (result as unknown as { rows: (Omit<PromptContext, 'settings'> & Partial<PromptContext>)[] })
    .rows;
  if (!row?.settings) throw new Error('assistant_settings has no row: the seed did not run');
  return { settings: row.settings, memories: memoriesWithinBudget(row.memories), sources: row.sources };
}
