import { Hono } from 'hono';
import { adminUsersQuery, auditQuery, setRoleInput, userIdParam } from '../../../shared/schemas/admin';
import { renameChatInput } from '../../../shared/schemas/chats';
import { uuidParam } from '../../../shared/schemas/common';
import { pageCursorQuery } from '../../../shared/schemas/pagination';
import { ticketReplyInput } from '../../../shared/schemas/support';
import { currentUser, requireRole } from '../../auth/middleware';
import { toSessionUser } from '../../auth/session';
import type { AppDeps, AppEnv, SessionUser } from '../../context';
import { validate } from '../../http/validate';
import { recordUserRead, type StaffRead } from '../audit/audit.service';
import { pageOfChats } from '../chats/chats.queries';
import { deleteChatAsStaff, renameChatAsStaff } from '../chats/chats.service';
import { getProfile } from '../profile/profile.service';
import { listTicketThreads } from '../support/support.queries';
import { replyAsSupport, resolveTicket } from '../support/support.service';
import { getUsageSummary } from '../usage/usage.service';
import { listWaitlist } from '../waitlist/waitlist.service';
import { listAudit } from './admin-audit.queries';
import { findUser, getUserDetail, listUsers, setUserRole } from './admin-users.service';

/**
 * The admin console's API. Every route is behind the super admin check (401 signed out, 403 for
 * users and admins); every change records an audit row in the transaction that makes it, and every
 * read of one user's data records one too (who read what of whom).
 */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps;
  /** The user a per-user read is about (404 when there is none), with the read recorded in the audit log. */
  const readUser = async (staff: SessionUser, id: string, read: Exclude<StaffRead, 'chat' | 'ratings'>) => {
    const user = await findUser(db, id);
    await recordUserRead(db, staff, read, user.id);
    return user;
  };
  return (
    new Hono<AppEnv>()
      .use(requireRole('super_admin'))
      .get('/users', validate('query', adminUsersQuery), async (c) => {
        const { q, page } = c.req.valid('query');
        return c.json(await listUsers(db, q, page), 200);
      })
      .get('/users/:id', validate('param', userIdParam), async (c) => {
        const detail = await getUserDetail(db, c.req.valid('param').id);
        await recordUserRead(db, currentUser(c), 'user', detail.user.id);
        return c.json(detail, 200);
      })
      .put('/users/:id/role', validate('param', userIdParam), validate('json', setRoleInput), async (c) => {
        const user = await setUserRole(db, currentUser(c), c.req.valid('param').id, c.req.valid('json').role);
        return c.json({ user }, 200);
      })
      .get('/users/:id/profile', validate('param', userIdParam), async (c) => {
        const user = await readUser(currentUser(c), c.req.valid('param').id, 'profile');
        return c.json({ profile: { ...(await getProfile(db, user.id)), email: user.email } }, 200);
      })
      .get('/users/:id/usage', validate('param', userIdParam), async (c) => {
        const user = await readUser(currentUser(c), c.req.valid('param').id, 'usage');
        return c.json(await getUsageSummary(db, toSessionUser(user)), 200);
      })
      .get(
        '/users/:id/tickets',
        validate('param', userIdParam),
        validate('query', pageCursorQuery('tickets')),
        async (c) => {
          const user = await readUser(currentUser(c), c.req.valid('param').id, 'tickets');
          return c.json(await listTicketThreads(db, user.id, c.req.valid('query').cursor), 200);
        },
      )
      .get(
        '/users/:id/chats',
        validate('param', userIdParam),
        validate('query', pageCursorQuery('chats')),
        async (c) => {
          const user = await readUser(currentUser(c), c.req.valid('param').id, 'chats');
          return c.json(await pageOfChats(db, user.id, c.req.valid('query').cursor), 200);
        },
      )
      .patch('/chats/:id', validate('param', uuidParam), validate('json', renameChatInput), async (c) => {
        const chat = await renameChatAsStaff(
          db,
          currentUser(c),
          c.req.valid('param').id,
          c.req.valid('json').title,
        );
        return c.json({ chat }, 200);
      })
      .delete('/chats/:id', validate('param', uuidParam), async (c) => {
        await deleteChatAsStaff(db, currentUser(c), c.req.valid('param').id);
        return c.json({ deleted: true as const }, 200);
      })
      .post(
        '/tickets/:id/replies',
        validate('param', uuidParam),
        validate('json', ticketReplyInput),
        async (c) => {
          const { id } = c.req.valid('param');
          const reply = await replyAsSupport(deps, currentUser(c), id, c.req.valid('json').message);
          return c.json({ reply }, 201);
        },
      )
      .post('/tickets/:id/resolve', validate('param', uuidParam), async (c) => {
        const ticket = await resolveTicket(db, currentUser(c), c.req.valid('param').id);
        return c.json({ ticket }, 200);
      })
      .get('/waitlist', async (c) => c.json(await listWaitlist(db), 200))
      .get('/audit', validate('query', auditQuery), async (c) => {
        return c.json(await listAudit(db, c.req.valid('query')), 200);
      })
      // The job queue's health (decision 045): waiting, running, failed in 24 h, each schedule's last run.
      .get('/jobs', async (c) => c.json(await deps.jobs.health(), 200))
  );
}
