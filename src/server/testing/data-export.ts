import type { DataExportView } from '../features/data-export/data-export.service';
import { BUILD_DATA_EXPORT_JOB } from '../features/data-export/data-export.service';
import type { TestApp, TestUser } from './test-app';

/** Asks for the user's archive through the API and runs the job that builds it: the export, ready. */
export async function readyDataExport(t: TestApp, user: Pick<TestUser, 'client'>): Promise<DataExportView> {
  await user.client.json('/api/data-export', { method: 'POST' }, 202);
  await t.deps.jobs.runQueued(BUILD_DATA_EXPORT_JOB);
  const { export: ready } = await user.client.json<{ export: DataExportView }>('/api/data-export');
  if (ready.status !== 'ready') throw new Error(`the export is ${ready.status}, not ready`);
  return ready;
}
