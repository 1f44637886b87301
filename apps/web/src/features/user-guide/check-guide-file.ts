import { MESSAGES } from '@sanad/contracts/messages';
import { GUIDE_ASSET_RULES, type GuideAssetKind } from '@sanad/contracts/user-guide-catalogue';

/**
 * The checks the browser makes before uploading a guide file, with the spec's messages;
 * the server checks again, by content as well as name.
 */
export function checkGuideFile(kind: GuideAssetKind, file: { name: string; size: number }): string | null {
  const rules = GUIDE_ASSET_RULES[kind];
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!rules.extensions.includes(extension)) return MESSAGES.fileFormatNotAllowed;
  if (file.size > rules.maxMegabytes * 1024 * 1024) return MESSAGES.fileTooLarge(rules.maxMegabytes);
  return null;
}

export function acceptFor(kind: GuideAssetKind): string {
  return GUIDE_ASSET_RULES[kind].extensions.map((extension) => `.${extension}`).join(',');
}
