import { GUIDE_ASSET_RULES, GUIDE_VIDEO_TITLES, parseGuideAsset, type GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { TUserGuide } from '@sanad/contracts/user-guide';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { FileVault } from '../../platform/storage/file-vault';
import type { ReceivedUpload, UploadRules } from '../../platform/storage/read-upload';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { assignGuideAsset, clearGuideAsset, listGuideAssets, type GuideAssetRow, type GuideSlot } from './user-guide.repository';

export const USER_GUIDE_MESSAGES = {
  uploaded: 'The guide file was uploaded',
  removed: 'The guide file was removed',
  unknownAsset: 'Choose one of the guide videos, thumbnails or the manual',
} as const;

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
  row ? { fileName: row.file_name, originalName: row.original_name, isDefault: row.is_default } : null;

/**
 * Guide files live in the encrypted file vault. A default (no segment) serves every segment that
 * has no file of its own; only a user who sees every segment may change the defaults, and a
 * segment's administrators may override them for their own segment.
 */
export function createUserGuideService({ db, vault }: { db: Database; vault: FileVault }) {
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
     * Checks the caller may change the slot before a byte is read, then reads the upload under
     * the slot's rules, stores it encrypted and assigns it. The replaced file is deleted once the
     * assignment has committed; a failed assignment deletes the new file instead.
     */
    async upload(
      actor: Actor,
      target: GuideTarget,
      readFile: (rules: UploadRules) => Promise<ReceivedUpload>,
      meta: RequestMeta,
    ): Promise<void> {
      const { slot, rules } = resolveSlot(actor, target);
      const upload = await readFile(rules);
      const stored = await vault.store({ ...upload, folder: rules.folder, dataSegmentId: slot.dataSegmentId, createdBy: actor.userId });
      let replaced: string | null;
      try {
        replaced = await db.transaction(async (tx) => {
          const previous = await assignGuideAsset(tx, slot, stored.fileName, actor.userId);
          await appendAudit(tx, {
            dataSegmentId: slot.dataSegmentId,
            actor: { id: actor.userId, name: actor.name },
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
            ip: meta.ip,
            requestId: meta.requestId,
          });
          return previous;
        });
      } catch (error) {
        await vault.remove(stored.fileName).catch(() => undefined);
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
          actor: { id: actor.userId, name: actor.name },
          module: 'configuration',
          action: 'removed_user_guide_file',
          entityType: 'user_guide',
          entityId: `${slot.edition}/${slot.asset}`,
          summary: `Removed the ${slot.edition} guide's ${slot.asset}`,
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return fileName;
      });
      await vault.remove(removed).catch(() => undefined);
    },
  };
}

export type UserGuideService = ReturnType<typeof createUserGuideService>;
