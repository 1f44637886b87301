/**
 * Whose a stored file is. A journey names files it uploaded (the deep register's documents and
 * signature, the dynamic register's documents, a form's file and signature answers); the server
 * takes a name only when the file exists, is of the journey's data segment and was uploaded by the
 * journey's own onboarding link, or by the staff user filling the form. One rule, used by all of them.
 */
import type { FileVault, StoredFile } from '../../platform/storage/file-vault';

/** Who must have uploaded the file: the journey's onboarding link, or a staff user. */
export type FileUploader = { linkId: string } | { userId: string };

export function isOwnUpload(file: StoredFile | null, dataSegmentId: string, uploader: FileUploader): file is StoredFile {
  if (!file || file.dataSegmentId !== dataSegmentId) return false;
  return 'linkId' in uploader
    ? file.onboardingLinkId === uploader.linkId
    : file.onboardingLinkId === null && file.createdBy === uploader.userId;
}

/** The stored file of that name when it is the uploader's own in that segment; null for a missing or someone else's file. */
export async function findOwnUpload(
  vault: Pick<FileVault, 'describe'>,
  fileName: string,
  dataSegmentId: string,
  uploader: FileUploader,
): Promise<StoredFile | null> {
  const file = await vault.describe(fileName);
  return isOwnUpload(file, dataSegmentId, uploader) ? file : null;
}
