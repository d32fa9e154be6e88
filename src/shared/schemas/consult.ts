import { z } from 'zod';
import { languageCode } from '../languages';
import { MAX_CAPTION_FILE_BYTES, MAX_TRANSCRIPT_CHARS } from '../transcript';
import { INVALID_YOUTUBE_URL, parseYouTubeVideoId } from '../youtube';
import { hasNoNul, NUL_IN_TEXT_MESSAGE } from './common';

/** Largest chat message (characters). */
export const MAX_MESSAGE_CHARS = 10_000;

export const BLANK_TRANSCRIPT_MESSAGE = 'Paste a transcript first';
export const BLANK_MESSAGE_MESSAGE = 'Type a message first';

const youtubeUrl = z
  .string()
  .trim()
  .max(2_000, INVALID_YOUTUBE_URL)
  .refine((value) => parseYouTubeVideoId(value) !== null, INVALID_YOUTUBE_URL);

/** A link kept with a pasted or uploaded transcript (after YouTube refused us): optional, but valid when given. */
const optionalYoutubeUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  youtubeUrl.optional(),
);

const transcriptText = z
  .string()
  .max(
    MAX_TRANSCRIPT_CHARS,
    `Keep the transcript under ${MAX_TRANSCRIPT_CHARS.toLocaleString('en-US')} characters`,
  )
  .refine((value) => value.trim().length > 0, BLANK_TRANSCRIPT_MESSAGE)
  .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

const CAPTION_FILE_TOO_LARGE = 'Caption files can be up to 2 MB';

/** A caption file's text: at most 2 MB as UTF-8, the size the file had (a character may take 4 bytes). */
const captionFileContent = z
  .string()
  .max(MAX_CAPTION_FILE_BYTES, CAPTION_FILE_TOO_LARGE)
  .refine(
    (value) => new TextEncoder().encode(value).byteLength <= MAX_CAPTION_FILE_BYTES,
    CAPTION_FILE_TOO_LARGE,
  )
  .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

export const CAPTION_TRACK_ID_MESSAGE = 'Choose a caption track from the list';

/**
 * A video's caption track as YouTube names it (its `vssId`): '.' and the language code for the
 * uploader's own captions ('.es', '.en.nP7-2PuUl7o' for a second English one), 'a.' for automatic ones.
 */
export const captionTrackId = z
  .string()
  .max(100, CAPTION_TRACK_ID_MESSAGE)
  .regex(/^a?\.[A-Za-z0-9][\w.-]*$/, CAPTION_TRACK_ID_MESSAGE);

/**
 * A pasted or uploaded transcript's language, as the user confirmed it: one of ours, or null when it
 * is not listed. Left out, the server detects it.
 */
const transcriptLanguageInput = languageCode.nullable().optional();

/** The three ways to start a consultation: a YouTube link, a pasted transcript, or a caption file. */
export const createChatInput = z.discriminatedUnion('source', [
  z.object({ source: z.literal('youtube'), youtubeUrl, trackId: captionTrackId.optional() }),
  z.object({
    source: z.literal('manual'),
    transcript: transcriptText,
    youtubeUrl: optionalYoutubeUrl,
    language: transcriptLanguageInput,
  }),
  z.object({
    source: z.literal('captions'),
    fileName: z
      .string()
      .trim()
      .max(255)
      .regex(/\.(srt|vtt)$/i, 'Upload an .srt or .vtt caption file'),
    content: captionFileContent,
    youtubeUrl: optionalYoutubeUrl,
    language: transcriptLanguageInput,
  }),
]);
export type CreateChatInput = z.infer<typeof createChatInput>;

/** `?youtubeUrl=`: the video whose caption tracks the intake offers. */
export const captionTracksQuery = z.object({ youtubeUrl });

export const sendMessageInput = z.object({
  content: z
    .string()
    .max(MAX_MESSAGE_CHARS, `Keep your message under ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters`)
    .refine((value) => value.trim().length > 0, BLANK_MESSAGE_MESSAGE)
    .refine(hasNoNul, NUL_IN_TEXT_MESSAGE),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;

export const chatIdParam = z.object({ chatId: z.uuid('Not a chat id') });

export const messageParams = chatIdParam.extend({ messageId: z.uuid('Not a message id') });

/** A version's arrows: show the branch that holds this message. */
export const showVersionInput = z.object({ messageId: z.uuid('Not a message id') });

/**
 * `?ia=1`: a super admin reading someone else's chat (read-only). `version`: show the branch through this
 * message (the newest below it) in this answer only, stored nowhere: how staff step through versions.
 */
export const chatViewQuery = z.object({
  ia: z.enum(['0', '1']).optional(),
  version: z.uuid('Not a message id').optional(),
});

/** Following a chat's live answer: `ia=1` for staff reading another's chat (decision 065). */
export const followReplyQuery = chatViewQuery.pick({ ia: true });

/** The spec's apologies, stored as the assistant's message where a reply failed. */
export const REPLY_FAILED_MESSAGE = 'Sorry, I encountered an error while processing your request.';
export const FIRST_REPLY_FAILED_MESSAGE =
  'I apologize, but I encountered an error while processing your request. Please try again in a moment.';
