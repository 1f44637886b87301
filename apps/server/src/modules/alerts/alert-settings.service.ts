import type { TAlertSettings } from '@sanad/contracts/alert-settings';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { getAlertSettings, saveAlertSettings } from './alert-settings.repository';

/**
 * The alert settings of a segment: the review SLA per alert type and the document-expiry switches.
 * Reading and saving need configurations or onboarding-configurations (the contract's access);
 * a save is one transaction with its audit entry.
 */
export function createAlertSettingsService({ db }: { db: Database }) {
  return {
    get: (actor: Actor, requested: string | undefined) => getAlertSettings(db, targetSegment(actor, requested)),

    /** For jobs and other modules, on the caller's transaction (the embedded database has one connection). */
    settingsOf: (tx: Queryable, dataSegmentId: string) => getAlertSettings(tx, dataSegmentId),

    async save(actor: Actor, settings: TAlertSettings, requested: string | undefined, meta: RequestMeta): Promise<TAlertSettings> {
      const dataSegmentId = targetSegment(actor, requested);
      const { slaHours, isExpiryAlertOn, isExpiryEmailOn } = settings;
      const saved = { slaHours, isExpiryAlertOn, isExpiryEmailOn };
      await db.transaction(async (tx) => {
        const before = await getAlertSettings(tx, dataSegmentId);
        await saveAlertSettings(tx, dataSegmentId, saved, actor.userId);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'updated_alert_settings',
          summary: 'Updated the alert settings (review SLA and document expiry)',
          details: { before, after: saved },
        });
      });
      return getAlertSettings(db, dataSegmentId);
    },
  };
}

export type AlertSettingsService = ReturnType<typeof createAlertSettingsService>;
