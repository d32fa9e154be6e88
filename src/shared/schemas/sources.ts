import { z } from 'zod';
import { sendMessageInput } from './consult';

/** Most videos a consultation draws on at once (removed ones do not count). */
export const MAX_CHAT_SOURCES = 20;

export const TOO_MANY_SOURCES_MESSAGE = `A consultation can draw on up to ${MAX_CHAT_SOURCES} videos: remove one first`;
export const DUPLICATE_SOURCE_MESSAGE = 'This video is already a source of this consultation';
export const LAST_SOURCE_MESSAGE = 'A consultation keeps at least one video';
export const EMPTY_LIBRARY_MESSAGE =
  'Your library has no videos yet: start a consultation from a video first';
export const NOTHING_FOUND_MESSAGE =
  'None of your videos talks about that. Try other words, or add the video that does.';

export const sourceParams = z.object({
  chatId: z.uuid('Not a chat id'),
  sourceId: z.uuid('Not a source id'),
});

/** A question asked across every video of the user's consultations. */
export const askLibraryInput = z.object({ question: sendMessageInput.shape.content });
