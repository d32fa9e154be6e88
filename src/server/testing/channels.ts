import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { channelFollows, channels } from '../db/schema';

/** A random, valid YouTube channel id ('UC' and 22 characters). */
export const randomChannelId = () => `UC${randomBytes(17).toString('base64url').slice(0, 22)}`;

/** A channel already read (so following it asks YouTube nothing), followed by `followers`: its id. */
export async function insertChannel(db: Database, followers: string[] = []): Promise<string> {
  const id = randomChannelId();
  await db.insert(channels).values({ id, title: `Channel ${id}`, state: 'ok' });
  if (followers.length)
    await db.insert(channelFollows).values(followers.map((userId) => ({ userId, channelId: id })));
  return id;
}
