import { BRANDING_MESSAGES } from '@sanad/contracts/branding';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { AppError } from '../../platform/http/app-error';
import type { FileVault } from '../../platform/storage/file-vault';

/**
 * A logo named in a save must be a file uploaded as a logo (type logo, so PNG or JPEG re-encoded and
 * served publicly) in a data segment the rule admits. A name already saved is kept without a check,
 * so a logo uploaded by someone else before stays valid.
 */
export async function assertLogoFiles(
  vault: Pick<FileVault, 'describe'>,
  logos: ReadonlyArray<{ field: string; fileName: string | null; saved: string | null }>,
  isSegmentAdmitted: (dataSegmentId: string | null) => boolean,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const { field, fileName, saved } of logos) {
    if (fileName === null || fileName === saved) continue;
    const file = await vault.describe(fileName);
    if (!file || file.folder !== UPLOAD_POLICIES.logo.folder || !isSegmentAdmitted(file.dataSegmentId)) {
      errors[field] = [BRANDING_MESSAGES.logoMissing];
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}
