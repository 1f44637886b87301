import { sql } from 'kysely';
import type { TMessageLanguage } from '@sanad/contracts/temp-customers';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/**
 * The SQL of the daily document-expiry job: customers whose identity document expiry date (the
 * indexed `document_expiry_date`, migration 0114) has passed or falls inside a window.
 */

/** Segments holding any live customer whose document expires on or before `latest`. */
export async function segmentsWithExpiringDocuments(db: Queryable, latest: string): Promise<string[]> {
  const rows = await sqlOf(db)
    .selectFrom('customers')
    .select('dataSegmentId')
    .distinct()
    .where('documentExpiryDate', '<=', latest)
    .where('archivedAt', 'is', null)
    .execute();
  return rows.map((row) => row.dataSegmentId);
}

export interface ExpiringCustomer {
  id: string;
  dataSegmentId: string;
  sanadId: string;
  email: string | null;
  firstName: string | null;
  expiryDate: string;
  /** The language of the link the customer registered through (as journeyLanguageOf reads it), null without one. */
  language: TMessageLanguage | null;
}

/** The next batch of a segment's live customers whose document expires on or before `cutoff`, after `afterId` in id order. */
export async function nextExpiringCustomers(
  db: Queryable,
  dataSegmentId: string,
  cutoff: string,
  afterId: string | null,
  limit: number,
): Promise<ExpiringCustomer[]> {
  let query = sqlOf(db)
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.dataSegmentId',
      'c.sanadId',
      'c.email',
      'c.firstName',
      sql<string>`to_char(c.document_expiry_date, 'YYYY-MM-DD')`.as('expiryDate'),
      sql<TMessageLanguage | null>`(select t.language from temp_customers t
        where t.data_segment_id = c.data_segment_id and t.customer_id = c.id
        order by t.completed_at desc limit 1)`.as('language'),
    ])
    .where('c.dataSegmentId', '=', dataSegmentId)
    .where('c.documentExpiryDate', '<=', cutoff)
    .where('c.archivedAt', 'is', null)
    .orderBy('c.id')
    .limit(limit);
  if (afterId) query = query.where('c.id', '>', afterId);
  return query.execute();
}

/**
 * Adds the 'Documents nearing expiry' tag (DO-22: expired or nearly) to the customer, which the
 * profile and every later alert's indicators read; false when it was there already. A new
 * document (edit profile) recomputes the tags, which clears it.
 */
export async function tagDocumentNearingExpiry(tx: Queryable, customerId: string): Promise<boolean> {
  const result = await sqlOf(tx)
    .updateTable('customers')
    .set({ documentStatuses: sql`array_append(document_statuses, 'Documents nearing expiry')`, updatedAt: sql`now()` })
    .where('id', '=', customerId)
    .where(sql<boolean>`not ('Documents nearing expiry' = any(document_statuses))`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
