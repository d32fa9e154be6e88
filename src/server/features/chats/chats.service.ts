import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { chats } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { findLiveChat } from '../chat/chat.queries';
import { messagesOnScreen } from '../chat/chat.service';
import { chatSourcesView, sourceTranscripts } from '../chat/sources.service';
import { revokeChatLinks } from '../share/share.service';
import { isOverLimit } from '../usage/usage.service';
import { pageChats, searchChats } from './chats.queries';

type Actor = Pick<SessionUser, 'id' | 'email'>;

const chatNotFound = () => notFound('Chat not found');

/** Whether the user may start a consultation now (the spec hides 'New Consultation' when exceeded). */
export async function canStartConsultation(db: Database, user: SessionUser): Promise<boolean> {
  return !(await isOverLimit(db, user));
}

/** Renames a live chat; `ownerId` scopes it to its owner (a user), or null for staff. */
async function updateTitle(tx: Executor, chatId: string, ownerId: string | null, title: string) {
  const [row] = await tx
    .update(chats)
    .set({ title })
    .where(
      and(eq(chats.id, chatId), isNull(chats.deletedAt), ownerId ? eq(chats.userId, ownerId) : undefined),
    )
    .returning({ id: chats.id, title: chats.title });
  if (!row) throw chatNotFound();
  return row;
}

async function markDeleted(tx: Executor, chatId: string, ownerId: string | null) {
  const [row] = await tx
    .update(chats)
    .set({ deletedAt: new Date() })
    .where(
      and(eq(chats.id, chatId), isNull(chats.deletedAt), ownerId ? eq(chats.userId, ownerId) : undefined),
    )
    .returning({ id: chats.id });
  if (!row) throw chatNotFound();
  await revokeChatLinks(tx, chatId);
}

/** The ids of every chat of a user, deleted ones included (for erasing the account). */
export async function chatIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: chats.id }).from(chats).where(eq(chats.userId, userId));
  return rows.map((row) => row.id);
}

export const renameOwnChat = (db: Database, user: SessionUser, chatId: string, title: string) =>
  updateTitle(db, chatId, user.id, title);

/** Soft delete: the chat disappears from every list and can no longer be opened. */
export const deleteOwnChat = (db: Database, user: SessionUser, chatId: string) =>
  markDeleted(db, chatId, user.id);

/** A live chat with its messages and videos, the owner's only (another user's chat is not found). */
/** A page of the user's saved consultations, newest first, or those matching `q` (Saved Chats' search). */
export function searchOwnChats(db: Executor, userId: string, q: string, page: number) {
  return q ? searchChats(db, userId, q, page) : pageChats(db, userId, page);
}

export async function loadOwnChat(db: Database, user: SessionUser, chatId: string) {
  const chat = await findLiveChat(db, chatId, user.id);
  if (!chat) throw chatNotFound();
  const [messages, sources, transcripts] = await Promise.all([
    messagesOnScreen(db, chat.id),
    chatSourcesView(db, chat.id),
    sourceTranscripts(db, chat.id),
  ]);
  return { chat, messages, sources, transcripts };
}

export async function renameChatAsStaff(db: Database, actor: Actor, chatId: string, title: string) {
  return db.transaction(async (tx) => {
    const before = await findLiveChat(tx, chatId);
    if (!before) throw chatNotFound();
    const after = await updateTitle(tx, chatId, null, title);
    await recordAudit(tx, actor, {
      action: 'chat.rename',
      targetType: 'chat',
      targetId: chatId,
      before: { title: before.title, userId: before.userId },
      after: { title: after.title },
    });
    return after;
  });
}

export async function deleteChatAsStaff(db: Database, actor: Actor, chatId: string) {
  await db.transaction(async (tx) => {
    const before = await findLiveChat(tx, chatId);
    if (!before) throw chatNotFound();
    await markDeleted(tx, chatId, null);
    await recordAudit(tx, actor, {
      action: 'chat.delete',
      targetType: 'chat',
      targetId: chatId,
      before: { title: before.title, userId: before.userId, deleted: false },
      after: { deleted: true },
    });
  });
}
