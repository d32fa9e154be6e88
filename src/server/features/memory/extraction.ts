import { generateText, Output } from 'ai';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { monthKey } from '../../../shared/dates';
import { MEMORY_LIMITS } from '../../../shared/schemas/memory';
import { toSessionUser } from '../../auth/session';
import type { AppDeps } from '../../context';
import { chatMessages, chats, generationLeases, memories, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JobDefinition } from '../../jobs';
import { getAssistantSettings } from '../assistant/assistant.service';
import { assertWithinLimit, usageIncrement } from '../usage/usage.service';
import { memoryOn, rememberAll } from './memory.service';
import { type FoundMemory, offlineMemories } from './offline-extraction';

export const REMEMBER_JOB = 'remember-from-turn';

/**
 * A finished turn of a consultation as the queue holds it: the user's message, by id only, so that
 * nothing naming the user outlives an erased account in the queue's tables.
 */
export interface TurnJob {
  messageId: string;
  /** Times it yielded to a reply in flight. */
  waits?: number;
}

/** The turn read back from its message: whose it is and in which consultation. */
interface Turn extends TurnJob {
  userId: string;
  chatId: string;
}

/** A turn waits this long for a reply in flight, up to `MAX_WAITS` times; then its memories are let go. */
const WAIT_SECONDS = 15;
const MAX_WAITS = 8;
const MAX_FOUND = 5;

const EXTRACTION_SYSTEM = `You keep a business consultant's notes on a client. From the client's message, list only new, durable statements about their own business: facts (numbers, customers, channels, results), decisions they made, and constraints they live with. Write each as one short sentence in the client's voice ("We …", "I can't …"), at most ${MEMORY_LIMITS.statement} characters. Skip questions, opinions about the video, greetings and anything not about their business. Answer an empty list when there is nothing.`;

const extraction = z.object({
  memories: z
    .array(
      z.object({
        statement: z.string().trim().min(1).max(MEMORY_LIMITS.statement),
        kind: z.enum(['fact', 'decision', 'constraint']),
      }),
    )
    .max(MAX_FOUND),
});

/** Queues the reading of a finished turn: it runs after the reply, never in its way. */
export async function queueRemembering(deps: Pick<AppDeps, 'jobs'>, turn: TurnJob): Promise<void> {
  await deps.jobs.send(REMEMBER_JOB, turn, { key: `${turn.messageId}:${turn.waits ?? 0}` });
}

export function rememberJob(deps: AppDeps): JobDefinition<TurnJob> {
  return {
    name: REMEMBER_JOB,
    retryLimit: 2,
    retryDelaySeconds: 30,
    async run(turn) {
      await rememberFromTurn(deps, turn);
    },
  };
}

/**
 * Reads the user's message of a finished turn and remembers what it states about their business
 * (decision 064). Nothing is remembered when memory is paused, the consultation's "Use memory" is off,
 * the message or consultation is gone, the message was read already, or the user is at their plan's
 * limit. While a reply of the user is in flight it yields: the turn is queued again for later.
 */
export async function rememberFromTurn(deps: AppDeps, job: TurnJob) {
  const read = await turnMessage(deps, job);
  if (!read) return [];
  const { message, turn } = read;
  if (!(await memoryOn(deps.db, turn.userId))) return [];
  if (await replyInFlight(deps, turn.userId)) {
    if ((turn.waits ?? 0) < MAX_WAITS) {
      await deps.jobs.send(
        REMEMBER_JOB,
        { messageId: turn.messageId, waits: (turn.waits ?? 0) + 1 },
        { key: `${turn.messageId}:${(turn.waits ?? 0) + 1}`, delaySeconds: WAIT_SECONDS },
      );
    }
    return [];
  }
  const found = deps.ai.kind === 'offline' ? offlineMemories(message) : await aiMemories(deps, turn, message);
  const known = await knownStatements(deps, turn.userId);
  const fresh = found.filter((memory) => !known.has(memory.statement.toLowerCase())).slice(0, MAX_FOUND);
  return rememberAll(
    deps.db,
    turn.userId,
    fresh.map((memory) => ({
      ...memory,
      origin: 'chat' as const,
      chatId: turn.chatId,
      messageId: turn.messageId,
    })),
    'keep-what-fits',
  );
}

/** The user's message of the turn, while its consultation lives with "Use memory" on and it is unread. */
async function turnMessage(deps: AppDeps, job: TurnJob): Promise<{ message: string; turn: Turn } | null> {
  const [row] = await deps.db
    .select({ content: chatMessages.content, userId: chatMessages.userId, chatId: chatMessages.chatId })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(
        eq(chatMessages.id, job.messageId),
        eq(chatMessages.role, 'user'),
        isNull(chats.deletedAt),
        eq(chats.useMemory, true),
        sql`not exists (select 1 from ${memories} where ${memories.messageId} = ${chatMessages.id})`,
      ),
    )
    .limit(1);
  return row ? { message: row.content, turn: { ...job, userId: row.userId, chatId: row.chatId } } : null;
}

async function replyInFlight(deps: AppDeps, userId: string): Promise<boolean> {
  const [lease] = await deps.db
    .select({ userId: generationLeases.userId })
    .from(generationLeases)
    .where(and(eq(generationLeases.userId, userId), gt(generationLeases.expiresAt, new Date())))
    .limit(1);
  return Boolean(lease);
}

async function knownStatements(deps: AppDeps, userId: string): Promise<Set<string>> {
  const rows = await deps.db
    .select({ statement: memories.statement })
    .from(memories)
    .where(eq(memories.userId, userId));
  return new Set(rows.map((row) => row.statement.toLowerCase()));
}

/**
 * One structured-output call through the AI SDK, its tokens counted in the month's usage as a reply's
 * are (spent even when its answer does not parse, which stores nothing). At the plan's limit nothing is
 * asked and nothing stored.
 */
async function aiMemories(deps: AppDeps, turn: Turn, message: string): Promise<FoundMemory[]> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, turn.userId));
  if (!user) return [];
  const withinLimit = await assertWithinLimit(deps.db, toSessionUser(user)).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.status === 402) return false;
      throw error;
    },
  );
  if (!withinLimit) return [];
  const settings = await getAssistantSettings(deps.db);
  try {
    const result = await generateText({
      model: deps.ai.languageModel(settings.model),
      system: EXTRACTION_SYSTEM,
      prompt: message,
      output: Output.object({ schema: extraction }),
      abortSignal: deps.shutdownSignal,
    });
    await countUsage(deps, turn.userId, result.totalUsage);
    return result.output.memories;
  } catch (error) {
    const usage = (error as { usage?: { inputTokens?: number; outputTokens?: number } }).usage;
    if (usage) await countUsage(deps, turn.userId, usage);
    deps.logger.warn({ err: error, chatId: turn.chatId }, 'remembering a turn failed: nothing stored');
    return [];
  }
}

async function countUsage(
  deps: AppDeps,
  userId: string,
  usage: { inputTokens?: number; outputTokens?: number },
) {
  const tokens = (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  if (tokens > 0) await usageIncrement(deps.db, { userId, month: monthKey(new Date()), tokens });
}
