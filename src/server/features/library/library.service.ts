import type { CreateChatInput } from '../../../shared/schemas/consult';
import type { AppDeps, SessionUser } from '../../context';
import { accessChat, linkOf, readVideo } from '../consult/consult.service';
import { addSource, assertRoomFor, removeSource, type SourceSummary } from '../sources/sources.service';

/**
 * Adds a video to the user's chat with any of the three intakes. A full chat or a video it already has
 * is refused before the transcript is fetched; nothing is stored unless all of it is.
 */
export async function addVideoToChat(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  input: CreateChatInput,
): Promise<SourceSummary> {
  const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
  await assertRoomFor(deps.db, chat.id, linkOf(input.youtubeUrl).videoId);
  const video = await readVideo(deps, input);
  return addSource(deps.db, { chatId: chat.id, userId: user.id }, video);
}

/** Removes a video from the user's chat (the chat keeps at least one). */
export async function removeVideoFromChat(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  sourceId: string,
): Promise<void> {
  const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
  await removeSource(deps.db, chat.id, sourceId);
}
