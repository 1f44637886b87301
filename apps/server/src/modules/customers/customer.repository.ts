import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type {
  TCustomerAlert,
  TCustomerDetail,
  TCustomerHit,
  TCustomerRecord,
  TCustomerSource,
  TCustomerVersion,
  TDocumentStatus,
  TKycStatus,
} from '@sanad/contracts/customers';
import { alertIndicatorsOf } from '@sanad/contracts/alerts';
import type { THitType } from '@sanad/contracts/screening';
import type { Queryable } from '../../platform/db/database';
import { inSegments, pageOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';
import type { CustomerColumns } from './customer-facts';
import { selectCustomerItems } from './customer-search.repository';

/**
 * Serialises work on one key (a submission, an ID number, a name and birth date) until the
 * transaction ends: two registrations of the same person at the same moment run one after the
 * other, so the second sees the first and is refused or answered with it.
 */
export async function lockKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  // Sorted, so two transactions taking overlapping keys take them in the same order.
  for (const key of [...new Set(keys)].toSorted()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(sqlOf(tx));
}

/**
 * lockKeys for many keys in one statement (a bulk import's chunk): the same locks, taken in the
 * same sorted order (the ordered subquery is read in order), without one round trip per key.
 */
export async function lockManyKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].toSorted();
  if (sorted.length === 0) return;
  await sql`select count(pg_advisory_xact_lock(hashtextextended(k.key, 0)))
              from (select key from unnest(${sorted}::text[]) with ordinality as u(key, n) order by n) k`.execute(sqlOf(tx));
}

/** The customers these submission keys created in the segment, by key. */
export async function findBySubmissionKeys(
  db: Queryable,
  dataSegmentId: string,
  submissionKeys: readonly string[],
): Promise<Map<string, string>> {
  if (submissionKeys.length === 0) return new Map();
  const rows = await sqlOf(db)
    .selectFrom('customers')
    .select(['id', 'submissionKey'])
    .where('dataSegmentId', '=', dataSegmentId)
    .where('submissionKey', 'in', [...submissionKeys])
    .execute();
  return new Map(rows.flatMap((row) => (row.submissionKey ? [[row.submissionKey, row.id] as const] : [])));
}

/**
 * findDuplicate's two look-ups for many sets of facts at once: the earliest live customer of the
 * segment per ID number key, and per normalised name and birth date (keyed `name\ndate`).
 */
export async function findDuplicates(
  db: Queryable,
  dataSegmentId: string,
  facts: readonly Pick<CustomerColumns, 'idNumberKey' | 'fullNameNormalised' | 'dateOfBirth'>[],
): Promise<{ byIdNumber: Map<string, string>; byNameAndBirth: Map<string, string> }> {
  const idKeys = [...new Set(facts.flatMap((fact) => (fact.idNumberKey ? [fact.idNumberKey] : [])))];
  const names = facts.filter((fact) => fact.fullNameNormalised !== '' && fact.dateOfBirth);
  const byIdNumber = new Map<string, string>();
  const byNameAndBirth = new Map<string, string>();
  if (idKeys.length > 0) {
    const rows = await sqlOf(db)
      .selectFrom('customers')
      .select(['sanadId', 'idNumberKey'])
      .where('dataSegmentId', '=', dataSegmentId)
      .where('idNumberKey', 'in', idKeys)
      .where('archivedAt', 'is', null)
      .orderBy('createdAt')
      .execute();
    for (const row of rows) if (row.idNumberKey && !byIdNumber.has(row.idNumberKey)) byIdNumber.set(row.idNumberKey, row.sanadId);
  }
  if (names.length > 0) {
    const result = await sql<{ sanadId: string; key: string }>`
      select c.sanad_id as "sanadId", c.full_name_normalised || chr(10) || c.date_of_birth::text as key
        from customers c
        join unnest(${names.map((fact) => fact.fullNameNormalised)}::text[], ${names.map((fact) => fact.dateOfBirth)}::date[]) as f(name, birth)
          on c.full_name_normalised = f.name and c.date_of_birth = f.birth
       where c.data_segment_id = ${dataSegmentId} and c.archived_at is null
       order by c.created_at`.execute(sqlOf(db));
    for (const row of result.rows) if (!byNameAndBirth.has(row.key)) byNameAndBirth.set(row.key, row.sanadId);
  }
  return { byIdNumber, byNameAndBirth };
}

/** The customer a submission key created in the segment, if any. */
export async function findBySubmissionKey(db: Queryable, dataSegmentId: string, submissionKey: string): Promise<string | null> {
  const row = await sqlOf(db)
    .selectFrom('customers')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where('submissionKey', '=', submissionKey)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface DuplicateMatch {
  sanadId: string;
  by: 'id-number' | 'name-and-birth-date';
}

/** A live customer of the segment with the same ID number, or the same normalised name and birth date. */
export async function findDuplicate(
  db: Queryable,
  dataSegmentId: string,
  facts: Pick<CustomerColumns, 'idNumberKey' | 'fullNameNormalised' | 'dateOfBirth'>,
  exceptCustomerId: string | null = null,
): Promise<DuplicateMatch | null> {
  if (facts.idNumberKey) {
    const byId = await sqlOf(db)
      .selectFrom('customers')
      .select('sanadId')
      .where('dataSegmentId', '=', dataSegmentId)
      .where('idNumberKey', '=', facts.idNumberKey)
      .where('archivedAt', 'is', null)
      .$if(exceptCustomerId !== null, (qb) => qb.where('id', '<>', exceptCustomerId ?? ''))
      .orderBy('createdAt')
      .executeTakeFirst();
    if (byId) return { sanadId: byId.sanadId, by: 'id-number' };
  }
  if (facts.fullNameNormalised !== '' && facts.dateOfBirth) {
    const byName = await sqlOf(db)
      .selectFrom('customers')
      .select('sanadId')
      .where('dataSegmentId', '=', dataSegmentId)
      .where('fullNameNormalised', '=', facts.fullNameNormalised)
      .where('dateOfBirth', '=', facts.dateOfBirth)
      .where('archivedAt', 'is', null)
      .$if(exceptCustomerId !== null, (qb) => qb.where('id', '<>', exceptCustomerId ?? ''))
      .orderBy('createdAt')
      .executeTakeFirst();
    if (byName) return { sanadId: byName.sanadId, by: 'name-and-birth-date' };
  }
  return null;
}

export interface NewCustomerRow {
  dataSegmentId: string;
  type: 'individual' | 'company';
  record: TCustomerRecord;
  columns: CustomerColumns;
  hitTypes: THitType[];
  documentStatuses: TDocumentStatus[];
  submissionKey: string | null;
  createdBy: { id: string; name: string } | null;
  /** How the customer came in; the staff self-register when not said. */
  source?: TCustomerSource;
  /** The campaign or branch of a dynamic registration. */
  campaign?: string | null;
}

/**
 * Stores a new customer. The sanadId comes from the installation-wide sequence and is written into
 * the record too, in the same statement, so the stored record is complete from its first version.
 */
export async function insertCustomerRow(
  tx: Queryable,
  row: NewCustomerRow,
): Promise<{ id: string; sanadId: string; record: TCustomerRecord }> {
  const [inserted] = await insertCustomerRows(tx, [row]);
  if (!inserted) throw new Error('customer insert returned nothing');
  return inserted;
}

/**
 * Inserts customers in one statement (one row for a registration, a chunk for a bulk import),
 * each with the next Sanad ID in the order given; answers them in that order.
 */
export async function insertCustomerRows(
  tx: Queryable,
  rows: readonly NewCustomerRow[],
): Promise<{ id: string; sanadId: string; record: TCustomerRecord }[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(() => randomUUID());
  const values = rows.map((row, index) => {
    const c = row.columns;
    return sql`(${index}::int, ${ids[index]}::uuid, ${row.dataSegmentId}::uuid, ${row.type}::text, ${JSON.stringify(row.record)}::jsonb,
      ${c.fullName}::text, ${c.fullNameNormalised}::text, ${c.firstName}::text, ${c.lastName}::text, ${c.dateOfBirth}::date,
      ${c.nationalityId}::text, ${c.countryOfResidenceId}::text, ${c.idType}::text, ${c.idNumber}::text, ${c.idNumberKey}::text,
      ${c.email}::text, ${c.phoneNumber}::text, ${row.hitTypes}::text[], ${c.products}::text[], ${row.createdBy?.id ?? null}::uuid,
      ${row.createdBy?.name ?? ''}::text, ${row.submissionKey}::uuid, ${row.documentStatuses}::text[], ${row.source ?? 'self-register'}::text,
      ${row.campaign ?? null}::text, ${c.documentExpiryDate}::date)`;
  });
  const result = await sql<{ id: string; sanadId: string; record: TCustomerRecord }>`
    with input (ord, id, data_segment_id, type, record, full_name, full_name_normalised, first_name, last_name, date_of_birth,
      nationality_id, country_of_residence_id, id_type, id_number, id_number_key, email, phone_number, hit_types, products,
      created_by, created_by_name, submission_key, document_statuses, source, campaign, document_expiry_date) as (values ${sql.join(values)}),
    numbered as (select input.*, 'SND-' || lpad(nextval('customer_sanad_id_seq')::text, 8, '0') as sanad_id
                   from (select * from input order by ord) input)
    insert into customers (
      id, data_segment_id, sanad_id, type, record, full_name, full_name_normalised, first_name, last_name, date_of_birth,
      nationality_id, country_of_residence_id, id_type, id_number, id_number_key, email, phone_number, hit_types, products,
      created_by, created_by_name, submission_key, document_statuses, source, campaign, document_expiry_date
    )
    select id, data_segment_id, sanad_id, type, jsonb_set(record, '{sanadId}', to_jsonb(sanad_id)),
      full_name, full_name_normalised, first_name, last_name, date_of_birth,
      nationality_id, country_of_residence_id, id_type, id_number, id_number_key, email, phone_number, hit_types, products,
      created_by, created_by_name, submission_key, document_statuses, source, campaign, document_expiry_date
    from numbered order by ord
    returning id, sanad_id as "sanadId", record`.execute(sqlOf(tx));
  const byId = new Map(result.rows.map((inserted) => [inserted.id, inserted]));
  return ids.map((id) => {
    const inserted = byId.get(id);
    if (!inserted) throw new Error('customer insert returned nothing');
    return inserted;
  });
}

/** The stored record and version of a customer the scope may see, locked until the transaction ends. */
export async function lockCustomer(
  tx: Queryable,
  scope: TenantScope,
  id: string,
): Promise<{ id: string; dataSegmentId: string; sanadId: string; version: number; record: unknown } | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(tx)
    .selectFrom('customers as c')
    .select(['c.id', 'c.dataSegmentId', 'c.sanadId', 'c.version', 'c.record'])
    .where('c.id', '=', id)
    .where(inSegments('c.data_segment_id', scope))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Writes an edited record, its columns and tags, as the next version of the customer. */
export async function updateCustomerRow(
  tx: Queryable,
  id: string,
  row: { record: TCustomerRecord; columns: CustomerColumns; hitTypes: THitType[]; documentStatuses: TDocumentStatus[]; version: number },
): Promise<void> {
  const c = row.columns;
  await sqlOf(tx)
    .updateTable('customers')
    .set({
      record: JSON.stringify(row.record),
      fullName: c.fullName,
      fullNameNormalised: c.fullNameNormalised,
      firstName: c.firstName,
      lastName: c.lastName,
      dateOfBirth: c.dateOfBirth,
      nationalityId: c.nationalityId,
      countryOfResidenceId: c.countryOfResidenceId,
      idType: c.idType,
      idNumber: c.idNumber,
      idNumberKey: c.idNumberKey,
      email: c.email,
      phoneNumber: c.phoneNumber,
      products: c.products,
      documentExpiryDate: c.documentExpiryDate,
      hitTypes: row.hitTypes,
      documentStatuses: row.documentStatuses,
      version: row.version,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Writes a record that only gained documents (a document-upload link's completion) as the next
 * version: the record, its document expiry date and document tags; the other columns stay.
 */
export async function updateCustomerDocuments(
  tx: Queryable,
  id: string,
  row: { record: TCustomerRecord; documentExpiryDate: string | null; documentStatuses: TDocumentStatus[]; version: number },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('customers')
    .set({
      record: JSON.stringify(row.record),
      documentExpiryDate: row.documentExpiryDate,
      documentStatuses: row.documentStatuses,
      version: row.version,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes the hits nobody has decided yet; the re-screening's hits replace them. */
export async function deleteOpenHits(tx: Queryable, customerId: string): Promise<void> {
  await sqlOf(tx).deleteFrom('customerHits').where('customerId', '=', customerId).where('hitDetermination', '=', 'open').execute();
}

/** Whether the customer already has an alert waiting for review. */
export async function hasOpenAlert(tx: Queryable, customerId: string): Promise<boolean> {
  const row = await sqlOf(tx)
    .selectFrom('alerts')
    .select('id')
    .where('customerId', '=', customerId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewVersionRow {
  dataSegmentId: string;
  customerId: string;
  version: number;
  action: 'created' | 'edited';
  record: TCustomerRecord;
  changedFields: string[];
  /** Who made the version; no id for the customer through their own link. */
  actor: { id: string | null; name: string } | null;
}

export async function insertVersion(tx: Queryable, row: NewVersionRow): Promise<void> {
  await sqlOf(tx)
    .insertInto('customerVersions')
    .values({
      dataSegmentId: row.dataSegmentId,
      customerId: row.customerId,
      version: row.version,
      action: row.action,
      record: JSON.stringify(row.record),
      changedFields: row.changedFields,
      actorId: row.actor?.id ?? null,
      actorName: row.actor?.name ?? '',
    })
    .execute();
}

/** Several first (or next) versions in one statement. */
export async function insertVersions(tx: Queryable, rows: readonly NewVersionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sqlOf(tx)
    .insertInto('customerVersions')
    .values(
      rows.map((row) => ({
        dataSegmentId: row.dataSegmentId,
        customerId: row.customerId,
        version: row.version,
        action: row.action,
        record: JSON.stringify(row.record),
        changedFields: row.changedFields,
        actorId: row.actor?.id ?? null,
        actorName: row.actor?.name ?? '',
      })),
    )
    .execute();
}

export interface NewHitRow {
  fullName: string;
  dob: string | null;
  fatherOrHusband: string | null;
  idNumber: string | null;
  country: string | null;
  associates: string[];
  publisherName: string;
  sourceList: string;
  listKey: string;
  entityId: string;
  score: number;
  hitType: THitType;
  sanction: boolean;
  pep: boolean;
  specialInterest: boolean;
  adverseMedia: boolean;
  explanation: unknown;
  entity: unknown;
}

export async function insertHits(tx: Queryable, dataSegmentId: string, customerId: string, hits: readonly NewHitRow[]): Promise<void> {
  if (hits.length === 0) return;
  await sqlOf(tx)
    .insertInto('customerHits')
    .values(
      hits.map((hit) => ({
        ...hit,
        dataSegmentId,
        customerId,
        explanation: JSON.stringify(hit.explanation),
        entity: JSON.stringify(hit.entity),
      })),
    )
    .execute();
}

export async function insertAlert(
  tx: Queryable,
  row: { dataSegmentId: string; customerId: string; type: TCustomerAlert['type']; reason: string },
): Promise<string> {
  // The indicators are the customer's facts as this transaction has just written them.
  const facts = await sqlOf(tx)
    .selectFrom('customers')
    .select(['hitTypes', 'riskLevel', 'documentStatuses'])
    .where('id', '=', row.customerId)
    .executeTakeFirst();
  const indicators = facts
    ? alertIndicatorsOf({
        hitTypes: facts.hitTypes as THitType[],
        riskLevel: facts.riskLevel,
        documentStatuses: facts.documentStatuses as TDocumentStatus[],
      })
    : [];
  const inserted = await sqlOf(tx)
    .insertInto('alerts')
    .values({ ...row, indicators })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sqlOf(tx)
    .insertInto('alertLog')
    .values({ dataSegmentId: row.dataSegmentId, alertId: inserted.id, action: 'raised', actorName: 'System' })
    .execute();
  return inserted.id;
}

/** Sets a customer's KYC status (the alert review's final decision); false when the customer is not in the scope. */
export async function updateKycStatus(tx: Queryable, scope: TenantScope, id: string, kycStatus: TKycStatus): Promise<boolean> {
  const result = await sqlOf(tx)
    .updateTable('customers as c')
    .set({ kycStatus, updatedAt: sql`now()` })
    .where('c.id', '=', id)
    .where(inSegments('c.data_segment_id', scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* ------------------------------------------------------------------ reading */

type DetailRow = Omit<TCustomerDetail, 'hits' | 'alerts'>;

/** One customer the scope may see, with its record; null for a malformed id or another segment's customer. */
export async function findCustomer(db: Queryable, scope: TenantScope, id: string): Promise<DetailRow | null> {
  if (!isUuid(id)) return null;
  const row = await selectCustomerItems(db)
    .select([
      sql<TCustomerRecord>`c.record`.as('record'),
      'c.version',
      'c.isEddRequired',
      'c.nextReviewDate',
      sql<
        DetailRow['createdBy']
      >`case when c.created_by is null then null else json_build_object('_id', c.created_by, 'name', c.created_by_name) end`.as(
        'createdBy',
      ),
    ])
    .where('c.id', '=', id)
    .where(inSegments('c.data_segment_id', scope))
    .executeTakeFirst();
  return row ?? null;
}

/** The customer's hits as the API shows them (every spec column, with relevant and not relevant). */
export function selectCustomerHits(db: Queryable) {
  return sqlOf(db)
    .selectFrom('customerHits')
    .select([
      'id as _id',
      'customerId',
      'fullName',
      'dob',
      'fatherOrHusband',
      'idNumber',
      'country',
      'associates',
      'publisherName',
      'sourceList',
      'score',
      'hitType',
      'sanction',
      'pep',
      'specialInterest',
      'adverseMedia',
      'hitDetermination',
      sql<boolean>`hit_determination = 'genuine'`.as('relevant'),
      sql<boolean>`hit_determination = 'false-positive'`.as('notRelevant'),
      'comments',
      'createdAt',
    ]);
}

export async function listHits(db: Queryable, customerId: string): Promise<TCustomerHit[]> {
  return selectCustomerHits(db).where('customerId', '=', customerId).orderBy('score', 'desc').orderBy('id').execute();
}

export async function listAlerts(db: Queryable, customerId: string): Promise<TCustomerAlert[]> {
  return sqlOf(db)
    .selectFrom('alerts')
    .select(['id as _id', 'type', 'reason', 'state', 'createdAt'])
    .where('customerId', '=', customerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** A customer's versions, newest first (the customer has been checked to be in scope). */
export async function listVersions(db: Queryable, customerId: string, query: TListQuery): Promise<Page<TCustomerVersion>> {
  const { limit, offset } = pageOf(query);
  const rows = await sqlOf(db)
    .selectFrom('customerVersions')
    .select([
      'id as _id',
      'customerId',
      'version',
      'action',
      'changedFields',
      sql<TCustomerRecord>`record`.as('record'),
      sql<TCustomerVersion['actor']>`json_build_object('_id', actor_id, 'name', actor_name)`.as('actor'),
      'createdAt',
      sql<number>`count(*) over ()::int`.as('total'),
    ])
    .where('customerId', '=', customerId)
    .orderBy('version', query.sortOrder === 'asc' ? 'asc' : 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** A change of the record alone (a document attached): the columns, hits and rating stay as they are. */
export async function setRecordVersion(tx: Queryable, id: string, record: TCustomerRecord, version: number): Promise<void> {
  await sqlOf(tx)
    .updateTable('customers')
    .set({ record: JSON.stringify(record), version, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}
