import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { TenantScope } from '../../platform/tenancy/scope';
import { segmentCondition } from '../../platform/tenancy/scope';

export interface NewDataSegment {
  companyName: string;
  fullName?: string;
  title?: string;
  ref?: string;
  email?: string;
  subscription: 'trial' | 'active' | 'unpaid' | 'cancelled' | 'expired';
  tier?: number;
  country?: string;
}

export async function insertDataSegment(tx: Queryable, input: NewDataSegment): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into data_segments (company_name, full_name, title, ref, email, subscription, tier, country)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      input.companyName,
      input.fullName ?? '',
      input.title ?? '',
      input.ref ?? '',
      input.email ?? '',
      input.subscription,
      input.tier ?? 0,
      input.country ?? 'PK',
    ],
  );
  if (!row) throw new Error('data segment insert returned nothing');
  return row.id;
}

export interface SegmentSettings {
  id: string;
  whiteLabelling: boolean;
  configurations: Record<string, unknown>;
}

/** The segments of a scope that are in service, oldest first: the first is the default active one. */
export async function listActiveSegmentIds(db: Queryable, scope: TenantScope): Promise<string[]> {
  const params: unknown[] = [];
  const condition = segmentCondition(scope, 'id', params);
  const result = await db.query<{ id: string }>(
    `select id from data_segments where status = 'active' and ${condition} order by created_at, id`,
    params,
  );
  return result.rows.map((row) => row.id);
}

export async function getSegmentSettings(db: Queryable, id: string): Promise<SegmentSettings | null> {
  const row = await queryOne<{ id: string; white_labelling: boolean; configurations: Record<string, unknown> }>(
    db,
    'select id, white_labelling, configurations from data_segments where id = $1',
    [id],
  );
  return row ? { id: row.id, whiteLabelling: row.white_labelling, configurations: row.configurations } : null;
}
