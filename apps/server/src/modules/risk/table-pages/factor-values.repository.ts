import type { TListQuery } from '@sanad/contracts/http';
import type { TFactorValueRow, TItemStatus } from '@sanad/contracts/risk-configuration';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../../platform/http/list-query';
import type { SegmentRef } from '../segment-ref';

/** A factor value as a save writes it; null clears an optional field. */
export interface FactorValueFields {
  code: string;
  title: string;
  score: number;
  status: TItemStatus;
  overrideTo: TFactorValueRow['overrideTo'];
  min: number | null;
  max: number | null;
  hitType: TFactorValueRow['hitType'];
  reason: string | null;
  source: string | null;
}

interface ValueRecord {
  id: string;
  factor_key: string;
  code: string;
  title: string;
  score: number;
  status: TItemStatus;
  override_to: TFactorValueRow['overrideTo'];
  min_value: number | null;
  max_value: number | null;
  hit_type: TFactorValueRow['hitType'];
  reason: string | null;
  source: string | null;
}

const COLUMNS = 'id, factor_key, code, title, score, status, override_to, min_value, max_value, hit_type, reason, source';

function toRow(record: ValueRecord): TFactorValueRow {
  return {
    _id: record.id,
    factorKey: record.factor_key,
    code: record.code,
    title: record.title,
    score: record.score,
    overrideTo: record.override_to,
    min: record.min_value,
    max: record.max_value,
    hitType: record.hit_type,
    status: record.status,
    reason: record.reason,
    source: record.source,
  };
}

const SORTABLE = {
  code: 'lower(code)',
  title: 'lower(title)',
  score: 'score',
  status: 'status',
  overrideTo: "case override_to when 'medium' then 1 when 'high' then 2 when 'sanction' then 3 else 0 end",
  min: 'min_value',
  max: 'max_value',
  hitType: 'hit_type',
};

export async function listFactorValues(
  db: Queryable,
  segment: SegmentRef,
  factorKey: string,
  query: TListQuery,
): Promise<Page<TFactorValueRow>> {
  const params: unknown[] = [segment.segmentId, factorKey];
  const conditions = ['data_segment_id = $1', 'factor_key = $2'];
  if (query.status) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`(code ilike $${params.length} or title ilike $${params.length} or coalesce(reason, '') ilike $${params.length})`);
  }
  const order = orderByClause(query, SORTABLE, { column: 'position', order: 'asc' });
  const result = await db.query<ValueRecord & { total: number }>(
    `select ${COLUMNS}, count(*) over ()::int as total from risk_factor_values
      where ${conditions.join(' and ')} ${order} ${pageClause(query, params)}`,
    params,
  );
  return { rows: result.rows.map(toRow), total: result.rows[0]?.total ?? 0 };
}

/** Every value of one factor in table order (export, import). */
export async function listValuesOfFactor(db: Queryable, segment: SegmentRef, factorKey: string): Promise<TFactorValueRow[]> {
  const result = await db.query<ValueRecord>(
    `select ${COLUMNS} from risk_factor_values where data_segment_id = $1 and factor_key = $2 order by position, id`,
    [segment.segmentId, factorKey],
  );
  return result.rows.map(toRow);
}

/** Every value of the segment, grouped by factor in table order: what the configuration is built from. */
export async function listAllFactorValues(db: Queryable, segment: SegmentRef): Promise<TFactorValueRow[]> {
  const result = await db.query<ValueRecord>(
    `select ${COLUMNS} from risk_factor_values where data_segment_id = $1 order by factor_key, position, id`,
    [segment.segmentId],
  );
  return result.rows.map(toRow);
}

export async function findFactorValue(db: Queryable, segment: SegmentRef, factorKey: string, id: string): Promise<TFactorValueRow | null> {
  const record = await queryOne<ValueRecord>(
    db,
    `select ${COLUMNS} from risk_factor_values where data_segment_id = $1 and factor_key = $2 and id = $3`,
    [segment.segmentId, factorKey, id],
  );
  return record ? toRow(record) : null;
}

export async function findFactorValueByCode(
  db: Queryable,
  segment: SegmentRef,
  factorKey: string,
  code: string,
): Promise<TFactorValueRow | null> {
  const record = await queryOne<ValueRecord>(
    db,
    `select ${COLUMNS} from risk_factor_values where data_segment_id = $1 and factor_key = $2 and lower(code) = lower($3)`,
    [segment.segmentId, factorKey, code],
  );
  return record ? toRow(record) : null;
}

/** Inserts values at the end of their factor's table, in the order given; returns their ids. */
export async function insertFactorValues(
  tx: Queryable,
  segment: SegmentRef,
  factorKey: string,
  values: readonly FactorValueFields[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const last = await queryOne<{ position: number }>(
    tx,
    'select coalesce(max(position), 0)::int as position from risk_factor_values where data_segment_id = $1 and factor_key = $2',
    [segment.segmentId, factorKey],
  );
  const base = last?.position ?? 0;
  const result = await tx.query<{ id: string }>(
    `insert into risk_factor_values (data_segment_id, factor_key, code, title, score, status, override_to, min_value, max_value,
                                     hit_type, reason, source, position)
     select $1, $2, v.code, v.title, v.score, v.status, v."overrideTo", v.min, v.max, v."hitType", v.reason, v.source, v.position
       from json_to_recordset($3::json) as v(code text, title text, score double precision, status text, "overrideTo" text,
            min double precision, max double precision, "hitType" text, reason text, source text, position int)
     order by v.position
     returning id`,
    [segment.segmentId, factorKey, JSON.stringify(values.map((value, index) => ({ ...value, position: base + index + 1 })))],
  );
  return result.rows.map((row) => row.id);
}

export async function updateFactorValue(tx: Queryable, segment: SegmentRef, id: string, value: FactorValueFields): Promise<void> {
  await tx.query(
    `update risk_factor_values
        set code = $3, title = $4, score = $5, status = $6, override_to = $7, min_value = $8, max_value = $9, hit_type = $10,
            reason = $11, source = $12, updated_at = now()
      where data_segment_id = $1 and id = $2`,
    [
      segment.segmentId,
      id,
      value.code,
      value.title,
      value.score,
      value.status,
      value.overrideTo,
      value.min,
      value.max,
      value.hitType,
      value.reason,
      value.source,
    ],
  );
}
