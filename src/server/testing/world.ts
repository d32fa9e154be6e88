import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { monthKey } from '../../shared/dates';
import { chats, supportTickets, usageMonths } from '../db/schema';
import { insertSource, type SourceVideo } from '../features/chat/sources.service';
import { SAMPLE_PROFILE, uniqueEmail } from './fixtures';
import { appendMessage } from './library-fixtures';
import { insertMemory } from './memory';
import { insertPlanItem } from './plan';
import type { TestApp, TestUser } from './test-app';
import type { TestClient } from './test-client';

/** Who makes a request in the authorization matrix. */
export const ACTORS = ['anonymous', 'owner', 'other', 'admin', 'superAdmin'] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;

export interface WorldUser extends TestUser {
  /** A string planted in every row this user owns: no one else may ever see it. */
  marker: string;
  chatId: string;
  ticketId: string;
}

/**
 * A small populated product: four onboarded accounts (two users, an admin, a super admin), each with a
 * profile, a chat with a message, a support ticket, usage and a memory, all marked with the account's marker.
 */
export interface World {
  t: TestApp;
  users: Record<SignedInActor, WorldUser>;
  clientOf(actor: Actor): TestClient;
  /** A new live chat of `user`, for routes that consume or destroy one (answered unless told not). */
  freshChat(user: WorldUser, options?: { answered?: boolean }): Promise<string>;
  /** A new chat of `user` with a second video, for routes that remove one. */
  freshSource(user: WorldUser): Promise<{ chatId: string; sourceId: string }>;
  /** A new chat of `user` whose branch on screen is a question and its answer `messageId`, for routes on either. */
  freshAnswer(user: WorldUser): Promise<{ chatId: string; questionId: string; messageId: string }>;
}

const ROLE_OF: Record<SignedInActor, 'user' | 'admin' | 'super_admin'> = {
  owner: 'user',
  other: 'user',
  admin: 'admin',
  superAdmin: 'super_admin',
};

export async function buildWorld(t: TestApp): Promise<World> {
  const anonymous = t.client();
  const entries = await Promise.all(
    (Object.keys(ROLE_OF) as SignedInActor[]).map(
      async (actor) => [actor, await populatedUser(t, actor)] as const,
    ),
  );
  const users = Object.fromEntries(entries) as Record<SignedInActor, WorldUser>;
  return {
    t,
    users,
    clientOf: (actor) => (actor === 'anonymous' ? anonymous : users[actor].client),
    freshChat: (user, options) => insertChat(t, user.id, user.marker, options?.answered ?? true),
    async freshSource(user) {
      const chatId = await insertChat(t, user.id, user.marker);
      const source = await insertSource(
        t.db,
        { chatId, userId: user.id },
        2,
        video(`A second video. Secret ${user.marker}.`),
      );
      return { chatId, sourceId: source.id };
    },
    async freshAnswer(user) {
      const chat = { id: await insertChat(t, user.id, user.marker, false), userId: user.id };
      const questionId = await appendMessage(t, chat, { role: 'user', content: `Question ${user.marker}` });
      const messageId = await appendMessage(t, chat, {
        role: 'assistant',
        content: `Answer ${user.marker}`,
        model: 'offline',
      });
      return { chatId: chat.id, questionId, messageId };
    },
  };
}

async function populatedUser(t: TestApp, actor: SignedInActor): Promise<WorldUser> {
  const marker = `MARK${actor.toUpperCase()}${randomBytes(4).toString('hex')}`;
  const user = await t.createUser({
    email: uniqueEmail(actor.toLowerCase()),
    name: `${actor} ${marker}`,
    role: ROLE_OF[actor],
    freePlan: 'free',
    profile: { ...SAMPLE_PROFILE, businessName: `Business ${marker}`, elevatorPitch: `Pitch ${marker}` },
  });
  const chatId = await insertChat(t, user.id, marker);
  const [ticket] = await t.db
    .insert(supportTickets)
    .values({ userId: user.id, subject: `Subject ${marker}`, message: `Help ${marker}` })
    .returning({ id: supportTickets.id });
  await t.db.insert(usageMonths).values({ userId: user.id, month: monthKey(), tokens: 1234, messages: 3 });
  await insertPlanItem(t.db, user.id, {
    title: `Step ${marker}`,
    why: `Why ${marker}`,
    note: `Note ${marker}`,
  });
  await insertMemory(t.db, user.id, `We bake for ${marker}`);
  return { ...user, marker, chatId, ticketId: ticket!.id };
}

/** A timed video of one line, at 00:05. */
function video(text: string): SourceVideo {
  const segments = [{ start: 5, duration: 4, text }];
  return {
    transcript: `[00:05] ${text}`,
    segments,
    videoId: null,
    youtubeUrl: null,
    title: null,
    language: null,
  };
}

async function insertChat(t: TestApp, userId: string, marker: string, answered = true): Promise<string> {
  const own = video(`Grow a bakery with subscriptions. Secret ${marker}.`);
  const [chat] = await t.db
    .insert(chats)
    .values({ userId, title: `Chat ${marker}`, transcript: own.transcript, transcriptSegments: own.segments })
    .returning({ id: chats.id });
  await insertSource(t.db, { chatId: chat!.id, userId }, 1, own);
  // An answered chat has messages and its first answer claimed; an unanswered one awaits its first answer.
  if (answered) {
    await appendMessage(t, { id: chat!.id, userId }, { role: 'user', content: `Question ${marker}` });
    await t.db.update(chats).set({ firstReplyClaimedAt: new Date() }).where(eq(chats.id, chat!.id));
  }
  return chat!.id;
}
