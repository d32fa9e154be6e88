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
