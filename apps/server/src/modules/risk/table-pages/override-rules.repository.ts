import type { TListQuery } from '@sanad/contracts/http';
import type { TOverrideRuleRow } from '@sanad/contracts/risk-configuration';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../../platform/http/list-query';
import type { SegmentRef } from '../segment-ref';

export type OverrideRuleFields = Omit<TOverrideRuleRow, '_id'>;

const SELECT = `select id as "_id", code, title, override_to as "overrideTo", applies_to as "appliesTo", condition as "when", status, reason, source
                  from risk_override_rules`;

export async function listOverrideRules(db: Queryable, segment: SegmentRef, query: TListQuery): Promise<Page<TOverrideRuleRow>> {
  const params: unknown[] = [segment.segmentId];
  const conditions = ['data_segment_id = $1'];
  if (query.status) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`(code ilike $${params.length} or title ilike $${params.length})`);
  }
  const order = orderByClause(
    query,
    { code: 'lower(code)', title: 'lower(title)', overrideTo: 'override_to', status: 'status' },
    { column: 'position', order: 'asc' },
  );
  const result = await db.query<TOverrideRuleRow & { total: number }>(
    `select id as "_id", code, title, override_to as "overrideTo", applies_to as "appliesTo", condition as "when", status, reason, source,
            count(*) over ()::int as total
       from risk_override_rules where ${conditions.join(' and ')} ${order} ${pageClause(query, params)}`,
    params,
  );
  return { rows: result.rows.map(({ total: _total, ...row }) => row), total: result.rows[0]?.total ?? 0 };
}

export async function listAllOverrideRules(db: Queryable, segment: SegmentRef): Promise<TOverrideRuleRow[]> {
  const result = await db.query<TOverrideRuleRow>(`${SELECT} where data_segment_id = $1 order by position, id`, [segment.segmentId]);
  return result.rows;
}

export async function findOverrideRule(db: Queryable, segment: SegmentRef, id: string): Promise<TOverrideRuleRow | null> {
  return queryOne<TOverrideRuleRow>(db, `${SELECT} where data_segment_id = $1 and id = $2`, [segment.segmentId, id]);
}

export async function insertOverrideRules(tx: Queryable, segment: SegmentRef, rules: readonly OverrideRuleFields[]): Promise<string[]> {
  if (rules.length === 0) return [];
  const last = await queryOne<{ position: number }>(
    tx,
    'select coalesce(max(position), 0)::int as position from risk_override_rules where data_segment_id = $1',
    [segment.segmentId],
  );
  const base = (last?.position ?? 0) + 1;
  const result = await tx.query<{ id: string }>(
    `insert into risk_override_rules (data_segment_id, code, title, status, override_to, applies_to, condition, reason, source, position)
     select $1, r.code, r.title, r.status, r."overrideTo", array(select json_array_elements_text(r."appliesTo")), r."when"::jsonb,
            r.reason, r.source, r.position
       from json_to_recordset($2::json) as r(code text, title text, status text, "overrideTo" text, "appliesTo" json, "when" json,
            reason text, source text, position int)
     returning id`,
    [segment.segmentId, JSON.stringify(rules.map((rule, index) => ({ ...rule, position: base + index })))],
  );
  return result.rows.map((row) => row.id);
}

export async function updateOverrideRule(tx: Queryable, segment: SegmentRef, id: string, fields: OverrideRuleFields): Promise<void> {
  await tx.query(
    `update risk_override_rules set code = $3, title = $4, status = $5, override_to = $6, applies_to = $7::text[], condition = $8::jsonb,
            reason = $9, source = $10, updated_at = now()
      where data_segment_id = $1 and id = $2`,
    [
      segment.segmentId,
      id,
      fields.code,
      fields.title,
      fields.status,
      fields.overrideTo,
      [...fields.appliesTo],
      JSON.stringify(fields.when),
      fields.reason,
      fields.source,
    ],
  );
}
