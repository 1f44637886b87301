import type { TScreenRequest, TScreeningThresholds } from '@sanad/contracts/screening';
import type { Database } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import type { ScreeningQuery } from '@sanad/screening/matching/screening-types';
import type { ScreeningEngine, ScreeningResult } from './screening-engine.service';
import { getScreeningThresholds, saveScreeningThresholds } from './screening-settings.repository';
import { listPublishers } from './watch-list.repository';

/** A hit found while registering a customer: the engine's hit and the publisher of its list. */
export type CustomerScreeningHit = ScreeningResult['hits'][number] & { listPublisher: string };

export function createScreeningService({ db, engine }: { db: Database; engine: ScreeningEngine }) {
  return {
    /** An ad hoc screening: the hits, with their explanation, are returned and the check is recorded. */
    async screenName(actor: Actor, request: TScreenRequest, meta: RequestMeta): Promise<ScreeningResult> {
      const { dataSegmentId: requested, ...query } = request;
      const dataSegmentId = targetSegment(actor, requested);
      const result = await engine.screen(dataSegmentId, query);
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'screening_data',
          action: 'screened_name',
          summary: `Ad hoc screening: ${result.hits.length} hit${result.hits.length === 1 ? '' : 's'}`,
          details: { hits: result.hits.map((hit) => ({ list: hit.list, id: hit.id, score: hit.score })) },
        }),
      );
      return result;
    },

    /**
     * Screens a customer being registered or edited against the segment's active lists. No audit
     * entry of its own: the caller stores the hits with the customer and records both in one entry.
     */
    async screenCustomer(dataSegmentId: string, query: ScreeningQuery): Promise<CustomerScreeningHit[]> {
      const result = await engine.screen(dataSegmentId, query);
      const publishers = await listPublishers(db, dataSegmentId, [...new Set(result.hits.map((hit) => hit.list))]);
      return result.hits.map((hit) => ({ ...hit, listPublisher: publishers.get(hit.list) ?? '' }));
    },

    /** screenCustomer for many customers of one segment (a bulk import's chunk), in query order. */
    async screenCustomers(dataSegmentId: string, queries: readonly ScreeningQuery[]): Promise<CustomerScreeningHit[][]> {
      const results = await engine.screenMany(dataSegmentId, queries);
      const publishers = await listPublishers(db, dataSegmentId, [
        ...new Set(results.flatMap((result) => result.hits.map((hit) => hit.list))),
      ]);
      return results.map((result) => result.hits.map((hit) => ({ ...hit, listPublisher: publishers.get(hit.list) ?? '' })));
    },

    getThresholds: (actor: Actor, requested: string | undefined) => getScreeningThresholds(db, targetSegment(actor, requested)),

    async saveThresholds(
      actor: Actor,
      thresholds: TScreeningThresholds,
      requested: string | undefined,
      meta: RequestMeta,
    ): Promise<TScreeningThresholds> {
      const dataSegmentId = targetSegment(actor, requested);
      await db.transaction(async (tx) => {
        await saveScreeningThresholds(tx, dataSegmentId, thresholds);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'screening_data',
          action: 'updated_screening_thresholds',
          details: { ...thresholds },
        });
      });
      return getScreeningThresholds(db, dataSegmentId);
    },
  };
}

export type ScreeningService = ReturnType<typeof createScreeningService>;
