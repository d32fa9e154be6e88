import { randomUUID } from 'node:crypto';
import { EMPTY_LIBRARY_MESSAGE, NOTHING_FOUND_MESSAGE } from '../../../shared/schemas/sources';
import type { AppDeps, SessionUser } from '../../context';
import { AppError } from '../../http/errors';
import { loadGateState } from '../account/gate.service';
import { storeLibraryConsultation } from '../chat/chat.service';
import { transcriptBudget } from '../chat/prompt';
import { hasLibrary, libraryReplySources } from '../chat/sources.service';

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
  const placement = await storeLibraryConsultation(deps, user, {
    chatId,
    question,
    libraryVideoIds: library.libraryVideoIds,
  });
  return { chat: { id: chatId }, placement };
}
