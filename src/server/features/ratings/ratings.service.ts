import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  LATEST_DOWN_RATINGS,
  RATING_WEEKS,
  type RateMessageInput,
  type RatingReason,
} from '../../../shared/schemas/ratings';
import type { SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { chatMessages, chats, messageRatings, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit, STAFF_READS } from '../audit/audit.service';

export interface MessageRef {
  chatId: string;
  messageId: string;
}

/** The user's own answer in one of their live chats: the only kind of message a rating may name. */
const ownAnswer = (user: SessionUser, ref: MessageRef) =>
  and(
    eq(chatMessages.id, ref.messageId),
    eq(chatMessages.chatId, ref.chatId),
    eq(chatMessages.userId, user.id),
    eq(chatMessages.role, 'assistant'),
    isNull(chats.deletedAt),
  );

const answerNotFound = () => notFound('Answer not found');

export interface RatingView {
  rating: 'up' | 'down';
  reason: RatingReason | null;
  note: string | null;
}

/**
 * Rates one of the user's answers, or changes its rating, in one statement: the row is written only
 * when the message is the user's answer in a live chat of theirs (another's message: 404, nothing stored).
 */
export async function rateMessage(
  db: Executor,
  user: SessionUser,
  ref: MessageRef,
  input: RateMessageInput,
): Promise<RatingView> {
  const reason = input.rating === 'down' ? (input.reason ?? null) : null;
  const note = input.rating === 'down' ? input.note || null : null;
  const [saved] = await db
    .insert(messageRatings)
    .select(
      db
        .select({
          messageId: chatMessages.id,
          chatId: chatMessages.chatId,
          userId: chatMessages.userId,
          rating: sql`${input.rating}`.as('rating'),
          reason: sql`${reason}::text`.as('reason'),
          note: sql`${note}::text`.as('note'),
          ratedAt: sql`now()`.as('rated_at'),
        })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(ownAnswer(user, ref)),
    )
    .onConflictDoUpdate({
      target: messageRatings.messageId,
      set: {
        rating: sql`excluded.rating`,
        reason: sql`excluded.reason`,
        note: sql`excluded.note`,
        ratedAt: sql`excluded.rated_at`,
      },
    })
    .returning({ rating: messageRatings.rating, reason: messageRatings.reason, note: messageRatings.note });
  if (!saved) throw answerNotFound();
  return saved as RatingView;
}

/** Clears the user's rating of one of their answers (already clear: nothing to do); another's: 404. */
export async function clearRating(db: Executor, user: SessionUser, ref: MessageRef): Promise<void> {
  const [answer] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(ownAnswer(user, ref))
    .limit(1);
  if (!answer) throw answerNotFound();
  await db.delete(messageRatings).where(eq(messageRatings.messageId, answer.id));
}

/** The ratings of a chat's answers, by message id (what the chat screen shows on each answer). */
export async function ratingsOfChat(db: Executor, chatId: string): Promise<Record<string, RatingView>> {
  const rows = await db
    .select({
      messageId: messageRatings.messageId,
      rating: messageRatings.rating,
      reason: messageRatings.reason,
      note: messageRatings.note,
    })
    .from(messageRatings)
    .where(eq(messageRatings.chatId, chatId));
  return Object.fromEntries(rows.map(({ messageId, ...rating }) => [messageId, rating as RatingView]));
}

const ups = sql<number>`(count(*) filter (where ${messageRatings.rating} = 'up'))::int`;
const total = sql<number>`count(*)::int`;

/**
 * What super admins see of the ratings: the share of 👍 by the model that wrote the answer and by week
 * (the last RATING_WEEKS weeks, Monday to Sunday, UTC), and the newest 👎 with their reasons.
 */
export async function ratingsSummary(db: Executor, staff: Pick<SessionUser, 'id' | 'email'>) {
  const model = sql<string | null>`${chatMessages.model}`;
  const week = sql<string>`to_char(date_trunc('week', ${messageRatings.ratedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const since = sql`date_trunc('week', now() at time zone 'UTC') at time zone 'UTC' - ${sql.raw(`interval '${RATING_WEEKS - 1} weeks'`)}`;
  const [byModel, byWeek, latestDown] = await Promise.all([
    db
      .select({ model, up: ups, total })
      .from(messageRatings)
      .innerJoin(chatMessages, eq(chatMessages.id, messageRatings.messageId))
      .groupBy(chatMessages.model)
      .orderBy(desc(total)),
    db
      .select({ week, up: ups, total })
      .from(messageRatings)
      .where(sql`${messageRatings.ratedAt} >= ${since}`)
      .groupBy(week)
      .orderBy(desc(week)),
    db
      .select({
        messageId: messageRatings.messageId,
        chatId: messageRatings.chatId,
        chatTitle: chats.title,
        userId: messageRatings.userId,
        userEmail: users.email,
        answer: sql<string>`left(${chatMessages.content}, 300)`,
        model,
        reason: messageRatings.reason,
        note: messageRatings.note,
        ratedAt: messageRatings.ratedAt,
      })
      .from(messageRatings)
      .innerJoin(chatMessages, eq(chatMessages.id, messageRatings.messageId))
      .innerJoin(chats, eq(chats.id, messageRatings.chatId))
      .innerJoin(users, eq(users.id, messageRatings.userId))
      .where(and(eq(messageRatings.rating, 'down'), isNull(chats.deletedAt)))
      .orderBy(desc(messageRatings.ratedAt))
      .limit(LATEST_DOWN_RATINGS),
  ]);
  // The newest 👎 show users' answers: whose were read is recorded.
  await recordAudit(db, staff, {
    action: STAFF_READS.ratings,
    targetType: 'ratings',
    targetId: null,
    after: { userIds: [...new Set(latestDown.map((row) => row.userId))] },
  });
  return {
    byModel,
    byWeek,
    latestDown: latestDown.map(({ userId: _audited, ...row }) => ({
      ...row,
      reason: row.reason as RatingReason | null,
      ratedAt: row.ratedAt.toISOString(),
    })),
  };
}
