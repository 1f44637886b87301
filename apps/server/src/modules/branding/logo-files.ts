import { BRANDING_MESSAGES } from '@sanad/contracts/branding';
import { LOGO_DRAFT_FOLDER, PUBLIC_LOGO_FOLDER } from '@sanad/contracts/files';
import type { Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { FileVault, StoredFile } from '../../platform/storage/file-vault';

export interface LogoChoice {
  field: string;
  fileName: string | null;
  saved: string | null;
}

/**
 * A logo a save may name: one already public (saved before, here or elsewhere), or a draft the
 * saving user uploaded. Someone else's draft is not theirs to publish.
 */
function isUsableLogo(file: StoredFile | null, userId: string): file is StoredFile {
  if (!file) return false;
  if (file.folder === PUBLIC_LOGO_FOLDER) return true;
  return file.folder === LOGO_DRAFT_FOLDER && file.createdBy === userId;
}

/**
 * A logo named in a save must be a file uploaded as a logo (PNG or JPEG, re-encoded) in a data
 * segment the rule admits. A name already saved is kept without a check, so a logo uploaded by
 * someone else before stays valid.
 */
export async function assertLogoFiles(
  vault: Pick<FileVault, 'describe'>,
  userId: string,
  logos: readonly LogoChoice[],
  isSegmentAdmitted: (dataSegmentId: string | null) => boolean,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const { field, fileName, saved } of logos) {
    if (fileName === null || fileName === saved) continue;
    const file = await vault.describe(fileName);
    if (!isUsableLogo(file, userId) || !isSegmentAdmitted(file.dataSegmentId)) errors[field] = [BRANDING_MESSAGES.logoMissing];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/**
 * Makes the logos a save names public, in the save's transaction: an uploaded logo is served by
 * files/logo only from the moment the configuration naming it commits. Names already public stay.
 * A draft removed as never saved after assertLogoFiles saw it is refused as missing, so no save
 * names a logo that is gone.
 */
export async function publishLogoFiles(vault: Pick<FileVault, 'moveFolder'>, tx: Queryable, logos: readonly LogoChoice[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const { field, fileName, saved } of logos) {
    if (fileName === null || fileName === saved) continue;
    if (await vault.moveFolder(tx, fileName, LOGO_DRAFT_FOLDER, PUBLIC_LOGO_FOLDER)) continue;
    // Not a draft: public already (saved elsewhere), which a move within the folder confirms, or gone.
    if (!(await vault.moveFolder(tx, fileName, PUBLIC_LOGO_FOLDER, PUBLIC_LOGO_FOLDER))) errors[field] = [BRANDING_MESSAGES.logoMissing];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}
