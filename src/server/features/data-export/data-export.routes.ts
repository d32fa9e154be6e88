import { Hono } from 'hono';
import { uuidParam } from '../../../shared/schemas/common';
import { dataExportFileName } from '../../../shared/schemas/data-export';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { exportArchive, latestExport, requestExport } from './data-export.service';

/** "Download my data": the owner asks for an archive, sees when it is ready, and downloads it. */
export function dataExportRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => c.json({ export: await latestExport(db, currentUser(c)) }, 200))
    .post('/', rateLimit(deps, 'data-export'), async (c) => {
      return c.json({ export: await requestExport(deps, currentUser(c)) }, 202);
    })
    .get('/:id/download', validate('param', uuidParam), async (c) => {
      const { archive, createdAt } = await exportArchive(db, currentUser(c), c.req.valid('param').id);
      return c.body(archive, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${dataExportFileName(createdAt)}"`,
        'Cache-Control': 'no-store',
      });
    });
}
