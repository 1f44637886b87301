/**
 * The re-rating action of the risk-rating page: start (or resume) a run for the configuration in
 * force, and read the last run's progress and level-change summary.
 */
import type { TRerateOverview, TRerateRun } from '@sanad/contracts/risk-rating';
import type { Actor } from '../../../platform/auth/access';
import { appendAudit } from '../../../platform/audit/audit-log';
import type { Database } from '../../../platform/db/database';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import type { RequestMeta } from '../../../platform/http/request-meta';
import { countCustomers } from '../rating/customer-rating.repository';
import { emptyLevelSummary } from '../rating/level-summary';
import { findSettings, lockSettings } from '../configuration/risk-config.repository';
import { getDefaultModel } from '../configuration/risk-model-cache';
import { ensureRiskConfiguration } from '../configuration/risk-seed';
import { enqueueRerate } from './rerate.job';
import { findActiveRun, findLatestRun, insertRun, toRerateRun } from './rerate.repository';
import { findConfigSegment } from '../segment-access';

export function createRerateService({ db, jobs }: { db: Database; jobs: JobQueue | null }) {
  return {
    async getOverview(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TRerateOverview> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      // A read never seeds: a segment with nothing stored is in force with the defaults.
      const settings = await findSettings(db, segment);
      const currentVersion = settings?.version ?? getDefaultModel().version;
      const customers = await countCustomers(db, segment);
      const outdated = await countCustomers(db, segment, currentVersion);
      const lastRun = await findLatestRun(db, segment);
      return { currentVersion, customers, outdated, lastRun: lastRun ? toRerateRun(lastRun) : null };
    },

    /**
     * Starts a run for the configuration in force. While a run is queued or running the same run
     * is queued again instead (a resume after a crash: it continues from its cursor).
     */
    async start(
      actor: Actor,
      body: { dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<{ run: TRerateRun; message: string }> {
      const segment = await findConfigSegment(db, actor, body.dataSegmentId);
      const outcome = await db.transaction(async (tx) => {
        await ensureRiskConfiguration(tx, segment);
        const settings = await lockSettings(tx, segment);
        if (!settings) throw new Error('risk configuration missing after seeding');
        const active = await findActiveRun(tx, segment);
        if (active) {
          await enqueueRerate(jobs, active.id, tx);
          return { run: active, isNew: false };
        }
        const total = await countCustomers(tx, segment);
        const run = await insertRun(tx, segment, {
          targetVersion: settings.version,
          total,
          summary: emptyLevelSummary(),
          startedBy: { id: actor.userId, name: actor.name },
        });
        await appendAudit(tx, {
          dataSegmentId: segment.segmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'due_diligence',
          action: 'started_rerating',
          entityType: 'risk_rerate_run',
          entityId: run.id,
          summary: `Started re-rating ${total} customers with configuration ${settings.version}`,
          ip: meta.ip,
          requestId: meta.requestId,
        });
        await enqueueRerate(jobs, run.id, tx);
        return { run, isNew: true };
      });
      return {
        run: toRerateRun(outcome.run),
        message: outcome.isNew ? 'Re-rating started' : 'A re-rating is already in progress for this data segment; it has been resumed',
      };
    },
  };
}

export type RerateService = ReturnType<typeof createRerateService>;
