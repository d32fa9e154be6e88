import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../context';
import { chats, users } from '../../db/schema';
import { createManualChat, settleReplies } from '../../testing/consult';
import { collectGarbage } from '../../testing/disconnect';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/ui-stream';
import { acquireGenerationSlot } from '../usage/usage.service';
import { streamReply } from './generation';

/**
 * A streaming reply carries no more than it needs: once its prompt is built, nothing of the chat row,
 * its transcript or its segments is reachable from it (a WeakRef to each and a full collection while the
 * offline model's gate holds the reply mid-stream).
 */

const TRANSCRIPT = Array.from(
  { length: 200 },
  (_, i) =>
    `${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}\nIdea ${i}: referrals, pricing and retention.`,
).join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.offlineGate.open());

async function sessionUser(id: string): Promise<SessionUser> {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user as SessionUser;
}

/**
 * A follow-up on the stored chat, started from its row as the route starts it, held by the gate. The
 * row lives in this function only (a suspended async caller could keep it in a register).
 */
async function heldReply(chatId: string, userId: string) {
  const user = await sessionUser(userId);
  const slot = await acquireGenerationSlot(t.db, user);
  const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
  t.offlineGate.close();
  const response = streamReply(t.deps, {
    user,
    chat: row!,
    kind: 'follow-up',
    question: 'How do referrals work?',
    history: [],
    slot,
    // The chat has no message yet: the answer is its first (decision 041).
    placement: { parentId: null, leafBefore: null },
    place: t.deps.admission.admit()!,
  });
  return { response, row: new WeakRef(row!), segments: new WeakRef(row!.transcriptSegments as object) };
}

describe('a streaming reply', () => {
  it('keeps nothing of the chat row, its transcript or its segments once its prompt is built', async () => {
    const account = await t.createOnboardedUser();
    const chatId = await createManualChat(account, TRANSCRIPT);
    const { response, row, segments } = await heldReply(chatId, account.id);
    // The first words have streamed: the prompt is built, and the gate holds the rest.
    expect(await readUntil(response, (text) => text.length > 0)).toContain('Here');
    // A WeakRef keeps its target until the current job ends: let it end, then collect.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(row.deref(), 'the chat row').toBeUndefined();
    expect(segments.deref(), 'its segments').toBeUndefined();
    t.offlineGate.open();
    const reader = response.body!.getReader();
    while (!(await reader.read()).done);
    await settleReplies(t.db);
  });
});
