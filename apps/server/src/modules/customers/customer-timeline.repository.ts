import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';

export interface TimelineRow {
  id: number;
  createdAt: string;
  module: string;
  action: string;
  summary: string;
  actorName: string;
  details: unknown;
}

/**
 * The audit entries about one customer of the segment, newest first: those written about the
 * customer itself, and those about another record (an alert) that name the customer in their details.
 * Each branch is served by its partial index (migration 0100).
 */
export async function listCustomerEvents(
  db: Queryable,
  dataSegmentId: string,
  customerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TimelineRow[]; total: number }> {
  const rows = await sqlOf(db)
    .selectFrom('auditLog as a')
    .select(['a.id', 'a.createdAt', 'a.module', 'a.action', 'a.summary', 'a.actorName', sql<unknown>`a.details`.as('details'), totalRows()])
    .where('a.dataSegmentId', '=', dataSegmentId)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.entityType', '=', 'customer'), eb('a.entityId', '=', customerId)]),
        sql<boolean>`(a.details ? 'customerId' and a.details ->> 'customerId' = ${customerId})`,
      ]),
    )
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** The stored records of some versions of a customer, by version number. */
export async function versionRecords(db: Queryable, customerId: string, versions: readonly number[]): Promise<Map<number, unknown>> {
  if (versions.length === 0) return new Map();
  const rows = await sqlOf(db)
    .selectFrom('customerVersions')
    .select(['version', sql<unknown>`record`.as('record')])
    .where('customerId', '=', customerId)
    .where('version', 'in', [...versions])
    .execute();
  return new Map(rows.map((row) => [row.version, row.record]));
}

/** The changed fields each kept version recorded, by version number. */
export async function versionChanges(db: Queryable, customerId: string, versions: readonly number[]): Promise<Map<number, string[]>> {
  if (versions.length === 0) return new Map();
  const rows = await sqlOf(db)
    .selectFrom('customerVersions')
    .select(['version', 'changedFields'])
    .where('customerId', '=', customerId)
    .where('version', 'in', [...versions])
    .execute();
  return new Map(rows.map((row) => [row.version, row.changedFields]));
}
