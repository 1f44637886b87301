import { sql, type RawBuilder } from 'kysely';
import type {
  TCheckState,
  TCheckStatus,
  TCustomerVerificationItem,
  TCustomerVerificationListQuery,
  TVerificationCheck,
  TVerificationRecord,
} from '@sanad/contracts/customer-verification';
import type { TIdType, TKycStatus } from '@sanad/contracts/customers';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';

/** The column holding each check's current status (a copy of the record's customerVerificationStatus). */
const STATUS_COLUMN = { nadra: 'nadra_status', criminalRecord: 'criminal_record_status' } as const satisfies Record<
  TVerificationCheck,
  string
>;

/** A check's status, with when and by whom its latest outcome was recorded (read from the history's index). */
function checkState(check: TVerificationCheck): RawBuilder<TCheckState> {
  return sql<TCheckState>`json_build_object(
    'status', ${sql.ref(`c.${STATUS_COLUMN[check]}`)},
    'checkedAt', (select to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from customer_verification_checks h
                  where h.customer_id = c.id and h.check_type = ${check} order by h.created_at desc limit 1),
    'checkedBy', (select h.recorded_by_name from customer_verification_checks h
                  where h.customer_id = c.id and h.check_type = ${check} order by h.created_at desc limit 1)
  )`;
}

function selectItems(db: Queryable) {
  return sqlOf(db)
    .selectFrom('customers as c')
    .select([
      'c.id as _id',
      'c.sanadId',
      'c.dataSegmentId',
      'c.fullName',
      'c.dateOfBirth',
      sql<TIdType | null>`c.id_type`.as('idType'),
      'c.idNumber',
      'c.nationalityId',
      sql<TKycStatus>`c.kyc_status`.as('kycStatus'),
      checkState('nadra').as('nadra'),
      checkState('criminalRecord').as('criminalRecord'),
      'c.createdAt',
    ])
    .where('c.type', '=', 'individual')
    .where('c.archivedAt', 'is', null);
}

const SORTABLE: Readonly<Record<string, RawBuilder<unknown>>> = {
  createdAt: sql`c.created_at`,
  fullName: sql`c.full_name_normalised`,
  sanadId: sql`c.sanad_id`,
  nadra: sql`c.nadra_status`,
  criminalRecord: sql`c.criminal_record_status`,
};
const DEFAULT_SORT = { expression: sql`c.created_at`, direction: 'desc' as const };

/** One page of a segment's individual customers (archived ones left out), with each check's state. */
export async function listVerifications(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerVerificationListQuery,
): Promise<Page<TCustomerVerificationItem>> {
  const sort = sortOf(query, SORTABLE, DEFAULT_SORT);
  const { limit, offset } = pageOf(query);
  let qb = selectItems(db)
    .select(totalRows())
    .where(inSegments('c.data_segment_id', scope, dataSegmentId));
  if (query.keyword) qb = qb.where(sql<boolean>`c.search_text like ${keywordLike(query.keyword.toLowerCase())}`);
  if (query.nadra?.length) qb = qb.where(sql<boolean>`c.nadra_status = any(${query.nadra}::text[])`);
  if (query.criminalRecord?.length) qb = qb.where(sql<boolean>`c.criminal_record_status = any(${query.criminalRecord}::text[])`);
  const rows = await qb
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)}`)
    .orderBy('c.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** One individual customer the scope may see, with each check's state; null otherwise. */
export async function findVerification(db: Queryable, scope: TenantScope, id: string): Promise<TCustomerVerificationItem | null> {
  if (!isUuid(id)) return null;
  const row = await selectItems(db).where('c.id', '=', id).where(inSegments('c.data_segment_id', scope)).executeTakeFirst();
  return row ?? null;
}

/** Locks the customer for recording an outcome: its segment, type and the check statuses as stored. */
export async function lockForVerification(
  tx: Queryable,
  scope: TenantScope,
  id: string,
): Promise<{
  id: string;
  dataSegmentId: string;
  sanadId: string;
  fullName: string;
  type: string;
  nadra: TCheckStatus;
  criminalRecord: TCheckStatus;
} | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(tx)
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.dataSegmentId',
      'c.sanadId',
      'c.fullName',
      'c.type',
      sql<TCheckStatus>`c.nadra_status`.as('nadra'),
      sql<TCheckStatus>`c.criminal_record_status`.as('criminalRecord'),
    ])
    .where('c.id', '=', id)
    .where(inSegments('c.data_segment_id', scope))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Sets one check's status on the record and in its column, in the caller's transaction. The record
 * is not given a new version: versions keep what staff entered, and customerVerificationStatus is a
 * server-set section every edit copies from the stored record.
 */
export async function setCheckStatus(tx: Queryable, id: string, check: TVerificationCheck, status: TCheckStatus): Promise<void> {
  await sqlOf(tx)
    .updateTable('customers')
    .set({
      [check === 'nadra' ? 'nadraStatus' : 'criminalRecordStatus']: status,
      record: sql`jsonb_set(record, '{customerVerificationStatus}',
        coalesce(record -> 'customerVerificationStatus', '{"nadra":"pending","criminalRecord":"pending"}'::jsonb)
          || jsonb_build_object(${check}::text, ${status}::text))`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export interface NewVerificationRecord {
  dataSegmentId: string;
  customerId: string;
  check: TVerificationCheck;
  status: Exclude<TCheckStatus, 'pending'>;
  previousStatus: TCheckStatus;
  note: string;
  reference: string;
  evidence: { fileName: string; originalFileName: string } | null;
  source: string;
  actor: { id: string; name: string } | null;
}

export async function insertVerificationRecord(tx: Queryable, row: NewVerificationRecord): Promise<string> {
  const inserted = await sqlOf(tx)
    .insertInto('customerVerificationChecks')
    .values({
      dataSegmentId: row.dataSegmentId,
      customerId: row.customerId,
      checkType: row.check,
      status: row.status,
      previousStatus: row.previousStatus,
      note: row.note,
      reference: row.reference,
      evidenceFileName: row.evidence?.fileName ?? null,
      evidenceOriginalName: row.evidence?.originalFileName ?? null,
      source: row.source,
      recordedBy: row.actor?.id ?? null,
      recordedByName: row.actor?.name ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Every outcome recorded for the customer, newest first. */
export async function listVerificationRecords(db: Queryable, customerId: string): Promise<TVerificationRecord[]> {
  const rows = await sqlOf(db)
    .selectFrom('customerVerificationChecks')
    .select([
      'id as _id',
      sql<TVerificationCheck>`check_type`.as('check'),
      sql<TCheckStatus>`status`.as('status'),
      sql<TCheckStatus>`previous_status`.as('previousStatus'),
      'note',
      'reference',
      'evidenceFileName',
      'evidenceOriginalName',
      'source',
      'recordedByName',
      'createdAt',
    ])
    .where('customerId', '=', customerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ evidenceFileName, evidenceOriginalName, recordedByName, createdAt, ...row }) => ({
    ...row,
    evidence: evidenceFileName ? { fileName: evidenceFileName, originalFileName: evidenceOriginalName ?? evidenceFileName } : null,
    recordedBy: recordedByName || 'System',
    recordedAt: createdAt,
  }));
}
