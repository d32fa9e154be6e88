import { z } from 'zod';

/**
 * A share link's token as it arrives in a URL. Anything up to this length is looked up (an unknown
 * token, a revoked one and a malformed one all answer the same 404).
 */
export const shareTokenParam = z.object({ token: z.string().min(1).max(128) });

export const shareLinkParam = z.object({
  chatId: z.uuid('Not a chat id'),
  linkId: z.uuid('Not a valid id'),
});

/** What the owner is told before sharing. */
export const SHARE_WARNING =
  'Anyone with the link can read this conversation, including what your answers say about your business. The link shares the messages on screen now; later messages are not shared.';

/** Where a shared conversation is read, without signing in. */
export const sharedPagePath = (token: string) => `/shared/${encodeURIComponent(token)}`;

/** What the owner chooses as they share (decision 059). */
export const createShareLinkInput = z.object({
  /** Whether "Save a copy" carries the pasted transcripts too; off unless the owner ticks it. */
  copiesKeepTranscript: z.boolean('Must be true or false').default(false),
});
export type CreateShareLinkInput = z.input<typeof createShareLinkInput>;

export const COPIES_KEEP_TRANSCRIPT_LABEL = 'Let saved copies keep the transcript';
export const COPIES_KEEP_TRANSCRIPT_HINT =
  'Off: a saved copy carries the messages and the videos’ links, not a transcript you pasted.';

/** Live links one consultation may have at once; past it, one must be revoked first. */
export const MAX_LIVE_SHARE_LINKS = 20;
export const TOO_MANY_SHARE_LINKS_MESSAGE = `This consultation already has ${MAX_LIVE_SHARE_LINKS} live links. Revoke one to make another.`;

/**
 * What a saved copy holds in place of a transcript the owner did not let copies keep: its passages,
 * the transcript panel and the model all read this, so follow-ups answer from the shared messages only.
 */
export const TRANSCRIPT_NOT_SHARED_NOTE =
  'The owner shared this conversation without its transcript. Answers in this copy draw on the shared messages, not on the video.';
