/**
 * The installation's branding: four colours and two logos, the same for every data segment. Anyone
 * may read it (the login page shows it); a holder of branding who works across every data segment
 * may change it, since a change shows on every tenant's screens.
 */
import { BRANDING_MESSAGES, paletteErrors, type TBranding, type TBrandingSave } from '@sanad/contracts/branding';
import { withDisplayDefaults, type DisplaySettings } from '@sanad/contracts/branding-defaults';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUuid } from '../../platform/http/id-params';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { FileVault } from '../../platform/storage/file-vault';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { findBranding, findLabel, writeBranding, type BrandingRow } from './branding.repository';
import { assertLogoFiles, publishLogoFiles } from './logo-files';

function toBranding(row: BrandingRow, actor: Actor): TBranding {
  const settings = withDisplayDefaults(row.displaySettings);
  return {
    _id: row.id,
    colors: settings.colors,
    logo: settings.logo,
    version: row.version,
    updatedBy: row.updatedAt ? { _id: row.updatedBy, name: row.updatedByName } : null,
    updatedAt: row.updatedAt,
    canEdit: actor.segments.all,
  };
}

const COLOUR_KEYS = ['primary', 'secondary', 'light', 'dark'] as const;

export function createBrandingService({ db, vault }: { db: Database; vault: Pick<FileVault, 'describe' | 'moveFolder'> }) {
  async function current(): Promise<BrandingRow> {
    const row = await findBranding(db);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    /**
     * Colours and logos, with the product's defaults where none are set. With a segment, clientLogo
     * is that segment's labeled logo when the segment allows white labelling.
     */
    async getDisplaySettings(dataSegmentId: string | null): Promise<DisplaySettings> {
      const settings = withDisplayDefaults((await findBranding(db))?.displaySettings ?? null);
      const label = dataSegmentId ? await findLabel(db, dataSegmentId) : null;
      const clientLogo = label?.whiteLabelling && label.clientLogoFileName ? { fileName: label.clientLogoFileName } : null;
      return { ...settings, clientLogo };
    },

    async getForEdit(actor: Actor): Promise<TBranding> {
      return toBranding(await current(), actor);
    },

    async save(actor: Actor, id: string, input: TBrandingSave, meta: RequestMeta): Promise<TBranding> {
      if (!isUuid(id)) throw AppError.notFound();
      if (!actor.segments.all) throw AppError.forbidden(BRANDING_MESSAGES.notOperator);
      const palette = paletteErrors(input.colors);
      if (Object.keys(palette).length > 0)
        throw AppError.validation(Object.fromEntries(Object.entries(palette).map(([field, message]) => [field, [message]])));
      const colors = Object.fromEntries(COLOUR_KEYS.map((key) => [key, input.colors[key].toUpperCase()])) as TBrandingSave['colors'];
      // The logos are checked before the transaction (the file store reads through its own
      // connection); the version check inside it makes sure nothing changed in between.
      const loaded = await current();
      if (loaded.id !== id) throw AppError.notFound();
      if (loaded.version !== input.version) throw AppError.conflict('version', BRANDING_MESSAGES.stale);
      const before = withDisplayDefaults(loaded.displaySettings);
      const logos = (['dark', 'light'] as const).map((variant) => ({
        field: `logo.${variant}`,
        fileName: input.logo[variant]?.fileName ?? null,
        saved: before.logo[variant]?.fileName ?? null,
      }));
      await assertLogoFiles(vault, actor.userId, logos, (segmentId) => canSeeSegment(actor.segments, segmentId));
      await db.transaction(async (tx) => {
        const row = await findBranding(tx, true);
        if (!row || row.id !== id) throw AppError.notFound();
        if (row.version !== input.version) throw AppError.conflict('version', BRANDING_MESSAGES.stale);
        const changed = [
          ...COLOUR_KEYS.filter((key) => before.colors[key].toUpperCase() !== colors[key]).map((key) => `colors.${key}`),
          ...(['dark', 'light'] as const)
            .filter((variant) => (before.logo[variant]?.fileName ?? null) !== (input.logo[variant]?.fileName ?? null))
            .map((variant) => `logo.${variant}`),
        ];
        await writeBranding(tx, id, { colors, logo: input.logo }, { id: actor.userId, name: actor.name });
        await publishLogoFiles(vault, tx, logos);
        await appendAudit(tx, {
          dataSegmentId: null,
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'updated_branding',
          entityType: 'branding',
          entityId: id,
          summary: changed.length > 0 ? `Updated the branding: ${changed.join(', ')}` : 'Saved the branding unchanged',
          details: { version: row.version + 1, changed, colors, logo: input.logo },
        });
      });
      return toBranding(await current(), actor);
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
