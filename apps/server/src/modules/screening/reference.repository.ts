import { sql } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type { ReferenceLists } from '@sanad/screening/importers/import-result';
import type { Queryable } from '../../platform/db/database';
import { keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';

const CHUNK = 2000;

export interface ReferenceRow {
  _id: string;
  code: string;
  name: string;
  parentCode: string | null;
  recordType: string | null;
  source: string;
}

/** Replaces a vendor list's reference lists (a Dow Jones or World-Check import brings them whole). */
export async function replaceReferences(tx: Queryable, listId: string, references: ReferenceLists): Promise<void> {
  const db = sqlOf(tx);
  await db.deleteFrom('screeningReferences').where('listId', '=', listId).execute();
  for (const [page, entries] of Object.entries(references)) {
    for (let start = 0; start < entries.length; start += CHUNK) {
      const slice = entries.slice(start, start + CHUNK);
      await sql`insert into screening_references (list_id, page, code, name, parent_code, record_type, attributes)
        select ${listId}, ${page}, code, name, parent_code, record_type, attributes::jsonb
          from unnest(${slice.map((entry) => entry.code)}::text[], ${slice.map((entry) => entry.name)}::text[],
                      ${slice.map((entry) => entry.parentCode ?? null)}::text[], ${slice.map((entry) => entry.recordType ?? null)}::text[],
                      ${slice.map((entry) => JSON.stringify(entry.attributes ?? {}))}::text[]) as incoming (code, name, parent_code, record_type, attributes)
        on conflict (list_id, page, code) do update set name = excluded.name`.execute(db);
    }
  }
}

/** A list's reference lists as its last full import brought them (a Dow Jones daily file resolves its codes with them). */
export async function loadReferences(db: Queryable, listId: string): Promise<ReferenceLists> {
  const rows = await sqlOf(db).selectFrom('screeningReferences').select(['page', 'code', 'name']).where('listId', '=', listId).execute();
  const references: ReferenceLists = {};
  for (const row of rows) (references[row.page] ??= []).push({ code: row.code, name: row.name });
  return references;
}

const REFERENCE_SORT = { code: sql`r.code`, name: sql`r.name`, source: sql`l.title` };

/** One reference page of the vendor lists a segment sees (shared or its own). */
export async function listReferences(db: Queryable, page: string, dataSegmentId: string, query: TListQuery): Promise<Page<ReferenceRow>> {
  const sort = sortOf(query, REFERENCE_SORT, { expression: REFERENCE_SORT.name, direction: 'asc' });
  const { limit, offset } = pageOf(query);
  const keyword = query.keyword ? keywordLike(query.keyword) : null;
  const rows = await sqlOf(db)
    .selectFrom('screeningReferences as r')
    .innerJoin('watchLists as l', 'l.id', 'r.listId')
    .select([
      sql<string>`l.id || ':' || r.code`.as('_id'),
      'r.code',
      'r.name',
      'r.parentCode',
      'r.recordType',
      'l.title as source',
      totalRows(),
    ])
    .where('r.page', '=', page)
    .where((eb) => eb.or([eb('l.dataSegmentId', 'is', null), eb('l.dataSegmentId', '=', dataSegmentId)]))
    .$if(keyword !== null, (qb) => qb.where((eb) => eb.or([eb('r.code', 'ilike', keyword ?? ''), eb('r.name', 'ilike', keyword ?? '')])))
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)}`)
    .orderBy('r.code')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
