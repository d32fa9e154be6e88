import { and, desc, eq, gt, lte, or } from 'drizzle-orm';
import {
  DATA_EXPORT_DAYS,
  DATA_EXPORT_MESSAGES,
  dataExportDownloadPath,
} from '../../../shared/schemas/data-export';
import { MailNotDelivered } from '../../adapters/mail';
import type { AppDeps, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { dataExports, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import type { JobDefinition } from '../../jobs';
import { buildArchive } from './archive';
import { dataExportReadyMail } from './data-export.emails';

export const BUILD_DATA_EXPORT_JOB = 'build-data-export';
export const EXPIRE_DATA_EXPORTS_JOB = 'expire-data-exports';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A request still pending after this long lost its job (it failed every retry): a new one may start. */
const PENDING_STALE_MS = 60 * 60 * 1000;
/** What is left of an expired archive (its dates) goes after this long. */
const EXPIRED_KEPT_DAYS = 30;

const summaryColumns = {
  id: dataExports.id,
  status: dataExports.status,
  sizeBytes: dataExports.sizeBytes,
  createdAt: dataExports.createdAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
};
type ExportRow = { [K in keyof typeof summaryColumns]: (typeof dataExports.$inferSelect)[K] };

/** An export as the account page shows it: expired as soon as its time is up, before the job drops it. */
function exportView(row: ExportRow, now: Date) {
  const expired = row.status === 'expired' || (row.expiresAt !== null && row.expiresAt <= now);
  const status = expired ? 'expired' : (row.status as 'pending' | 'ready');
  return {
    id: row.id,
    status,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadPath: status === 'ready' ? dataExportDownloadPath(row.id) : null,
  };
}
export type DataExportView = ReturnType<typeof exportView>;

/** The user's newest export, or null. */
export async function latestExport(db: Executor, user: SessionUser): Promise<DataExportView | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(dataExports)
    .where(eq(dataExports.userId, user.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ? exportView(row, new Date()) : null;
}

/**
 * Queues the building of the user's archive. A request already being prepared is answered as it is,
 * without a second job: asking twice builds one archive.
 */
export async function requestExport(deps: AppDeps, user: SessionUser): Promise<DataExportView> {
  const now = new Date();
  const [pending] = await deps.db
    .select(summaryColumns)
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, user.id),
        eq(dataExports.status, 'pending'),
        gt(dataExports.createdAt, new Date(now.getTime() - PENDING_STALE_MS)),
      ),
    )
    .limit(1);
  if (pending) return exportView(pending, now);
  const [created] = await deps.db.insert(dataExports).values({ userId: user.id }).returning(summaryColumns);
  // The job's data is the row's id only (decision 045): the queue holds nothing of the user.
  await deps.jobs.send(BUILD_DATA_EXPORT_JOB, { exportId: created!.id }, { key: created!.id });
  return exportView(created!, now);
}

/** The archive, for its owner only (anyone else: 404); 409 while it is prepared, 410 once expired. */
export async function exportArchive(db: Executor, user: SessionUser, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, archive: dataExports.archive })
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, user.id)));
  if (!row) throw notFound('No such download');
  const view = exportView(row, new Date());
  if (view.status === 'pending') throw conflict(DATA_EXPORT_MESSAGES.notReady);
  if (view.status === 'expired' || row.archive === null) {
    throw new AppError(410, 'export_expired', DATA_EXPORT_MESSAGES.expired);
  }
  return { archive: row.archive, createdAt: row.createdAt };
}

/** Builds one requested archive, keeps it for DATA_EXPORT_DAYS and mails its owner a link to the page. */
export function buildDataExportJob(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>): JobDefinition<{
  exportId?: string;
}> {
  return {
    name: BUILD_DATA_EXPORT_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    async run({ exportId }) {
      if (!exportId) return;
      const [owner] = await deps.db
        .select({ id: users.id, email: users.email })
        .from(dataExports)
        .innerJoin(users, eq(users.id, dataExports.userId))
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
      // Built already by an earlier attempt, or the account is gone.
      if (!owner) return;
      const readyAt = new Date();
      const archive = await buildArchive(deps.db, owner.id, readyAt);
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_DAYS * DAY_MS);
      await deps.db
        .update(dataExports)
        .set({ status: 'ready', archive, sizeBytes: Buffer.byteLength(archive), readyAt, expiresAt })
        .where(eq(dataExports.id, exportId));
      try {
        await deps.mailer.send(dataExportReadyMail(owner, deps.config.baseUrl));
      } catch (error) {
        // The outbox retries it on its own queue: the archive is ready either way.
        if (!(error instanceof MailNotDelivered)) throw error;
      }
    },
  };
}

/** Once an hour: expired archives are dropped, and what is left of old ones goes with stale requests. */
export function expireDataExportsJob({ db }: Pick<AppDeps, 'db'>): JobDefinition {
  return {
    name: EXPIRE_DATA_EXPORTS_JOB,
    schedule: '23 * * * *',
    singleton: true,
    async run() {
      await expireDataExports(db, new Date());
    },
  };
}

export async function expireDataExports(db: Executor, now: Date) {
  await db
    .update(dataExports)
    .set({ status: 'expired', archive: null })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
  await db
    .delete(dataExports)
    .where(
      or(
        and(
          eq(dataExports.status, 'expired'),
          lte(dataExports.expiresAt, new Date(now.getTime() - EXPIRED_KEPT_DAYS * DAY_MS)),
        ),
        and(eq(dataExports.status, 'pending'), lte(dataExports.createdAt, new Date(now.getTime() - DAY_MS))),
      ),
    );
}
