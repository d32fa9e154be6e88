import { randomUUID } from 'node:crypto';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { monthKey, monthLabel } from '../../../shared/dates';
import { ERROR_CODES } from '../../../shared/errors';
import { isStaff } from '../../../shared/roles';
import { isUsageExceeded, type TokenAllowance, USAGE_LIMIT_EXCEEDED_MESSAGE } from '../../../shared/usage';
import type { SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { followUpLeases, generationLeases, usageMonths } from '../../db/schema';
import { AppError } from '../../http/errors';
import { loadGateState } from '../account/gate.service';
import { findPlan } from '../billing/subscription.queries';

/** How long a reply may hold its user's lease before another process may take it over. */
export const GENERATION_LEASE_MS = 11 * 60_000;

export interface Allowance {
  planId: string | null;
  monthlyTokens: TokenAllowance;
  dailyMessages: number | null;
}

/** The user's monthly token allowance: staff unlimited; else their plan's; no plan or an unknown one: unknown. */
export async function resolveAllowance(db: Database, user: SessionUser): Promise<Allowance> {
  if (isStaff(user.role)) return { planId: null, monthlyTokens: 'unlimited', dailyMessages: null };
  const { planId, plan: read } = await loadGateState(db, user);
  // Read with the account; only a free plan chosen since the session was read is looked up apart.
  const plan = read ?? (planId ? await findPlan(db, planId) : null);
  if (!plan) return { planId, monthlyTokens: 'unknown', dailyMessages: null };
  return {
    planId,
    monthlyTokens: plan.monthlyTokenLimit ?? 'unlimited',
    dailyMessages: plan.dailyMessageLimit,
  };
}

const monthTokensQuery = preparedFor((db) =>
  db
    .select({ tokens: usageMonths.tokens })
    .from(usageMonths)
    .where(
      and(eq(usageMonths.userId, sql.placeholder('userId')), eq(usageMonths.month, sql.placeholder('month'))),
    )
    .prepare('month_tokens'),
);

export async function tokensUsedThisMonth(db: Executor, userId: string, now = new Date()): Promise<number> {
  const [row] = await monthTokensQuery(db).execute({ userId, month: monthKey(now) });
  return row?.tokens ?? 0;
}

/** Whether the user may not start a reply now (the chat screen hides its input). */
export async function isOverLimit(db: Database, user: SessionUser): Promise<boolean> {
  const allowance = await resolveAllowance(db, user);
  if (allowance.monthlyTokens === 'unlimited') return false;
  return isUsageExceeded(allowance.monthlyTokens, await tokensUsedThisMonth(db, user.id));
}

const limitExceeded = () => new AppError(402, 'usage_limit_exceeded', USAGE_LIMIT_EXCEEDED_MESSAGE);

/** 402 with the spec's message when the user is over the limit: no new chat that could never be answered. */
export async function assertWithinLimit(db: Database, user: SessionUser): Promise<void> {
  if (await isOverLimit(db, user)) throw limitExceeded();
}

/** A permission to generate one reply; released by the statement that records the reply. */
export interface GenerationSlot {
  /** The statement releasing it (null when there is nothing to release), to run with the reply's writes. */
  releaseStatement(): SQL | null;
  release(db: Executor): Promise<void>;
}

/**
 * What a lease is for: a reply, or the suggested follow-ups under an answer. Each is one at a time per
 * user, in a table of its own, and neither waits for the other (decision 061).
 */
export type LeasePurpose = 'reply' | 'follow-ups';

const leaseTables = { reply: generationLeases, 'follow-ups': followUpLeases } as const;

/** Takes the user's lease unless another holds one that has not expired: a row back means taken. */
const takeLeaseQuery = (purpose: LeasePurpose, name: string) => {
  const leases = leaseTables[purpose];
  return preparedFor((db) =>
    db
      .insert(leases)
      .values({
        userId: sql.placeholder('userId'),
        leaseId: sql.placeholder('leaseId'),
        expiresAt: sql.placeholder('expiresAt'),
      })
      .onConflictDoUpdate({
        target: leases.userId,
        set: { leaseId: sql`excluded.lease_id`, expiresAt: sql`excluded.expires_at` },
        setWhere: sql`${leases.expiresAt} < now()`,
      })
      .returning({ leaseId: leases.leaseId })
      .prepare(name),
  );
};

const takeLease = {
  reply: takeLeaseQuery('reply', 'take_generation_lease'),
  'follow-ups': takeLeaseQuery('follow-ups', 'take_follow_up_lease'),
};

const UNLIMITED_SLOT: GenerationSlot = { releaseStatement: () => null, release: async () => {} };

/**
 * Checks the limit before a reply starts. A user with a limit generates one reply at a time: the lease
 * is taken atomically in the database (so it holds across processes), and the usage is read only once
 * it is held, so it includes every finished reply and parallel sends cannot carry the user past the
 * limit. Over the limit is answered before "another reply is being written".
 */
export async function acquireGenerationSlot(
  db: Database,
  user: SessionUser,
  purpose: LeasePurpose = 'reply',
): Promise<GenerationSlot> {
  const allowance = await resolveAllowance(db, user);
  if (allowance.monthlyTokens === 'unlimited') return UNLIMITED_SLOT;
  const leaseId = randomUUID();
  const taken = await takeLease[purpose](db).execute({
    userId: user.id,
    leaseId,
    expiresAt: new Date(Date.now() + GENERATION_LEASE_MS),
  });
  const leaseHeld = taken.length > 0;
  const leases = leaseTables[purpose];
  const releaseQuery = (executor: Executor) =>
    executor.delete(leases).where(and(eq(leases.userId, user.id), eq(leases.leaseId, leaseId)));
  const slot: GenerationSlot = {
    releaseStatement: () => releaseQuery(db).getSQL(),
    release: async (executor) => {
      await releaseQuery(executor);
    },
  };
  let exceeded: boolean;
  try {
    exceeded = isUsageExceeded(allowance.monthlyTokens, await tokensUsedThisMonth(db, user.id));
  } catch (error) {
    // Not left holding the lease for its whole lifetime because the read failed.
    if (leaseHeld) await slot.release(db).catch(() => {});
    throw error;
  }
  if (exceeded) {
    if (leaseHeld) await slot.release(db);
    throw limitExceeded();
  }
  if (!leaseHeld) throw inProgress[purpose]();
  return slot;
}

/** The 409 while the user's lease of a purpose is held. */
const inProgress: Record<LeasePurpose, () => AppError> = {
  reply: () =>
    new AppError(409, 'reply_in_progress', 'Another reply is still being written. Wait for it to finish.'),
  'follow-ups': () =>
    new AppError(
      409,
      ERROR_CODES.followUpsInProgress,
      'Suggested follow-ups are still being written. Try again shortly.',
    ),
};

/**
 * The statement adding to the user's month (a reply's tokens, or one sent message; an omitted count
 * adds 0). Run it in the same statement or transaction that stores the message, so the usage row and
 * the messages always agree. Its values may be placeholders of a prepared statement.
 */
export function usageIncrement(db: Executor, addition: PgInsertValue<typeof usageMonths>) {
  return db
    .insert(usageMonths)
    .values(addition)
    .onConflictDoUpdate({
      target: [usageMonths.userId, usageMonths.month],
      set: {
        tokens: sql`${usageMonths.tokens} + excluded.tokens`,
        messages: sql`${usageMonths.messages} + excluded.messages`,
        updatedAt: sql`now()`,
      },
    });
}

/** The usage summary of the spec: this month, history newest first, and the limits. */
export async function getUsageSummary(db: Database, user: SessionUser, now = new Date()) {
  const [allowance, months] = await Promise.all([
    resolveAllowance(db, user),
    db
      .select({ month: usageMonths.month, tokens: usageMonths.tokens, messages: usageMonths.messages })
      .from(usageMonths)
      .where(eq(usageMonths.userId, user.id))
      .orderBy(desc(usageMonths.month))
      .limit(120),
  ]);
  const current = months.find((m) => m.month === monthKey(now));
  const monthlyTokens =
    allowance.monthlyTokens === 'unlimited'
      ? null
      : allowance.monthlyTokens === 'unknown'
        ? 0
        : allowance.monthlyTokens;
  return {
    messagesSent: current?.messages ?? 0,
    totalTokens: current?.tokens ?? 0,
    exceeded: isUsageExceeded(allowance.monthlyTokens, current?.tokens ?? 0),
    /** monthlyTokens: null = unlimited, 0 = unknown plan; dailyMessages: null = no daily limit. */
    limits: { monthlyTokens, dailyMessages: allowance.dailyMessages },
    history: months.map((m) => ({
      month: m.month,
      label: monthLabel(m.month),
      tokens: m.tokens,
      messages: m.messages,
    })),
  };
}
