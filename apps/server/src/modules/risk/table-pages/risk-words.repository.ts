import type { TListQuery } from '@sanad/contracts/http';
import type { TItemStatus, TStopWordRow, TVariantWordRow } from '@sanad/contracts/risk-configuration';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../../platform/http/list-query';
import type { SegmentRef } from '../segment-ref';

export interface StopWordFields {
  word: string;
  status: TItemStatus;
}

export interface VariantWordFields extends StopWordFields {
  canonical: string;
}

type WordTable = 'risk_stop_words' | 'risk_variant_words';

function listConditions(table: WordTable, segment: SegmentRef, query: TListQuery, params: unknown[]): string {
  params.push(segment.segmentId);
  const conditions = ['data_segment_id = $1'];
  if (query.status) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(
      table === 'risk_variant_words'
        ? `(word ilike $${params.length} or canonical ilike $${params.length})`
        : `word ilike $${params.length}`,
    );
  }
  return conditions.join(' and ');
}

async function nextPosition(tx: Queryable, table: WordTable, segment: SegmentRef): Promise<number> {
  const row = await queryOne<{ position: number }>(
    tx,
    `select coalesce(max(position), 0)::int as position from ${table} where data_segment_id = $1`,
    [segment.segmentId],
  );
  return (row?.position ?? 0) + 1;
}

export async function listStopWords(db: Queryable, segment: SegmentRef, query: TListQuery): Promise<Page<TStopWordRow>> {
  const params: unknown[] = [];
  const where = listConditions('risk_stop_words', segment, query, params);
  const order = orderByClause(query, { word: 'lower(word)', status: 'status' }, { column: 'position', order: 'asc' });
  const result = await db.query<TStopWordRow & { total: number }>(
    `select id as "_id", word, status, count(*) over ()::int as total from risk_stop_words where ${where} ${order} ${pageClause(query, params)}`,
    params,
  );
  return { rows: result.rows.map(({ total: _total, ...row }) => row), total: result.rows[0]?.total ?? 0 };
}

export async function listAllStopWords(db: Queryable, segment: SegmentRef): Promise<TStopWordRow[]> {
  const result = await db.query<TStopWordRow>(
    'select id as "_id", word, status from risk_stop_words where data_segment_id = $1 order by position, id',
    [segment.segmentId],
  );
  return result.rows;
}

export async function findStopWord(db: Queryable, segment: SegmentRef, id: string): Promise<TStopWordRow | null> {
  return queryOne<TStopWordRow>(db, 'select id as "_id", word, status from risk_stop_words where data_segment_id = $1 and id = $2', [
    segment.segmentId,
    id,
  ]);
}

export async function insertStopWords(tx: Queryable, segment: SegmentRef, words: readonly StopWordFields[]): Promise<string[]> {
  if (words.length === 0) return [];
  const base = await nextPosition(tx, 'risk_stop_words', segment);
  const result = await tx.query<{ id: string }>(
    `insert into risk_stop_words (data_segment_id, word, status, position)
     select $1, w.word, w.status, w.position from json_to_recordset($2::json) as w(word text, status text, position int) returning id`,
    [segment.segmentId, JSON.stringify(words.map((word, index) => ({ ...word, position: base + index })))],
  );
  return result.rows.map((row) => row.id);
}

export async function updateStopWord(tx: Queryable, segment: SegmentRef, id: string, fields: StopWordFields): Promise<void> {
  await tx.query('update risk_stop_words set word = $3, status = $4, updated_at = now() where data_segment_id = $1 and id = $2', [
    segment.segmentId,
    id,
    fields.word,
    fields.status,
  ]);
}

export async function listVariantWords(db: Queryable, segment: SegmentRef, query: TListQuery): Promise<Page<TVariantWordRow>> {
  const params: unknown[] = [];
  const where = listConditions('risk_variant_words', segment, query, params);
  const order = orderByClause(
    query,
    { word: 'lower(word)', canonical: 'lower(canonical)', status: 'status' },
    { column: 'position', order: 'asc' },
  );
  const result = await db.query<TVariantWordRow & { total: number }>(
    `select id as "_id", word, canonical, status, count(*) over ()::int as total from risk_variant_words where ${where} ${order} ${pageClause(query, params)}`,
    params,
  );
  return { rows: result.rows.map(({ total: _total, ...row }) => row), total: result.rows[0]?.total ?? 0 };
}

export async function listAllVariantWords(db: Queryable, segment: SegmentRef): Promise<TVariantWordRow[]> {
  const result = await db.query<TVariantWordRow>(
    'select id as "_id", word, canonical, status from risk_variant_words where data_segment_id = $1 order by position, id',
    [segment.segmentId],
  );
  return result.rows;
}

export async function findVariantWord(db: Queryable, segment: SegmentRef, id: string): Promise<TVariantWordRow | null> {
  return queryOne<TVariantWordRow>(
    db,
    'select id as "_id", word, canonical, status from risk_variant_words where data_segment_id = $1 and id = $2',
    [segment.segmentId, id],
  );
}

export async function insertVariantWords(tx: Queryable, segment: SegmentRef, words: readonly VariantWordFields[]): Promise<string[]> {
  if (words.length === 0) return [];
  const base = await nextPosition(tx, 'risk_variant_words', segment);
  const result = await tx.query<{ id: string }>(
    `insert into risk_variant_words (data_segment_id, word, canonical, status, position)
     select $1, w.word, w.canonical, w.status, w.position from json_to_recordset($2::json) as w(word text, canonical text, status text, position int)
     returning id`,
    [segment.segmentId, JSON.stringify(words.map((word, index) => ({ ...word, position: base + index })))],
  );
  return result.rows.map((row) => row.id);
}

export async function updateVariantWord(tx: Queryable, segment: SegmentRef, id: string, fields: VariantWordFields): Promise<void> {
  await tx.query(
    'update risk_variant_words set word = $3, canonical = $4, status = $5, updated_at = now() where data_segment_id = $1 and id = $2',
    [segment.segmentId, id, fields.word, fields.canonical, fields.status],
  );
}
