import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatSources, videoPassages } from '../../db/schema';

/** The timed passages of every source of a chat (removed ones too), by source number, in video order. */
export function chatSourcePassages(db: Executor, chatId: string) {
  return db
    .select({ number: chatSources.number, start: videoPassages.startSeconds, text: videoPassages.text })
    .from(chatSources)
    .innerJoin(videoPassages, eq(videoPassages.libraryVideoId, chatSources.libraryVideoId))
    .where(eq(chatSources.chatId, chatId))
    .orderBy(asc(chatSources.number), asc(videoPassages.position));
}
