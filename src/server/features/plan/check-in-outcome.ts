import { createHmac, timingSafeEqual } from 'node:crypto';
import { PLAN_OUTCOME_PAGE_PATH } from '../../../shared/plan';
import {
  OUTCOME_LINK_MESSAGES,
  PLAN_OUTCOME_LABELS,
  PLAN_OUTCOMES,
  type PlanOutcome,
} from '../../../shared/schemas/memory';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { memoryOn, recordOutcome } from '../memory/memory.service';
import { findSettings } from './plan.queries';

/** How long a check-in mail's "How did it go?" links work. */
export const OUTCOME_LINK_DAYS = 14;

interface OutcomeClaim {
  userId: string;
  itemId: string;
  outcome: PlanOutcome;
  /** When the link stops working, in ms since the epoch. */
  expiresAt: number;
}

/**
 * Signed with the user's own check-in secret (the one of their unsubscribe link), which only the
 * database and their mails know: a token names the user, the step and the answer, and cannot be made
 * for another step or answer.
 */
const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`plan-outcome\n${payload}`).digest('base64url');

function signOutcome(secret: string, claim: OutcomeClaim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

function readClaim(payload: string): OutcomeClaim | null {
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const valid =
      typeof claim?.userId === 'string' &&
      typeof claim.itemId === 'string' &&
      PLAN_OUTCOMES.includes(claim.outcome) &&
      Number.isFinite(claim.expiresAt);
    return valid ? claim : null;
  } catch {
    return null;
  }
}

/** The check-in mail's worked / partly / didn't links of a step done last week. */
export function outcomeLinks(
  baseUrl: string,
  secret: string,
  item: { userId: string; itemId: string },
  now: Date,
) {
  const expiresAt = now.getTime() + OUTCOME_LINK_DAYS * 86_400_000;
  return PLAN_OUTCOMES.map((outcome) => ({
    label: PLAN_OUTCOME_LABELS[outcome],
    url: `${baseUrl}${PLAN_OUTCOME_PAGE_PATH}?token=${signOutcome(secret, { ...item, outcome, expiresAt })}`,
  }));
}

const invalidLink = () => new AppError(400, 'invalid_link', OUTCOME_LINK_MESSAGES.invalid, 'token');

/**
 * A click on one of those links: the outcome recorded as the plan's "How did it go?" does, once. A
 * forged, expired or used link, or a paused memory, changes nothing and says why.
 */
export async function recordOutcomeFromLink(db: Database, token: string, now: Date) {
  const [payload = '', signed = ''] = token.split('.');
  const claim = readClaim(payload);
  const secret = claim && (await findSettings(db, claim.userId))?.unsubscribeToken;
  if (!claim || !secret) throw invalidLink();
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  if (now.getTime() > claim.expiresAt) {
    throw new AppError(410, 'link_expired', OUTCOME_LINK_MESSAGES.expired, 'token');
  }
  if (!(await memoryOn(db, claim.userId))) {
    throw new AppError(409, 'memory_paused', OUTCOME_LINK_MESSAGES.paused, 'token');
  }
  const memory = await recordOutcome(
    db,
    { id: claim.userId },
    claim.itemId,
    { outcome: claim.outcome, note: '' },
    'refuse',
  );
  return { outcome: claim.outcome, statement: memory.statement };
}
