/**
 * Ongoing screening: when a list version lands (a full import or a delta), every monitored customer
 * of the segments that screen against the list is run through a matcher built from the version's
 * added and changed entities only. New or stronger hits are stored like onboarding hits and raise
 * one triggered alert per customer and list version; entities the list dropped are flagged on
 * their hits, which stay open for review.
 *
 * Restartable: customers are processed in id order, one batch per transaction, and the batch's
 * writes commit with the run's checkpoint. A run killed half-way loses only its uncommitted batch
 * and continues after the checkpoint; the unique (customer, trigger key) index on alerts is the
 * last guard against a second alert for the same version.
 */
import { HIT_TYPE_LABELS, type THitType } from '@sanad/contracts/screening';
import type { TAlertTrigger } from '@sanad/contracts/alerts';
import type { ScreeningQuery } from '@sanad/screening/matching/screening-types';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobQueue, JobSummary } from '../../platform/jobs/job-queue';
import type { TenantScope } from '../../platform/tenancy/scope';
import { notifyUsers } from '../notifications/notification.events';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import type { ListDelta, ListDeltaService } from '../screening/list-delta.service';
import type { CustomerScreeningHit } from '../screening/screening.service';
import { insertHits, type NewHitRow } from './customer.repository';
import { toHitRow } from './customer.service';
import { entityFingerprint, hitTypesOf } from './hit-memory';
import { deleteHitsById, forgetDecisions, listHitFacts, setHitTypes } from './hit-review.repository';
import {
  advanceRun,
  clearDelistedFlag,
  completeRun,
  ensureRun,
  flagDelistedHits,
  getRun,
  goodGuysOnEntities,
  hitsOnEntities,
  insertTriggeredAlert,
  lockMonitoredCustomer,
  nextCustomerBatch,
  refreshHit,
  startRun,
  type MonitoredCustomer,
} from './monitoring.repository';

export const RESCREEN_JOB = 'monitoring.rescreen';

/** How severe a hit type is: a hit found again under a more severe type is stronger. */
const SEVERITY: Record<THitType, number> = { pep: 1, enforcement: 2, blackList: 2, sanction: 3 };

export interface OngoingScreeningDeps {
  db: Database;
  jobs: JobQueue | null;
  deltas: Pick<ListDeltaService, 'deltaOf'>;
  ratings: Pick<CustomerRatingService, 'rateInTransaction'>;
  /** Customers per transaction. */
  batchSize?: number;
  /** A test hook called after each committed batch (the interruption tests throw from it). */
  afterBatch?: (batchNo: number) => void;
}

type Finding = NonNullable<TAlertTrigger['entities']>[number];

const onlySegment = (dataSegmentId: string): TenantScope => ({ all: false, ids: [dataSegmentId] });

function queryOf(customer: MonitoredCustomer): ScreeningQuery {
  return {
    name: customer.fullName,
    type: 'person',
    ...(customer.dateOfBirth ? { dob: customer.dateOfBirth } : {}),
    ...(customer.nationalityId ? { nationality: customer.nationalityId } : {}),
    ...(customer.countryOfResidenceId ? { country: customer.countryOfResidenceId } : {}),
    ...(customer.gender ? { gender: customer.gender } : {}),
    ...(customer.fatherName ? { fatherName: customer.fatherName } : {}),
    ...(customer.idNumber ? { idNumber: customer.idNumber } : {}),
  };
}

/** Why the alert was raised, in words a reviewer reads. */
export function triggeredAlertReason(listTitle: string, versionNo: number, findings: readonly Finding[]): string {
  const parts = findings.map((finding) => {
    const what =
      finding.outcome === 'new'
        ? 'new hit'
        : finding.outcome === 'stronger'
          ? `stronger hit (${finding.previousScore ?? 0} → ${finding.score})`
          : "changed since marked 'not relevant'";
    const listed =
      finding.change === 'added' ? 'added to the list' : `changed${finding.fields.length > 0 ? ` (${finding.fields.join(', ')})` : ''}`;
    return `${finding.name}, ${HIT_TYPE_LABELS[finding.hitType]} ${finding.score}: ${what}, ${listed}`;
  });
  return `${listTitle} version ${versionNo} changed: ${parts.join('; ')}`;
}

export function createOngoingScreeningService(deps: OngoingScreeningDeps) {
  const { db } = deps;
  const batchSize = deps.batchSize ?? 500;

  /**
   * One customer's matches against the delta, in the batch's transaction: the hits merged with
   * what is stored and remembered, the rating, the alert and the timeline entry.
   */
  async function applyMatches(
    tx: Queryable,
    delta: ListDelta,
    customer: MonitoredCustomer,
    found: CustomerScreeningHit[],
  ): Promise<boolean> {
    if (!(await lockMonitoredCustomer(tx, customer.id))) return false;
    const { version } = delta;
    const ids = found.map((hit) => hit.id);
    const existing = new Map((await hitsOnEntities(tx, customer.id, version.listKey, ids)).map((hit) => [hit.entityId, hit]));
    const remembered = new Map((await goodGuysOnEntities(tx, customer.id, version.listKey, ids)).map((row) => [row.entityId, row]));
    const fresh: NewHitRow[] = [];
    const findings: Finding[] = [];
    let suppressed = 0;
    for (const hit of found) {
      const row = toHitRow(hit);
      const note = delta.notes.get(hit.id);
      const base = {
        entityId: hit.id,
        name: hit.name,
        hitType: hit.hitType,
        score: hit.score,
        change: note?.change ?? ('changed' as const),
        fields: note?.fields ?? [],
        previousScore: null as number | null,
      };
      const decision = remembered.get(hit.id);
      const stored = existing.get(hit.id);
      if (decision && decision.entityFingerprint === entityFingerprint(hit.entity)) {
        suppressed += 1;
        continue;
      }
      if (decision) {
        // Listed differently since it was judged not relevant: the judgement no longer applies.
        await forgetDecisions(tx, customer.id, [{ listKey: version.listKey, entityId: hit.id }]);
        if (stored) await deleteHitsById(tx, customer.id, [stored.id]);
        fresh.push(row);
        findings.push({ ...base, outcome: 'reopened' });
        continue;
      }
      if (!stored) {
        fresh.push(row);
        findings.push({ ...base, outcome: 'new' });
        continue;
      }
      // A hit on an entity the list only added was found against this very content (the customer
      // registered after the version landed): nothing to refresh, nothing stronger.
      if (stored.hitDetermination !== 'open' || note?.change !== 'changed') continue;
      const isStronger = hit.score > stored.score || SEVERITY[hit.hitType] > SEVERITY[stored.hitType];
      await refreshHit(tx, stored.id, row);
      if (isStronger) findings.push({ ...base, outcome: 'stronger', previousScore: stored.score });
    }
    await insertHits(tx, customer.dataSegmentId, customer.id, fresh);

    let alertId: string | null = null;
    let riskLevel: string | null = null;
    if (findings.length > 0) {
      const facts = await listHitFacts(tx, customer.id);
      await setHitTypes(tx, customer.id, hitTypesOf(facts));
      const rated = await deps.ratings.rateInTransaction(tx, onlySegment(customer.dataSegmentId), customer.id, {
        actor: null,
        facts: { screeningHits: facts },
      });
      riskLevel = rated.rating.level;
      const trigger: TAlertTrigger = {
        kind: 'list-change',
        listKey: version.listKey,
        listTitle: version.listTitle,
        versionNo: version.versionNo,
        entities: findings,
        dueDate: null,
      };
      alertId = await insertTriggeredAlert(tx, {
        dataSegmentId: customer.dataSegmentId,
        customerId: customer.id,
        type: 'triggered',
        reason: triggeredAlertReason(version.listTitle, version.versionNo, findings),
        triggerKey: `rescreen:${version.versionId}`,
        trigger,
      });
    }
    // The customer's timeline shows every re-screening that found something for it.
    await appendAudit(tx, {
      dataSegmentId: customer.dataSegmentId,
      source: SYSTEM_SOURCE,
      module: 'customers',
      action: 'rescreened_customer',
      entityType: 'customer',
      entityId: customer.id,
      summary: `Re-screened after ${version.listTitle} version ${version.versionNo}: ${found.length} found among the changed entities, ${findings.length} new or stronger, ${suppressed} kept back by 'not relevant' decisions`,
      details: {
        sanadId: customer.sanadId,
        listKey: version.listKey,
        versionNo: version.versionNo,
        found: found.length,
        findings,
        suppressed,
        riskLevel,
        alertId,
      },
    });
    if (alertId)
      await appendAudit(tx, {
        dataSegmentId: customer.dataSegmentId,
        source: SYSTEM_SOURCE,
        module: 'alerts',
        action: 'raised_triggered_alert',
        entityType: 'alert',
        entityId: alertId,
        summary: `Alert for ${customer.sanadId} after ${version.listTitle} changed`,
        details: { customerId: customer.id, sanadId: customer.sanadId },
      });
    return alertId !== null;
  }

  return {
    /**
     * Asks for the re-screening of a stored list version, in the transaction that stored it: the
     * run and its job commit with the version or not at all.
     */
    async requestRescreen(tx: Queryable, versionId: string): Promise<void> {
      await ensureRun(tx, versionId);
      await deps.jobs?.send(RESCREEN_JOB, { versionId }, { tx, singletonKey: `rescreen:${versionId}` });
    },

    /** The job: runs (or continues) the re-screening of one list version. */
    async runRescreen(versionId: string): Promise<JobSummary> {
      const run = await ensureRun(db, versionId);
      if (!run) return { items: 0, note: `list version ${versionId} not found` };
      if (run.status === 'completed') return { items: 0, note: 'already completed' };
      const delta = await deps.deltas.deltaOf(versionId);
      if (!delta) return { items: 0, note: `list version ${versionId} not found` };
      const { version, segmentIds } = delta;
      await startRun(db, versionId, {
        previousVersionId: version.previousVersionId,
        changed: delta.changed.length,
        removed: delta.removedIds.length,
      });
      // Both flags are set-based and idempotent, so a restarted run repeats them harmlessly.
      const delisted = await flagDelistedHits(db, segmentIds, version.listKey, delta.removedIds);
      await clearDelistedFlag(
        db,
        segmentIds,
        version.listKey,
        delta.changed.filter((item) => item.change === 'added').map((item) => item.entity.id),
      );

      const screeners = new Map<string, (query: ScreeningQuery) => CustomerScreeningHit[]>();
      let checkpoint = run.checkpointCustomerId;
      let batchNo = run.batches;
      let screened = 0;
      let raised = 0;
      if (delta.changed.length > 0) {
        for (;;) {
          const customers = await nextCustomerBatch(db, segmentIds, checkpoint, batchSize);
          if (customers.length === 0) break;
          const matches: Array<{ customer: MonitoredCustomer; found: CustomerScreeningHit[] }> = [];
          for (const customer of customers) {
            let screen = screeners.get(customer.dataSegmentId);
            if (!screen) {
              screen = await delta.screenerFor(customer.dataSegmentId);
              screeners.set(customer.dataSegmentId, screen);
            }
            const found = screen(queryOf(customer));
            if (found.length > 0) matches.push({ customer, found });
          }
          const lastCustomerId = customers.at(-1)!.id;
          const startedFrom = checkpoint;
          const alerts = await db.transaction(async (tx) => {
            // Another worker holding the same run (a job handed out twice) moved on: stop here.
            const current = await getRun(tx, versionId, true);
            if (!current || current.checkpointCustomerId !== startedFrom || current.status === 'completed') return null;
            let count = 0;
            for (const match of matches) if (await applyMatches(tx, delta, match.customer, match.found)) count += 1;
            await advanceRun(tx, versionId, { lastCustomerId, screened: customers.length, alerts: count });
            return count;
          });
          if (alerts === null) return { items: screened, note: `run of version ${versionId} taken over by another worker` };
          checkpoint = lastCustomerId;
          batchNo += 1;
          screened += customers.length;
          raised += alerts;
          deps.afterBatch?.(batchNo);
        }
      }

      await db.transaction(async (tx) => {
        const current = await getRun(tx, versionId, true);
        if (!current || current.status === 'completed') return;
        await completeRun(tx, versionId);
        const total = current.alertsRaised;
        await appendAudit(tx, {
          dataSegmentId: version.dataSegmentId,
          source: SYSTEM_SOURCE,
          module: 'screening_data',
          action: 'rescreened_customers',
          entityType: 'list_version',
          entityId: versionId,
          summary: `Re-screened ${current.customersScreened} customers against ${delta.changed.length} changed entities of ${version.listTitle} version ${version.versionNo}: ${total} triggered alerts, ${delisted} hits on removed entities flagged`,
          details: { listKey: version.listKey, versionNo: version.versionNo, removed: delta.removedIds.length, segments: segmentIds },
        });
        if (total > 0)
          for (const dataSegmentId of segmentIds)
            await notifyUsers(tx, {
              dataSegmentId,
              permission: 'view-alerts',
              title: 'Alerts raised after a list change',
              description: `${version.listTitle} changed (version ${version.versionNo}); customers with new or stronger hits are waiting for review.`,
              icon: 'alert',
            });
      });
      return { items: screened, note: `version ${versionId}: ${raised} triggered alerts in this run` };
    },
  };
}

export type OngoingScreeningService = ReturnType<typeof createOngoingScreeningService>;
