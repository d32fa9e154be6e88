import { eq, like, or } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import { escapeLike } from '../../db/like';
import { auditLog, billingEvents, outboxEmails, users, verifications, waitlist } from '../../db/schema';
import { type BillingDeps, cancelSubscriptionNow } from '../billing/billing.service';

/**
 * Deletes the account and every row of the user. The subscription is cancelled first (no charge
 * after the account is gone); then one transaction removes the user (sessions, accounts, profile,
 * chats, messages, usage, tickets, cards and subscriptions cascade), the mail sent to them, their
 * waitlist entry, billing events and pending tokens, and takes their id and e-mail out of the audit log.
 */
export async function deleteAccount(deps: BillingDeps, user: SessionUser): Promise<void> {
  await cancelSubscriptionNow(deps, user.id);
  const email = user.email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    await tx.delete(outboxEmails).where(eq(outboxEmails.toAddress, email));
    await tx.delete(waitlist).where(eq(waitlist.email, email));
    await tx.delete(billingEvents).where(eq(billingEvents.userId, user.id));
    // Better Auth keys one-time codes `{type}-otp-{email}` and reset tokens by user id.
    await tx
      .delete(verifications)
      .where(
        or(eq(verifications.value, user.id), like(verifications.identifier, `%-otp-${escapeLike(email)}`)),
      );
    await tx.update(auditLog).set({ actorId: null, actorEmail: null }).where(eq(auditLog.actorId, user.id));
    await tx.update(auditLog).set({ targetId: null }).where(eq(auditLog.targetId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
