/**
 * The labeling of each data segment: the name, client logo and support contacts its customers see
 * on the public onboarding screens in place of the provider. Read and saved by staff of the segment
 * holding labeling (a segment they do not see is not found); saved only where the segment allows
 * white labelling. The public screens read the part meant for them, and only where it applies.
 */
import { EMPTY_PUBLIC_LABEL, LABELING_MESSAGES, type TLabeling, type TLabelingSave, type TPublicLabel } from '@sanad/contracts/labeling';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUuid } from '../../platform/http/id-params';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { FileVault } from '../../platform/storage/file-vault';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { findLabel, writeLabel, type LabelRow } from './branding.repository';
import { assertLogoFiles, publishLogoFiles } from './logo-files';

function toLabeling(row: LabelRow): TLabeling {
  return {
    _id: row.segmentId,
    dataSegmentId: row.segmentId,
    companyName: row.companyName,
    whiteLabelling: row.whiteLabelling,
    displayName: row.displayName ?? '',
    clientLogo: row.clientLogoFileName ? { fileName: row.clientLogoFileName } : null,
    supportEmail: row.supportEmail ?? '',
    supportPhone: row.supportPhone ?? '',
    version: row.version ?? 0,
    updatedBy: row.updatedAt && row.updatedByName ? { _id: row.updatedBy, name: row.updatedByName } : null,
    updatedAt: row.version === null ? null : row.updatedAt,
  };
}

/** The segment a path names, when the actor may see it; otherwise not found. */
function segmentOf(actor: Actor, id: string): string {
  if (!isUuid(id) || !canSeeSegment(actor.segments, id)) throw AppError.notFound();
  return id;
}

const FIELDS = ['displayName', 'clientLogo', 'supportEmail', 'supportPhone'] as const;

export function createLabelingService({ db, vault }: { db: Database; vault: Pick<FileVault, 'describe' | 'moveFolder'> }) {
  async function read(dataSegmentId: string): Promise<TLabeling> {
    const row = await findLabel(db, dataSegmentId);
    if (!row) throw AppError.notFound();
    return toLabeling(row);
  }

  return {
    get: (actor: Actor, id: string): Promise<TLabeling> => read(segmentOf(actor, id)),

    async save(actor: Actor, id: string, input: TLabelingSave, meta: RequestMeta): Promise<TLabeling> {
      const dataSegmentId = segmentOf(actor, id);
      // The logo is checked before the transaction (the file store reads through its own
      // connection); the version check inside it makes sure nothing changed in between.
      const loaded = await findLabel(db, dataSegmentId);
      if (!loaded) throw AppError.notFound();
      if (!loaded.whiteLabelling) throw AppError.forbidden(LABELING_MESSAGES.notWhiteLabelled);
      const before = toLabeling(loaded);
      if (before.version !== input.version) throw AppError.conflict('version', LABELING_MESSAGES.stale);
      const clientLogo = input.clientLogo?.fileName ?? null;
      // The logo must have been uploaded in this segment: another tenant's file is not its to show.
      const logos = [{ field: 'clientLogo', fileName: clientLogo, saved: before.clientLogo?.fileName ?? null }];
      await assertLogoFiles(vault, actor.userId, logos, (segmentId) => segmentId === dataSegmentId);
      await db.transaction(async (tx) => {
        const row = await findLabel(tx, dataSegmentId, true);
        if (!row) throw AppError.notFound();
        if (!row.whiteLabelling) throw AppError.forbidden(LABELING_MESSAGES.notWhiteLabelled);
        if ((row.version ?? 0) !== input.version) throw AppError.conflict('version', LABELING_MESSAGES.stale);
        const after = {
          displayName: input.displayName,
          clientLogo: clientLogo ? { fileName: clientLogo } : null,
          supportEmail: input.supportEmail,
          supportPhone: input.supportPhone,
        };
        const changed = FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
        await writeLabel(
          tx,
          dataSegmentId,
          {
            displayName: input.displayName,
            clientLogoFileName: clientLogo,
            supportEmail: input.supportEmail,
            supportPhone: input.supportPhone,
          },
          { id: actor.userId, name: actor.name },
        );
        await publishLogoFiles(vault, tx, logos);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'updated_labeling',
          entityType: 'data_segment',
          entityId: dataSegmentId,
          summary: changed.length > 0 ? `Updated the labeling: ${changed.join(', ')}` : 'Saved the labeling unchanged',
          details: { version: before.version + 1, changed, ...after },
        });
      });
      return read(dataSegmentId);
    },

    /**
     * What a public onboarding screen of the segment shows. Nothing (all null) for a segment that
     * does not allow white labelling, has set nothing, or does not exist: a visitor learns nothing else.
     */
    async publicLabel(id: string): Promise<TPublicLabel> {
      if (!isUuid(id)) return EMPTY_PUBLIC_LABEL;
      const row = await findLabel(db, id);
      if (!row?.whiteLabelling) return EMPTY_PUBLIC_LABEL;
      return {
        name: row.displayName || null,
        clientLogo: row.clientLogoFileName ? { fileName: row.clientLogoFileName } : null,
        supportEmail: row.supportEmail || null,
        supportPhone: row.supportPhone || null,
      };
    },
  };
}

export type LabelingService = ReturnType<typeof createLabelingService>;
