import { eq } from 'drizzle-orm';
import { chatMessages, chats, supportTickets } from '../db/schema';
import type { TestApp } from './test-app';

type ChatValues = Partial<typeof chats.$inferInsert>;

/** A chat row written straight to the database (the consultation issue owns creating them). */
export async function insertChat(t: TestApp, userId: string, values: ChatValues = {}) {
  const [chat] = await t.db
    .insert(chats)
    .values({ userId, transcript: 'A short transcript about growing a small business.', ...values })
    .returning();
  return chat!;
}

export async function insertMessage(
  t: TestApp,
  chat: { id: string; userId: string },
  role: 'user' | 'assistant',
  content: string,
  createdAt = new Date(),
) {
  await appendMessage(t, chat, { role, content, createdAt });
}

/** A message written straight to the database at the end of the chat's branch on screen, which it then ends. */
export async function appendMessage(
  t: Pick<TestApp, 'db'>,
  chat: { id: string; userId: string },
  values: Omit<typeof chatMessages.$inferInsert, 'chatId' | 'userId' | 'parentId'>,
): Promise<string> {
  return t.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ leafId: chats.currentLeafId })
      .from(chats)
      .where(eq(chats.id, chat.id))
      .for('update');
    const [message] = await tx
      .insert(chatMessages)
      .values({ ...values, chatId: chat.id, userId: chat.userId, parentId: current?.leafId ?? null })
      .returning({ id: chatMessages.id });
    await tx.update(chats).set({ currentLeafId: message!.id }).where(eq(chats.id, chat.id));
    return message!.id;
  });
}

export async function insertTicket(t: TestApp, userId: string, values: { resolved?: boolean } = {}) {
  const [ticket] = await t.db
    .insert(supportTickets)
    .values({ userId, subject: 'Help', message: 'Something is off', ...values })
    .returning();
  return ticket!;
}
