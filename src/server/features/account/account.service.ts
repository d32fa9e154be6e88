import { eq, like, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import { escapeLike } from '../../db/like';
import { billingEvents, outboxEmails, users, verifications, waitlist } from '../../db/schema';
import { eraseFromAudit } from '../audit/audit.service';
import { type BillingDeps, cancelSubscriptionNow } from '../billing/billing.service';
import { chatIdsOf } from '../chats/chats.service';
import { ticketIdsOf } from '../support/support.service';

/**
 * Deletes the account and every row of the user. The subscription is cancelled first (no charge
 * after the account is gone); then one transaction removes the user (sessions, accounts, profile,
 * chats, messages, usage, tickets, cards, subscriptions and the mails about them cascade), the mail
 * sent to them, their waitlist entry, billing events and pending tokens, and leaves the audit log
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
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
