import { type SQL, sql } from 'drizzle-orm';
import type { MemoryKind } from '../../../shared/schemas/memory';
import { countTokens } from '../../adapters/ai/tokenizer';
import type { Executor } from '../../db/client';

/**
 * The memories a reply's prompt may carry, in tokens (o200k_base, decision 064): about 25 memories of
 * average length, or 12 of the longest, beside a transcript budget of tens of thousands.
 */
export const MEMORY_PROMPT_TOKENS = 1500;

/** Words of the question and its videos that rank memories: the first ones, the question's first. */
const RANKED_WORDS = 32;

export interface PromptMemory {
  number: number;
  statement: string;
  kind: MemoryKind;
  /** Whether it shares a word (stemmed) with the question or its videos. */
  relevant: boolean;
}

/** What the user's memories are ranked against, and which of them a reply may carry. */
export interface MemoryQuery {
  userId: string;
  chatId: string | null;
  about: string;
}

/** Whether a memory shares a word (stemmed) with `about`. */
const sharesAWord = sql`coalesce(m.search @@ q.any_word, false)`;

/**
 * The user's memories ranked for a reply, as one JSON array (so that a reply reads them in the
 * statement that reads its prompt's other parts, decision 073): none when memory is paused or the
 * consultation's "Use memory" is off. Memories that share a word with `about` (the question, then its
 * videos) first, outcomes of plan steps before other kinds among them, then by full-text rank, then
 * the most recently changed.
 */
export function rankedMemoriesJson(query: MemoryQuery): SQL {
  // Materialized: inlined, the query text would be cast to a tsquery again for every memory, thrice.
  return sql`(
      with q as materialized (
        select (select string_agg(quoted, ' | ') from (
          select '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' as quoted
          from unnest(to_tsvector('english', ${query.about}::text)) as w(lexeme, positions, weights)
          order by positions[1] limit ${RANKED_WORDS}) words)::tsquery as any_word)
      select coalesce(json_agg(json_build_object(
          'number', m.number, 'statement', m.statement, 'kind', m.kind, 'relevant', ${sharesAWord})
        order by ${sharesAWord} desc, (${sharesAWord} and m.kind = 'outcome') desc,
          coalesce(ts_rank(m.search, q.any_word), 0) desc, m.updated_at desc, m.number desc), '[]'::json)
      from memories m cross join q
      where m.user_id = ${query.userId}
        and not exists (select 1 from memory_settings s where s.user_id = ${query.userId} and s.paused)
        and (${query.chatId}::uuid is null
             or exists (select 1 from chats c where c.id = ${query.chatId}::uuid and c.use_memory)))`;
}

/** The user's memories for a reply, best first, within `MEMORY_PROMPT_TOKENS` (`rankedMemoriesJson`). */
export async function memoriesForPrompt(db: Executor, query: MemoryQuery): Promise<PromptMemory[]> {
  const result = await db.execute(sql`select ${rankedMemoriesJson(query)} as memories`);
  const [row] = (result as unknown as { rows: { memories: PromptMemory[] }[] }).rows;
  return memoriesWithinBudget(row!.memories);
}

/** The memory as the prompt lists it. */
export const memoryLine = (memory: Pick<PromptMemory, 'number' | 'statement' | 'kind'>) =>
  `- [M${memory.number}] (${memory.kind}) ${memory.statement}`;

/** The best of the ranked memories whose lines fit `budget` tokens (the prompt's), in their order. */
export function memoriesWithinBudget(
  ranked: readonly PromptMemory[],
  budget = MEMORY_PROMPT_TOKENS,
): PromptMemory[] {
  const chosen: PromptMemory[] = [];
  let used = 0;
  for (const memory of ranked) {
    const tokens = countTokens(memoryLine(memory)) + 1;
    if (used + tokens > budget) break;
    chosen.push(memory);
    used += tokens;
  }
  return chosen;
}

/** The prompt's section of memories, or '' when there are none. */
export function memorySection(memories: readonly PromptMemory[]): string {
  if (!memories.length) return '';
  return [
    '## What you know about this business (memories)',
    'The user told you these in earlier consultations, typed them, or they are outcomes of steps of their plan. Use the ones that bear on the question. When you rely on one, cite it by its number, as [M3]. Never propose again a plan step whose outcome is recorded; build on what worked and avoid what did not.',
    memories.map(memoryLine).join('\n'),
  ].join('\n');
}
