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
  await t.db.insert(chatMessages).values({ chatId: chat.id, userId: chat.userId, role, content, createdAt });
}

export async function insertTicket(t: TestApp, userId: string, values: { resolved?: boolean } = {}) {
  const [ticket] = await t.db
    .insert(supportTickets)
    .values({ userId, subject: 'Help', message: 'Something is off', ...values })
    .returning();
  return ticket!;
}
