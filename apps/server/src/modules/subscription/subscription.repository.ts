import type { TSubscriptionSummary } from '@sanad/contracts/subscription';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import { segmentCondition, type TenantScope } from '../../platform/tenancy/scope';

/** Tier, subscription and counter of one segment inside the caller's scope; null otherwise. */
export async function findSubscriptionSummary(db: Queryable, scope: TenantScope, dataSegmentId: string): Promise<TSubscriptionSummary | null> {
  const params: unknown[] = [dataSegmentId];
  const condition = segmentCondition(scope, 'id', params);
  const row = await queryOne<{ id: string; company_name: string; subscription: TSubscriptionSummary['subscription']; tier: number; counter: number }>(
    db,
    `select id, company_name, subscription, tier, counter from data_segments where id = $1::uuid and ${condition}`,
    params,
  );
  return row ? { _id: row.id, companyName: row.company_name, subscription: row.subscription, tier: row.tier, counter: row.counter } : null;
}
