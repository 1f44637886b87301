import { GUIDE_ASSET_RULES, GUIDE_VIDEO_TITLES, parseGuideAsset, type GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { TUserGuide } from '@sanad/contracts/user-guide';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { checkUpload, storageQuotaExceeded, type UploadRules } from '../../platform/storage/checked-upload';
import { StorageQuotaExceededError, type FileVault } from '../../platform/storage/file-vault';
import type { IncomingFile } from '../../platform/storage/upload-stream';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import type { DataSegmentService } from '../data-segments/data-segment.service';
import { assignGuideAsset, clearGuideAsset, listGuideAssets, type GuideAssetRow, type GuideSlot } from './user-guide.repository';

export const USER_GUIDE_MESSAGES = {
  uploaded: 'The guide file was uploaded',
  removed: 'The guide file was removed',
  unknownAsset: 'Choose one of the guide videos, thumbnails or the manual',
} as const;

/** The largest guide file any slot takes: the multipart parser stops past it. */
export const LARGEST_GUIDE_FILE_BYTES = Math.max(...Object.values(GUIDE_ASSET_RULES).map((rule) => rule.maxMegabytes)) * 1024 * 1024;

interface GuideTarget {
  edition: GuideEdition;
  asset: string;
  /** 'skip' or nothing: the installation-wide default; else one of the actor's segments. */
  dataSegmentId?: string | undefined;
}

/** The slot a request names, checked against the caller's segments, with the rules of its kind. */
function resolveSlot(actor: Actor, target: GuideTarget): { slot: GuideSlot; rules: UploadRules & { folder: 'users' | 'logo' } } {
  const parsed = parseGuideAsset(target.edition, target.asset);
  if (!parsed) throw AppError.field('asset', USER_GUIDE_MESSAGES.unknownAsset);
  const dataSegmentId = resolveRequestedSegment(actor.segments, target.dataSegmentId);
  if (!dataSegmentId && !actor.segments.all) throw AppError.forbidden();
  return { slot: { dataSegmentId, edition: target.edition, asset: target.asset }, rules: GUIDE_ASSET_RULES[parsed.kind] };
}

const toFile = (row: GuideAssetRow | undefined) =>
  row ? { fileName: row.fileName, originalName: row.originalName, isDefault: row.isDefault } : null;

export interface UserGuideServiceDeps {
  db: Database;
  vault: FileVault;
  /** A segment's own files count toward its storage quota. */
  segments: Pick<DataSegmentService, 'storageQuotaMb'>;
}

/**
 * Guide files live in the encrypted file vault. A default (no segment) serves every segment that
 * has no file of its own; only a user who sees every segment may change the defaults, and a
 * segment's administrators may override them for their own segment.
 */
export function createUserGuideService({ db, vault, segments }: UserGuideServiceDeps) {
  return {
    async getGuide(actor: Actor, query: { edition?: GuideEdition | undefined; dataSegmentId?: string | undefined }): Promise<TUserGuide> {
      const edition = query.edition ?? 'standard';
      const rows = await listGuideAssets(db, edition, resolveRequestedSegment(actor.segments, query.dataSegmentId));
      const byAsset = new Map(rows.map((row) => [row.asset, row]));
      return {
        edition,
        videos: GUIDE_VIDEO_TITLES[edition].map((title, index) => ({
          slot: index + 1,
          title,
          video: toFile(byAsset.get(`video-${index + 1}`)),
          thumbnail: toFile(byAsset.get(`thumbnail-${index + 1}`)),
        })),
        manual: toFile(byAsset.get('manual')),
      };
    },

    /**
     * Checks the caller may change the slot before a byte is read, then checks the file's name and
     * first bytes, stores it encrypted as it streams in and assigns it, with the audit entry in the
     * same transaction. The replaced file is deleted once the assignment has committed.
     */
    async upload(actor: Actor, target: GuideTarget, file: IncomingFile, meta: RequestMeta): Promise<void> {
      const { slot, rules } = resolveSlot(actor, target);
      const quotaMb = slot.dataSegmentId ? await segments.storageQuotaMb(slot.dataSegmentId) : null;
      if (slot.dataSegmentId && quotaMb === null) throw AppError.notFound();
      const upload = await checkUpload(file, rules);
      let replaced: string | null = null;
      try {
        await vault.storeStream({
          body: upload.body,
          originalName: upload.originalName,
          contentType: upload.contentType,
          folder: rules.folder,
          dataSegmentId: slot.dataSegmentId,
          createdBy: actor.userId,
          quotaBytes: quotaMb === null ? null : quotaMb * 1024 * 1024,
          withinTransaction: async (tx, stored) => {
            replaced = await assignGuideAsset(tx, slot, stored.fileName, actor.userId);
            await appendAudit(tx, {
              dataSegmentId: slot.dataSegmentId,
              source: auditSource(actor, meta),
              module: 'configuration',
              action: 'uploaded_user_guide_file',
              entityType: 'user_guide',
              entityId: `${slot.edition}/${slot.asset}`,
              summary: `Uploaded ${upload.originalName} as the ${slot.edition} guide's ${slot.asset}`,
              details: {
                edition: slot.edition,
                asset: slot.asset,
                fileName: stored.fileName,
                sizeBytes: stored.sizeBytes,
                isDefault: slot.dataSegmentId === null,
              },
            });
          },
        });
      } catch (error) {
        if (error instanceof StorageQuotaExceededError) throw storageQuotaExceeded(quotaMb ?? 0);
        throw error;
      }
      if (replaced) await vault.remove(replaced).catch(() => undefined);
    },

    async remove(actor: Actor, target: GuideTarget, meta: RequestMeta): Promise<void> {
      const { slot } = resolveSlot(actor, target);
      const removed = await db.transaction(async (tx) => {
        const fileName = await clearGuideAsset(tx, slot);
        if (!fileName) throw AppError.notFound();
        await appendAudit(tx, {
          dataSegmentId: slot.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'removed_user_guide_file',
          entityType: 'user_guide',
          entityId: `${slot.edition}/${slot.asset}`,
          summary: `Removed the ${slot.edition} guide's ${slot.asset}`,
        });
        return fileName;
      });
      await vault.remove(removed).catch(() => undefined);
    },
  };
}

export type UserGuideService = ReturnType<typeof createUserGuideService>;
