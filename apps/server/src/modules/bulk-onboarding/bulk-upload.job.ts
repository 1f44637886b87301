import type { JobQueue } from '../../platform/jobs/job-queue';
import { BULK_UPLOAD_JOB, MAX_ATTEMPTS, type BulkUploadService } from './bulk-upload.service';

/**
 * A bulk upload runs as one job per file. A file of 100,000 rows takes minutes: the expiry leaves
 * it two hours before pg-boss would hand it to another worker (a worker that died has its job
 * taken back at once by the job-recovery sweep). A run resumes where the last one stopped.
 */
export async function registerBulkUploadJobs(jobs: JobQueue, uploads: BulkUploadService): Promise<void> {
  await jobs.define<{ uploadId: string }>(BULK_UPLOAD_JOB, (data) => uploads.processUpload(data.uploadId), {
    // The service fails the upload itself on its last attempt, so the segment is never left blocked.
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelaySeconds: 5,
    expireInSeconds: 7200,
    pollingIntervalSeconds: 1,
  });
}
