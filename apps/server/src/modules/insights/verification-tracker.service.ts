import {
  TRACKER_STAGES,
  type TTrackerJourney,
  type TTrackerJourneyQuery,
  type TTrackerStage,
  type TVerificationTracker,
  type TVerificationTrackerQuery,
} from '@sanad/contracts/insights';
import { REGISTRATION_STEPS } from '@sanad/contracts/registration-steps';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { localDayEnd, localDayStart, resolveDayRange } from '../../platform/http/day-range';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import {
  countInFlight,
  countJourneysByStage,
  listInFlight,
  timeToComplete,
  type StageOutcomeRow,
  type TrackerSegment,
} from './verification-tracker.repository';

const STAGE_LABELS: Record<TTrackerStage, string> = {
  'not-opened': 'Link not opened',
  ...(Object.fromEntries(REGISTRATION_STEPS.map((step) => [step.name, step.label])) as Record<
    (typeof REGISTRATION_STEPS)[number]['name'],
    string
  >),
  completed: 'Completed',
};

/**
 * The funnel from the stage counts. Stages are ordered, so a journey at one stage has passed every
 * earlier one: 'reached' adds up the journeys at that stage or later, whatever their outcome.
 */
export function trackerStages(rows: readonly StageOutcomeRow[]): TVerificationTracker['stages'] {
  const at = (stage: TTrackerStage, outcomes: ReadonlyArray<StageOutcomeRow['outcome']>) =>
    rows.filter((row) => row.stage === stage && outcomes.includes(row.outcome)).reduce((sum, row) => sum + row.count, 0);
  return TRACKER_STAGES.map((stage, index) => ({
    stage,
    label: STAGE_LABELS[stage],
    reached: rows.filter((row) => TRACKER_STAGES.indexOf(row.stage) >= index).reduce((sum, row) => sum + row.count, 0),
    inFlight: at(stage, ['in-flight']),
    droppedOff: at(stage, ['expired', 'revoked']),
  }));
}

export function createVerificationTrackerService({ db, now }: { db: Database; now?: () => Date }) {
  const clock = now ?? (() => new Date());

  const segmentOf = (actor: Actor, dataSegmentId: string | undefined): TrackerSegment => ({
    scope: actor.segments,
    dataSegmentId: targetSegment(actor, dataSegmentId),
    now: clock(),
  });

  return {
    async getTracker(actor: Actor, query: TVerificationTrackerQuery, meta: RequestMeta): Promise<TVerificationTracker> {
      const segment = segmentOf(actor, query.dataSegmentId);
      const range = resolveDayRange(query, meta.timezoneOffset, segment.now);
      const fromInstant = localDayStart(range.from, meta.timezoneOffset);
      const toInstant = localDayEnd(range.to, meta.timezoneOffset);
      const [byStage, durations, current] = await Promise.all([
        countJourneysByStage(db, segment, fromInstant, toInstant),
        timeToComplete(db, segment, fromInstant, toInstant),
        countInFlight(db, segment),
      ]);
      const outcome = (name: StageOutcomeRow['outcome']) =>
        byStage.filter((row) => row.outcome === name).reduce((sum, row) => sum + row.count, 0);
      return {
        ...range,
        totals: {
          sent: byStage.reduce((sum, row) => sum + row.count, 0),
          inFlight: outcome('in-flight'),
          completed: outcome('completed'),
          expired: outcome('expired'),
          revoked: outcome('revoked'),
        },
        stages: trackerStages(byStage),
        timeToComplete: durations,
        now: current,
      };
    },

    listJourneys(actor: Actor, query: TTrackerJourneyQuery): Promise<Page<TTrackerJourney>> {
      return listInFlight(db, segmentOf(actor, query.dataSegmentId), query);
    },
  };
}

export type VerificationTrackerService = ReturnType<typeof createVerificationTrackerService>;
