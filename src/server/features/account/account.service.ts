import { and, eq, gt, like, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import { FRESH_SIGN_IN_MINUTES } from '../../../shared/schemas/account';
import type { PasswordHashing } from '../../auth/password-hashing';
import type { SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import {
  accounts,
  billingEvents,
  outboxEmails,
  sessions,
  users,
  verifications,
  waitlist,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { eraseFromAudit } from '../audit/audit.service';
import { type BillingDeps, cancelSubscriptionNow } from '../billing/billing.service';
import { chatIdsOf } from '../chats/chats.service';
import { eraseAssistantsOf } from '../mcp/mcp-grants';
import { ticketIdsOf } from '../support/support.service';

/**
 * Deletes the account and every row of the user. The subscription is cancelled first (no charge
 * after the account is gone); then one transaction removes the user (sessions, accounts, profile,
 * chats, messages, usage, tickets, cards, subscriptions and the mails about them cascade), the mail
 * sent to them, their waitlist entry, billing events and pending tokens, the assistants only they
 * connected (their consents and OAuth tokens cascade), and leaves the audit log
 * with what staff did, without the user (decision 034).
 */
export async function deleteAccount(deps: BillingDeps, user: SessionUser): Promise<void> {
  await cancelSubscriptionNow(deps, user.id);
  const email = user.email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const ownRowIds = [...(await chatIdsOf(tx, user.id)), ...(await ticketIdsOf(tx, user.id))];
    await eraseFromAudit(tx, { id: user.id, email }, ownRowIds);
    await tx.delete(outboxEmails).where(eq(outboxEmails.toAddress, email));
    await tx.delete(waitlist).where(eq(waitlist.email, email));
    await tx.delete(billingEvents).where(eq(billingEvents.userId, user.id));
    await tx.delete(verifications).where(
      or(
        // Password-reset (and account-deletion) tokens hold the user's id.
        eq(verifications.value, user.id),
        // One-time codes are keyed `{type}-otp-{email}`, or `change-email-otp-{id}:{new email}`.
        like(verifications.identifier, `%-otp-${escapeLike(email)}`),
        like(verifications.identifier, `%-otp-${escapeLike(user.id)}:%`),
        // A magic link's value is JSON with the address as it was typed.
        sql`strpos(lower(${verifications.value}), ${JSON.stringify(email)}) > 0`,
      ),
    );
    await eraseAssistantsOf(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

/** The sentences a refused proof answers with, in the words of the action it guards. */
export interface ProofMessages {
  passwordRequired: string;
  wrongPassword: string;
  freshSignInRequired: string;
}

/**
 * What a destructive action on a whole account (deleting it, forgetting its memory) asks beyond a session
 * (decision 058): the password, for an account that has one; otherwise a sign-in (a one-time code, a
 * link, Google) less than FRESH_SIGN_IN_MINUTES old. Throws the refusal; the caller changes nothing.
 */
export async function checkAccountProof(
  deps: { db: Executor; passwordHashing: PasswordHashing },
  proof: { userId: string; sessionId: string | null; password: string | undefined },
  messages: ProofMessages,
): Promise<void> {
  const [credential] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, proof.userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (credential?.hash) return checkPassword(deps.passwordHashing, credential.hash, proof.password, messages);
  if (!proof.sessionId || !(await isFreshSession(deps.db, proof.sessionId))) {
    throw new AppError(403, ERROR_CODES.freshSignInRequired, messages.freshSignInRequired);
  }
}

async function checkPassword(
  hashing: PasswordHashing,
  hash: string,
  password: string | undefined,
  messages: ProofMessages,
) {
  if (!password) throw passwordRefused(messages.passwordRequired);
  if (!(await hashing.verify({ hash, password }))) throw passwordRefused(messages.wrongPassword);
}

const passwordRefused = (message: string) =>
  new AppError(400, ERROR_CODES.invalidInput, `password: ${message}`, 'password');

async function isFreshSession(db: Executor, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.createdAt, sql`now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES})`),
      ),
    );
  return rows.length > 0;
}
