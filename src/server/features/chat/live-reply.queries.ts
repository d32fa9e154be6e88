import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Executor } from '../../db/client';
import { liveReplies } from '../../db/schema';
import { writeTogether } from './chat.queries';

/** A reply's row outlives its timeout by this much: the time its save may take. */
const SAVE_MARGIN_MS = 60_000;

/** A reply's row (decision 071): written beside its first work, deleted with its save. */
export interface LiveRow {
  id: string;
  /** Resolves once the row is written (or could not be: the reply goes on, known to its process only). */
  written: Promise<void>;
}

/**
 * Tells every process that the chat's reply is live (PostgreSQL; on PGlite the one process's memory
 * is enough, and null is answered). The row is written without delaying the reply: its statement runs
 * beside the prompt's reads, and also deletes the rows of replies whose process was killed.
 */
export function announceLiveReply(
  deps: AppDeps,
  reply: { chatId: string; userId: string; afterMessageId: string | null; timeoutMs: number },
): LiveRow | null {
  if (deps.database.kind !== 'postgres') return null;
  const id = randomUUID();
  const expiresAt = sql`now() + ${`${reply.timeoutMs + SAVE_MARGIN_MS} milliseconds`}::interval`;
  const written = writeTogether(deps.db, [
    deps.db.delete(liveReplies).where(lt(liveReplies.expiresAt, sql`now()`)).getSQL(),
    deps.db
      .insert(liveReplies)
      .values({
        id,
        chatId: reply.chatId,
        userId: reply.userId,
        afterMessageId: reply.afterMessageId,
        expiresAt,
      })
      .getSQL(),
  ]).catch((error) =>
    deps.logger.warn({ err: error, chatId: reply.chatId }, 'could not announce a live reply'),
  );
  return { id, written };
}

/** Deletes a reply's row: one of the statements that save the reply. */
export function endLiveRowStatement(db: Executor, row: LiveRow): SQL {
  return db.delete(liveReplies).where(eq(liveReplies.id, row.id)).getSQL();
}

/** The chat's live reply written by some process, unless its row has expired. */
export async function findLiveRow(db: Executor, chatId: string) {
  const [row] = await db
    .select({ id: liveReplies.id, afterMessageId: liveReplies.afterMessageId })
    .from(liveReplies)
    .where(and(eq(liveReplies.chatId, chatId), gt(liveReplies.expiresAt, sql`now()`)))
    .orderBy(desc(liveReplies.startedAt))
    .limit(1);
  return row ?? null;
}

/** Deletes a row no process answered for: its process went away before saving the reply. */
export async function forgetLiveRow(db: Executor, id: string): Promise<void> {
  await db.delete(liveReplies).where(eq(liveReplies.id, id));
}
