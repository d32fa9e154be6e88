import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { chatMessages, chats, users } from '../../db/schema';
import { insertOldRow, migrateBefore } from '../../testing/migrations';
import { openTestDatabase } from '../../testing/test-database';
import { listBranch } from './chat.queries';

/**
 * A database as it stood before message branches (decision 041), migrated: every chat is one branch,
 * its messages in the order they were shown, the branch on screen ending at the newest.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;

const at = (second: number) => new Date(`2026-03-01T10:00:${String(second).padStart(2, '0')}Z`);

let answered: string;
let empty: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrateBefore(database, '_message-branches');
  await insertOldRow(db, users, { id: 'user-maya', name: 'Maya', email: 'maya@example.com' });
  answered = await insertOldRow(db, chats, { userId: 'user-maya', transcript: 'A talk on pricing.' });
  empty = await insertOldRow(db, chats, {
    userId: 'user-maya',
    transcript: 'A talk awaiting its first answer.',
  });
  const message = (role: 'user' | 'assistant', content: string, second: number) => ({
    chatId: answered,
    userId: 'user-maya',
    role,
    content,
    createdAt: at(second),
  });
  // Inserted out of order; the last two in the same instant, told apart by their insertion order.
  for (const row of [
    message('user', 'How do I price?', 2),
    message('assistant', 'First.', 1),
    message('assistant', 'Raise slowly.', 3),
    message('assistant', 'Sorry, an error.', 3),
  ]) {
    await insertOldRow(db, chatMessages, row);
  }
  await migrateDatabase(database);
});
afterAll(() => database.close());

describe('migrating chats to message branches', () => {
  it('links each message to the one shown before it and shows the branch ending at the newest', async () => {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, answered))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.seq));
    expect(rows.map((row) => row.content)).toEqual([
      'First.',
      'How do I price?',
      'Raise slowly.',
      'Sorry, an error.',
    ]);
    expect(rows.map((row) => row.parentId)).toEqual([null, rows[0]!.id, rows[1]!.id, rows[2]!.id]);
    const [leaf] = await db.select({ id: chats.currentLeafId }).from(chats).where(eq(chats.id, answered));
    expect(leaf!.id).toBe(rows[3]!.id);

    const branch = await listBranch(db, answered);
    expect(branch.map((message) => message.content)).toEqual(rows.map((row) => row.content));
    expect(branch.every((message) => message.versionIds.length === 1)).toBe(true);
  });

  it('leaves a chat without messages without a branch', async () => {
    const [chat] = await db
      .select({ leaf: chats.currentLeafId, claimed: chats.regenerationClaimedAt })
      .from(chats)
      .where(eq(chats.id, empty));
    expect(chat).toEqual({ leaf: null, claimed: null });
    expect(await listBranch(db, empty)).toEqual([]);
  });
});
