import { Hono } from 'hono';
import { chatExportQuery, chatSearchQuery, renameChatInput } from '../../../shared/schemas/chats';
import { uuidParam } from '../../../shared/schemas/common';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { chatToMarkdown, chatToPdf, exportFileName } from './chat-export';
import { recentChats } from './chats.queries';
import {
  canStartConsultation,
  deleteOwnChat,
  loadOwnChat,
  renameOwnChat,
  searchOwnChats,
} from './chats.service';

const CONTENT_TYPES = { md: 'text/markdown; charset=utf-8', pdf: 'application/pdf' } as const;

/** The signed-in user's chat library: recent list, search, rename, soft delete, export. */
export function chatsRoutes({ db }: AppDeps) {
  // Per route, not `.use()`: mounted at /chats, a sub-app's middleware would also run before the
  // consultation's own /chats/:chatId routes.
  const onboarded = requireOnboarded(db);
  return new Hono<AppEnv>()
    .get('/', onboarded, async (c) => {
      const user = currentUser(c);
      const [recent, canStart] = await Promise.all([
        recentChats(db, user.id),
        canStartConsultation(db, user),
      ]);
      return c.json({ ...recent, canStartConsultation: canStart }, 200);
    })
    .get('/search', onboarded, validate('query', chatSearchQuery), async (c) => {
      const { q, page } = c.req.valid('query');
      const userId = currentUser(c).id;
      const result = await searchOwnChats(db, userId, q, page);
      return c.json({ ...result, page }, 200);
    })
    .patch('/:id', onboarded, validate('param', uuidParam), validate('json', renameChatInput), async (c) => {
      const chat = await renameOwnChat(
        db,
        currentUser(c),
        c.req.valid('param').id,
        c.req.valid('json').title,
      );
      return c.json({ chat }, 200);
    })
    .delete('/:id', onboarded, validate('param', uuidParam), async (c) => {
      await deleteOwnChat(db, currentUser(c), c.req.valid('param').id);
      return c.json({ deleted: true as const }, 200);
    })
    .get(
      '/:id/export',
      onboarded,
      validate('param', uuidParam),
      validate('query', chatExportQuery),
      async (c) => {
        const { format } = c.req.valid('query');
        const exportable = await loadOwnChat(db, currentUser(c), c.req.valid('param').id);
        const body = format === 'md' ? chatToMarkdown(exportable) : await chatToPdf(exportable);
        return c.body(new Uint8Array(Buffer.from(body)), 200, {
          'Content-Type': CONTENT_TYPES[format],
          'Content-Disposition': `attachment; filename="${exportFileName(exportable.chat.title, format)}"`,
        });
      },
    );
}
