import { randomUUID } from 'node:crypto';
import type { CreateChatInput } from '../../../shared/schemas/consult';
import { EMPTY_LIBRARY_MESSAGE, NOTHING_FOUND_MESSAGE } from '../../../shared/schemas/sources';
import type { AppDeps, SessionUser } from '../../context';
import { AppError } from '../../http/errors';
import { loadGateState } from '../account/gate.service';
import { accessChat, linkOf, readVideo, storeLibraryConsultation } from '../consult/consult.service';
import { transcriptBudget } from '../consult/prompt';
import {
  addSource,
  assertRoomFor,
  hasLibrary,
  libraryReplySources,
  removeSource,
  type SourceSummary,
} from '../sources/sources.service';

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

/**
 * 'Ask your library': finds the passages of the user's live consultations that answer the question
 * (within the profile's transcript budget) and stores the consultation it opens on their videos, with
 * the question. 422, storing nothing, when the library is empty or nothing in it matches.
 */
export async function openLibraryConsultation(deps: AppDeps, user: SessionUser, question: string) {
  const { profile } = await loadGateState(deps.db, user);
  const library = await libraryReplySources(deps.db, user.id, question, transcriptBudget(profile));
  if (!library) {
    if (await hasLibrary(deps.db, user.id)) throw new AppError(422, 'nothing_found', NOTHING_FOUND_MESSAGE);
    throw new AppError(422, 'empty_library', EMPTY_LIBRARY_MESSAGE);
  }
  const chatId = randomUUID();
  await storeLibraryConsultation(deps, user, { chatId, question, libraryVideoIds: library.libraryVideoIds });
  return { chat: { id: chatId }, library };
}
