import type { Readable } from 'node:stream';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { FileVault, StoredFile } from '../../platform/storage/file-vault';
import { canSeeSegment } from '../../platform/tenancy/scope';

/** The two folders served here: guide manuals and videos (signed-in) and logos and thumbnails (public). */
export type ServedFolder = 'users' | 'logo';

const STORED_NAME = /^[A-Za-z0-9_-]{8,128}\.enc$/;
const INLINE_TYPES = /^(image\/(png|jpeg)|video\/(mp4|webm))$/;

export interface ServedFile {
  body: Readable;
  sizeBytes: number;
  contentType: string;
  disposition: string;
}

/** RFC 6266: an ASCII fallback name plus the UTF-8 original. */
export function contentDisposition(kind: 'inline' | 'attachment', originalName: string): string {
  const fallback = originalName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}

function isVisible(file: StoredFile, folder: ServedFolder, actor: Actor | null): boolean {
  if (file.folder !== folder) return false;
  if (folder === 'logo') return true;
  return file.dataSegmentId === null || (actor !== null && canSeeSegment(actor.segments, file.dataSegmentId));
}

/**
 * Reads a stored file of one folder. Unknown names, files of another folder and files of a segment
 * the caller may not see are all answered as missing. Logos are public, so `actor` is null there;
 * a segment-bound file in 'users' needs a caller who sees that segment.
 */
export function createFolderFileService({ vault }: { vault: FileVault }) {
  return {
    async readFile(folder: ServedFolder, fileName: string, actor: Actor | null): Promise<ServedFile> {
      if (!STORED_NAME.test(fileName)) throw AppError.notFound();
      const described = await vault.describe(fileName);
      if (!described || !isVisible(described, folder, actor)) throw AppError.notFound();
      const read = await vault.readStream(fileName);
      if (!read) throw AppError.notFound();
      const isInline = INLINE_TYPES.test(read.file.contentType);
      return {
        body: read.body,
        sizeBytes: read.file.sizeBytes,
        contentType: read.file.contentType,
        disposition: contentDisposition(isInline ? 'inline' : 'attachment', read.file.originalName),
      };
    },
  };
}

export type FolderFileService = ReturnType<typeof createFolderFileService>;
