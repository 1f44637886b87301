import type { TListQuery } from '@sanad/contracts/http';
import type { TRiskFactorRow, TItemStatus } from '@sanad/contracts/risk-configuration';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../../platform/http/list-query';
import type { SegmentRef } from '../segment-ref';

/** A factor as stored; its values live in risk_factor_values. */
export interface FactorRecord {
  id: string;
  key: string;
  title: string;
  kind: TRiskFactorRow['kind'];
  weight: number;
  status: TItemStatus;
  applies_to: TRiskFactorRow['appliesTo'];
  missing: TRiskFactorRow['missing'];
  unknown_score: number;
  reason: string | null;
  source: string | null;
}

export interface FactorFields {
  title: string;
  weight: number;
  status: TItemStatus;
  appliesTo: TRiskFactorRow['appliesTo'];
  missing: TRiskFactorRow['missing'];
  unknownScore: number;
  reason: string | null;
  source: string | null;
}

export interface NewFactor extends FactorFields {
  key: string;
  kind: TRiskFactorRow['kind'];
}

const COLUMNS = 'id, key, title, kind, weight, status, applies_to, missing, unknown_score, reason, source';

const SORTABLE = {
  key: 'key',
  title: 'lower(title)',
  weight: 'weight',
  status: 'status',
  missing: 'missing',
  unknownScore: 'unknown_score',
  valueCount: 'value_count',
};

export async function listFactors(
  db: Queryable,
  segment: SegmentRef,
  query: TListQuery,
): Promise<Page<FactorRecord & { value_count: number; active_weight_sum: number }>> {
  const params: unknown[] = [segment.segmentId];
  const conditions = ['f.data_segment_id = $1'];
  if (query.status) {
    params.push(query.status);
    conditions.push(`f.status = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`(f.key ilike $${params.length} or f.title ilike $${params.length})`);
  }
  const order = orderByClause(query, SORTABLE, { column: 'position', order: 'asc' });
  const result = await db.query<FactorRecord & { value_count: number; active_weight_sum: number; total: number }>(
    `select * from (
       select f.id, f.key, f.title, f.kind, f.weight, f.status, f.applies_to, f.missing, f.unknown_score, f.reason, f.source, f.position,
              (select count(*)::int from risk_factor_values v where v.data_segment_id = f.data_segment_id and v.factor_key = f.key) as value_count,
              (select coalesce(sum(weight), 0) from risk_factors a where a.data_segment_id = f.data_segment_id and a.status = 'active')::float8 as active_weight_sum,
              count(*) over ()::int as total
         from risk_factors f where ${conditions.join(' and ')}
     ) listed ${order} ${pageClause(query, params)}`,
    params,
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

/** Every factor in configuration order. */
export async function listAllFactors(db: Queryable, segment: SegmentRef): Promise<FactorRecord[]> {
  const result = await db.query<FactorRecord>(`select ${COLUMNS} from risk_factors where data_segment_id = $1 order by position, id`, [
    segment.segmentId,
  ]);
  return result.rows;
}

export async function findFactor(db: Queryable, segment: SegmentRef, id: string): Promise<FactorRecord | null> {
  return queryOne<FactorRecord>(db, `select ${COLUMNS} from risk_factors where data_segment_id = $1 and id = $2`, [segment.segmentId, id]);
}

export async function findFactorByKey(db: Queryable, segment: SegmentRef, key: string): Promise<FactorRecord | null> {
  return queryOne<FactorRecord>(db, `select ${COLUMNS} from risk_factors where data_segment_id = $1 and key = $2`, [
    segment.segmentId,
    key,
  ]);
}

export async function insertFactors(tx: Queryable, segment: SegmentRef, factors: readonly NewFactor[]): Promise<void> {
  if (factors.length === 0) return;
  await tx.query(
    `insert into risk_factors (data_segment_id, key, title, kind, weight, status, applies_to, missing, unknown_score, reason, source, position)
     select $1, f.key, f.title, f.kind, f.weight, f.status, array(select json_array_elements_text(f."appliesTo")), f.missing,
            f."unknownScore", f.reason, f.source, f.position
       from json_to_recordset($2::json) as f(key text, title text, kind text, weight double precision, status text, "appliesTo" json,
            missing text, "unknownScore" double precision, reason text, source text, position int)`,
    [segment.segmentId, JSON.stringify(factors.map((factor, index) => ({ ...factor, position: index + 1 })))],
  );
}

export async function updateFactor(tx: Queryable, segment: SegmentRef, id: string, fields: FactorFields): Promise<void> {
  await tx.query(
    `update risk_factors set title = $3, weight = $4, status = $5, applies_to = $6::text[], missing = $7, unknown_score = $8,
            reason = $9, source = $10, updated_at = now()
      where data_segment_id = $1 and id = $2`,
    [
      segment.segmentId,
      id,
      fields.title,
      fields.weight,
      fields.status,
      [...fields.appliesTo],
      fields.missing,
      fields.unknownScore,
      fields.reason,
      fields.source,
    ],
  );
}

/** Adds one factor after the others (a custom field's factor); answers its id. */
export async function insertFactorLast(tx: Queryable, segment: SegmentRef, factor: NewFactor): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into risk_factors (data_segment_id, key, title, kind, weight, status, applies_to, missing, unknown_score, reason, source, position)
     values ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, $10, $11,
             (select coalesce(max(position), 0) + 1 from risk_factors where data_segment_id = $1))
     returning id`,
    [
      segment.segmentId,
      factor.key,
      factor.title,
      factor.kind,
      factor.weight,
      factor.status,
      [...factor.appliesTo],
      factor.missing,
      factor.unknownScore,
      factor.reason,
      factor.source,
    ],
  );
  if (!row) throw new Error('inserted factor not returned');
  return row.id;
}
