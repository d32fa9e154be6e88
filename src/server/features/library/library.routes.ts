import { Hono } from 'hono';
import { askLibraryInput } from '../../../shared/schemas/sources';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { replyPlace } from '../../http/admission';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { streamReply } from '../chat/generation';
import { acquireGenerationSlot } from '../usage/usage.service';
import { findInLibrary, openLibraryConsultation } from './library.service';

/** The route that starts a reply: admitted by the app before its session is read (decision 052). */
export const libraryReplyPaths = ['/library/ask'] as const;

/** 'Ask your library': a question answered across the user's videos, streamed as a chat's replies are. */
export function libraryRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  return new Hono<AppEnv>().post(
    '/library/ask',
    onboarded,
    validate('json', askLibraryInput),
    rateLimit(deps, 'ask-library'),
    async (c) => {
      const place = replyPlace(c);
      const user = currentUser(c);
      const question = c.req.valid('json').question.trim();
      const library = await findInLibrary(deps, user, question);
      const slot = await acquireGenerationSlot(deps.db, user);
      try {
        const { chat, placement } = await openLibraryConsultation(deps, user, question, library);
        return streamReply(deps, {
          user,
          chat,
          kind: 'follow-up',
          question,
          history: [],
          slot,
          placement,
          place,
          library,
        });
      } catch (error) {
        await slot.release(deps.db);
        throw error;
      }
    },
  );
}
