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
 * 'Ask your library', first step: the passages of the user's live consultations that answer the
 * question, within the profile's transcript budget. 422 when the library is empty or nothing in it
 * matches (only reads: a refused question writes nothing).
 */
export async function findInLibrary(deps: AppDeps, user: SessionUser, question: string) {
  const { profile } = await loadGateState(deps.db, user);
  const library = await libraryReplySources(deps.db, user.id, question, transcriptBudget(profile));
  if (library) return library;
  if (await hasLibrary(deps.db, user.id)) throw new AppError(422, 'nothing_found', NOTHING_FOUND_MESSAGE);
  throw new AppError(422, 'empty_library', EMPTY_LIBRARY_MESSAGE);
}

/** Stores the consultation a library answer opens, on the videos it drew on, with the question. */
export async function openLibraryConsultation(
  deps: AppDeps,
  user: SessionUser,
  question: string,
  library: { libraryVideoIds: string[] },
) {
  const chatId = randomUUID();
  await storeLibraryConsultation(deps, user, { chatId, question, libraryVideoIds: library.libraryVideoIds });
  return { id: chatId };
}
