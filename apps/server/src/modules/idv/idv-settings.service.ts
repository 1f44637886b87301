import type { TIdvSettings } from '@sanad/contracts/idv';
import { isKnownCardTypeOrFamily } from '@sanad/idv/document/card-types';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { getIdvSettings, saveIdvSettings } from './idv-settings.repository';

export function createIdvSettingsService({ db }: { db: Database }) {
  return {
    get: (actor: Actor, requested: string | undefined) => getIdvSettings(db, targetSegment(actor, requested)),

    /** For jobs (the document-expiry window), on the caller's transaction. */
    settingsOf: (tx: Queryable, dataSegmentId: string) => getIdvSettings(tx, dataSegmentId),

    async save(actor: Actor, settings: TIdvSettings, requested: string | undefined, meta: RequestMeta): Promise<TIdvSettings> {
      const dataSegmentId = targetSegment(actor, requested);
      const unknown = settings.acceptedCardTypes.filter((code) => !isKnownCardTypeOrFamily(code));
      if (unknown.length > 0) throw AppError.field('acceptedCardTypes', `Unknown document type: ${unknown.join(', ')}`);
      const accepted = [...new Set(settings.acceptedCardTypes)];
      await db.transaction(async (tx) => {
        await saveIdvSettings(tx, dataSegmentId, { ...settings, acceptedCardTypes: accepted }, actor.userId);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'updated_idv_configuration',
          summary: 'Updated the identity verification settings',
          details: {
            acceptedCardTypes: accepted,
            faceMatchThreshold: settings.faceMatchThreshold,
            isLivenessChallengeOn: settings.isLivenessChallengeOn,
            nearExpiryDays: settings.nearExpiryDays,
          },
        });
      });
      return getIdvSettings(db, dataSegmentId);
    },
  };
}

export type IdvSettingsService = ReturnType<typeof createIdvSettingsService>;
