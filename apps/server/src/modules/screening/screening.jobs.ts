import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileVault } from '../../platform/storage/file-vault';
import { LIST_IMPORT_JOB, STARTER_BUNDLE_JOB, createListImportService } from './list-import.service';
import { notifyListsChanged } from './list-changes';

/**
 * List imports and the first start's starter bundle run as jobs. An import may parse a large file
 * for minutes: the expiry leaves it an hour before pg-boss would hand it to another worker.
 */
export async function registerScreeningJobs(jobs: JobQueue, db: Database, vault: FileVault): Promise<void> {
  const imports = createListImportService({ db, vault, jobs, onListsChanged: () => notifyListsChanged(db) });
  await jobs.define<{ importId: string }>(LIST_IMPORT_JOB, (data) => imports.processImport(data.importId), {
    retryLimit: 1,
    expireInSeconds: 3600,
    pollingIntervalSeconds: 1,
  });
  await jobs.define(
    STARTER_BUNDLE_JOB,
    async () => {
      await imports.loadStarterLists();
    },
    { retryLimit: 2, expireInSeconds: 3600 },
  );
  const shared = await db.query('select 1 from watch_lists where data_segment_id is null limit 1');
  if (shared.rows.length === 0) await jobs.send(STARTER_BUNDLE_JOB, {}, { singletonKey: STARTER_BUNDLE_JOB });
}
