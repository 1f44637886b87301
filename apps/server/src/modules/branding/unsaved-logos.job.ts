/**
 * Logos uploaded and never saved. An upload waits in the draft folder, private to its uploader,
 * until a branding or labeling save names it; a draft still there a day later belongs to a page that
 * was left without saving, and is removed with its stored bytes (so it no longer counts toward its
 * segment's quota) by a daily job (docs/decisions/branding-and-labeling.md).
 */
import { LOGO_DRAFT_FOLDER } from '@sanad/contracts/files';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileVault } from '../../platform/storage/file-vault';

export const UNSAVED_LOGOS_JOB = 'branding.remove-unsaved-logos';
/** How long a logo upload may wait for the save that names it. */
export const UNSAVED_LOGO_HOURS = 24;

/**
 * Removes the drafts older than UNSAVED_LOGO_HOURS, each with its audit entry in the transaction that
 * removes it. Idempotent: a second run finds nothing older left; a run that dies part way is
 * finished by the next.
 */
export function removeUnsavedLogos(vault: Pick<FileVault, 'removeStale'>, now = new Date()): Promise<number> {
  return vault.removeStale({
    folder: LOGO_DRAFT_FOLDER,
    olderThan: new Date(now.getTime() - UNSAVED_LOGO_HOURS * 3600 * 1000),
    withinTransaction: async (tx, removed) => {
      for (const file of removed) {
        await appendAudit(tx, {
          dataSegmentId: file.dataSegmentId,
          source: SYSTEM_SOURCE,
          module: 'configuration',
          action: 'removed_unsaved_logo',
          entityType: 'file',
          entityId: file.fileName,
          summary: `Removed the logo ${file.originalName}, uploaded ${file.createdAt.toISOString()} and never saved`,
          details: {
            originalName: file.originalName,
            sizeBytes: file.sizeBytes,
            uploadedBy: file.createdBy,
            uploadedAt: file.createdAt.toISOString(),
          },
        });
      }
    },
  });
}

export async function registerUnsavedLogoJobs(jobs: JobQueue, vault: Pick<FileVault, 'removeStale'>): Promise<void> {
  await jobs.define(UNSAVED_LOGOS_JOB, async () => ({ items: await removeUnsavedLogos(vault) }), { retryLimit: 1 });
  await jobs.schedule(UNSAVED_LOGOS_JOB, '43 3 * * *');
}
