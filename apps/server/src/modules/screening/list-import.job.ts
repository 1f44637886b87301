import type { JobQueue } from '../../platform/jobs/job-queue';
import { LIST_IMPORT_JOB, STARTER_BUNDLE_JOB, type ListImportService } from './list-import.service';

/**
 * List imports and the first start's starter bundle run as jobs, with the service the routes use.
 * An import may parse a large file for minutes: the expiry leaves it an hour before pg-boss would
 * hand it to another worker. A run is idempotent, so a retry (or a job taken back from a process
 * that died) completes the import once.
 */
export async function registerListImportJobs(jobs: JobQueue, imports: ListImportService): Promise<void> {
  await jobs.define<{ importId: string }>(LIST_IMPORT_JOB, (data) => imports.processImport(data.importId), {
    retryLimit: 2,
    expireInSeconds: 3600,
    pollingIntervalSeconds: 1,
  });
  await jobs.define(STARTER_BUNDLE_JOB, async () => ({ items: await imports.loadStarterLists(), note: 'starter lists stored' }), {
    retryLimit: 2,
    expireInSeconds: 3600,
  });
  await imports.queueStarterListsIfNone(jobs);
}
