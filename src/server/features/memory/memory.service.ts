import {
  type AddMemoryInput,
  MEMORY_LIMITS,
  MEMORY_MESSAGES,
  type MemoryView,
  OUTCOME_LINK_MESSAGES,
  type PlanOutcomeInput,
  type UpdateMemoryInput,
} from '../../../shared/schemas/memory';
import type { AppDeps, SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import { checkAccountProof } from '../account/account.service';
import { ownPlanItem } from '../plan/plan.service';
import {
  countAndNextNumber,
  deleteAllMemories,
  deleteOwnMemory,
  deleteSettings,
  findOutcomeOf,
  insertMemories,
  isPaused,
  listOwnMemories,
  lockUser,
  type MemoryRow,
  type NewMemory,
  savePaused,
  updateOwnMemory,
} from './memory.queries';

export interface MemoryPage {
  memories: MemoryView[];
  paused: boolean;
  limit: number;
}

const memoryNotFound = () => notFound('Memory not found');
const memoryFull = () => new AppError(409, 'memory_full', MEMORY_MESSAGES.full, 'statement');

export function serializeMemory(row: MemoryRow): MemoryView {
  return {
    id: row.id,
    number: row.number,
    statement: row.statement,
    kind: row.kind,
    origin: row.origin,
    chatId: row.chatId,
    messageId: row.messageId,
    planItemId: row.planItemId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function memoryPage(db: Database, user: SessionUser): Promise<MemoryPage> {
  const [rows, paused] = await Promise.all([listOwnMemories(db, user.id), isPaused(db, user.id)]);
  return { memories: rows.map(serializeMemory), paused, limit: MEMORY_LIMITS.perUser };
}

/**
 * Stores memories of the user, numbered after their others, one user at a time. `whenFull`: 'refuse'
 * answers 409 when they do not all fit (nothing is stored); 'keep-what-fits' stores as many as fit.
 */
export async function rememberAll(
  db: Database,
  userId: string,
  rows: NewMemory[],
  whenFull: 'refuse' | 'keep-what-fits',
): Promise<MemoryRow[]> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const { count, next } = await countAndNextNumber(tx, userId);
    const room = MEMORY_LIMITS.perUser - count;
    if (rows.length > room && whenFull === 'refuse') throw memoryFull();
    return insertMemories(tx, userId, next, rows.slice(0, Math.max(0, room)));
  });
}

export async function addTypedMemory(db: Database, user: SessionUser, input: AddMemoryInput) {
  const [row] = await rememberAll(db, user.id, [{ ...input, origin: 'typed' }], 'refuse');
  return serializeMemory(row!);
}

export async function editMemory(
  db: Database,
  user: SessionUser,
  memoryId: string,
  input: UpdateMemoryInput,
) {
  const row = await updateOwnMemory(db, user.id, memoryId, input);
  if (!row) throw memoryNotFound();
  return serializeMemory(row);
}

export async function forgetMemory(db: Database, user: SessionUser, memoryId: string): Promise<void> {
  if (!(await deleteOwnMemory(db, user.id, memoryId))) throw memoryNotFound();
}

export async function setMemoryPaused(db: Database, user: SessionUser, paused: boolean) {
  await savePaused(db, user.id, paused);
  return { paused };
}

/**
 * "Forget everything": every memory and the memory switch go, once the user proves it is them as for
 * deleting the account (decision 058): the typed word, and the password or a sign-in less than a few
 * minutes old.
 */
export async function forgetEverything(
  deps: Pick<AppDeps, 'db' | 'passwordHashing'>,
  user: SessionUser,
  proof: { sessionId: string | null; password: string | undefined },
): Promise<void> {
  await checkAccountProof(deps, { userId: user.id, ...proof }, FORGET_PROOF_MESSAGES);
  await deps.db.transaction(async (tx) => {
    await deleteAllMemories(tx, user.id);
    await deleteSettings(tx, user.id);
  });
}

const FORGET_PROOF_MESSAGES = {
  passwordRequired: MEMORY_MESSAGES.password,
  wrongPassword: MEMORY_MESSAGES.wrongPassword,
  freshSignInRequired: MEMORY_MESSAGES.freshSignInRequired,
};

/** Whether the user's memory is on: not paused. */
export async function memoryOn(db: Executor, userId: string): Promise<boolean> {
  return !(await isPaused(db, userId));
}

/** "How did it go?": the outcome of a step done or dropped, as the statement an outcome memory keeps. */
export function outcomeStatement(item: { title: string; status: string }, input: PlanOutcomeInput): string {
  const verdict = { worked: 'it worked', partly: 'it partly worked', didnt: "it didn't work" }[input.outcome];
  const head = `Plan step "${item.title}" (${item.status === 'done' ? 'done' : 'dropped'}): ${verdict}.`;
  const statement = input.note ? `${head} ${input.note}` : head;
  return statement.length > MEMORY_LIMITS.statement
    ? `${statement.slice(0, MEMORY_LIMITS.statement - 1)}…`
    : statement;
}

/**
 * Records how a plan step went as an outcome memory linked to it (answering again replaces it, or with
 * 'refuse' is a 409: the mail's single-use links). Only a step that is done or dropped has an outcome
 * (400 otherwise); another user's step is 404.
 */
export async function recordOutcome(
  db: Database,
  user: Pick<SessionUser, 'id'>,
  itemId: string,
  input: PlanOutcomeInput,
  whenAnswered: 'replace' | 'refuse' = 'replace',
) {
  const item = await ownPlanItem(db, user.id, itemId);
  if (!item) throw notFound('Plan item not found');
  if (!(await memoryOn(db, user.id))) {
    throw new AppError(409, 'memory_paused', OUTCOME_LINK_MESSAGES.paused, 'outcome');
  }
  if (item.status !== 'done' && item.status !== 'dropped') {
    throw badRequest(MEMORY_MESSAGES.outcomeNotFinished, 'outcome');
  }
  const statement = outcomeStatement(item, input);
  const saved = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const existing = await findOutcomeOf(tx, user.id, item.id);
    if (existing && whenAnswered === 'refuse') {
      throw new AppError(409, 'outcome_recorded', OUTCOME_LINK_MESSAGES.used, 'token');
    }
    if (existing) return updateOwnMemory(tx, user.id, existing.id, { statement });
    const { count, next } = await countAndNextNumber(tx, user.id);
    if (count >= MEMORY_LIMITS.perUser) throw memoryFull();
    const [row] = await insertMemories(tx, user.id, next, [
      { statement, kind: 'outcome', origin: 'plan', planItemId: item.id },
    ]);
    return row;
  });
  return serializeMemory(saved!);
}
