import type { JobQueue } from '../../platform/jobs/job-queue';
import { MAX_ATTEMPTS, REGISTER_IMPORT_JOB, type RegisterUploadService } from './register-upload.service';

/**
 * An uploaded register file is imported by one job. A part of the Companies House file (about a
 * million rows) takes many minutes: the expiry leaves it four hours before pg-boss would hand it to
 * another worker (a worker that died has its job taken back at once by the job-recovery sweep), and
 * a run that takes over starts after the rows already read.
 */
export async function registerRegisterImportJobs(jobs: JobQueue, uploads: RegisterUploadService): Promise<void> {
  await jobs.define<{ importId: string }>(REGISTER_IMPORT_JOB, (data) => uploads.runImport(data.importId), {
    // The service fails the import itself on its last attempt, so the one import slot is never held.
    // One delivery more than the attempts: a process that died during the last attempt left the
    // import running; the extra delivery fails it and removes its stored copy.
    retryLimit: MAX_ATTEMPTS,
    retryDelaySeconds: 10,
    expireInSeconds: 4 * 3600,
    pollingIntervalSeconds: 1,
  });
}
