import { Hono } from 'hono';
import { affiliateMessageInput } from '../../../shared/schemas/support';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { sendAffiliateRequest } from './affiliate.service';

export function affiliateRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    requireUser,
    validate('json', affiliateMessageInput),
    rateLimit(deps, 'affiliate'),
    async (c) => {
      try {
        await sendAffiliateRequest(deps, currentUser(c), c.req.valid('json'));
      } catch (error) {
        deps.logger.warn({ err: error }, 'affiliate mail not delivered');
        throw new AppError(502, 'mail_failed', 'Failed to send affiliate message');
      }
      return c.json({ sent: true as const }, 200);
    },
  );
}
