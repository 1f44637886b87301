import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TCustomerListItem, TCustomerListQuery } from '@sanad/contracts/customers';
import type { Database, Queryable } from '../../platform/db/database';
import { inSegments } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';
import { customerOrder, filteredCustomers } from './customer-search.repository';

/** A customer the scope may see, locked until the transaction ends, with what archiving changes. */
export async function lockCustomerStatus(
  tx: Queryable,
  scope: TenantScope,
  id: string,
): Promise<{ id: string; dataSegmentId: string; sanadId: string; fullName: string; isArchived: boolean } | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(tx)
    .selectFrom('customers as c')
    .select(['c.id', 'c.dataSegmentId', 'c.sanadId', 'c.fullName', sql<boolean>`c.archived_at is not null`.as('isArchived')])
    .where('c.id', '=', id)
    .where(inSegments('c.data_segment_id', scope))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Archives (out of the default list and of monitoring) or restores a customer. */
export async function setCustomerArchived(tx: Queryable, id: string, isArchived: boolean): Promise<void> {
  await sqlOf(tx)
    .updateTable('customers')
    .set({ archivedAt: isArchived ? sql`now()` : null, isMonitored: !isArchived, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A list row with the customer's custom answers (customInfo) as JSON text. */
export type ExportRow = TCustomerListItem & { customInfoJson: string | null };

/**
 * Every customer the list query matches, in the list's order, handed over in batches. The rows are
 * read through one cursor in a read-only repeatable-read transaction, so the file is one consistent
 * snapshot (no customer twice or missed while others register) and memory holds one batch at a time.
 * `onBatch` may wait (for the client to take the bytes); the cursor waits with it.
 */
export async function forEachCustomerBatch(
  db: Database,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerListQuery,
  batchSize: number,
  onBatch: (rows: ExportRow[]) => Promise<void>,
): Promise<number> {
  const order = customerOrder(query);
  // A name of its own, so the statement never recurs and is never kept prepared.
  const cursor = sql.raw(`customer_export_${randomBytes(6).toString('hex')}`);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await sql`set transaction isolation level repeatable read, read only`.execute(sqlOf(tx));
    // The custom answers as JSON text: read as an object, their keys would be re-cased like columns.
    const rows = filteredCustomers(tx, scope, dataSegmentId, query)
      .select(sql<string | null>`(c.record -> 'customInfo')::text`.as('customInfoJson'))
      .orderBy(order.expression)
      .orderBy('c.id', order.direction);
    await sql`declare ${cursor} no scroll cursor for ${rows}`.execute(sqlOf(tx));
    let total = 0;
    for (;;) {
      const batch = await sql<ExportRow>`fetch forward ${sql.raw(String(batchSize))} from ${cursor}`.execute(sqlOf(tx));
      if (batch.rows.length === 0) break;
      total += batch.rows.length;
      await onBatch(batch.rows);
      if (batch.rows.length < batchSize) break;
    }
    await sql`close ${cursor}`.execute(sqlOf(tx));
    return total;
  });
}

export interface CustomerHistoryEntry {
  createdAt: string;
  actorName: string;
  action: string;
  summary: string;
}

/**
 * Every audit entry about one customer (registration, ratings, edits, archive, alert and hit
 * decisions), oldest first, for its compliance file. The customer has been checked to be in scope;
 * the segment condition keeps the read on that segment's chain.
 */
export async function listCustomerHistory(
  db: Queryable,
  dataSegmentId: string,
  customerId: string,
  limit = 500,
): Promise<CustomerHistoryEntry[]> {
  return sqlOf(db)
    .selectFrom('auditLog')
    .select(['createdAt', 'actorName', 'action', 'summary'])
    .where('dataSegmentId', '=', dataSegmentId)
    .where((eb) => eb.or([eb('entityId', '=', customerId), eb(sql<string>`details ->> 'customerId'`, '=', customerId)]))
    .orderBy('seq')
    .limit(limit)
    .execute();
}
