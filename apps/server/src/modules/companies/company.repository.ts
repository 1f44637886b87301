import { sql } from 'kysely';
import type { TParent, TParentRole, TParty, TPartyKind, TRegistryFlag, TRegistryFlagState } from '@sanad/contracts/companies';
import { REGISTRY_FLAGS } from '@sanad/contracts/companies';
import type { THitType } from '@sanad/contracts/screening';
import type { HitDetermination } from '@sanad/risk/risk-facts';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/**
 * The company's structure (parties and the edges between them) and its registry flags. The company
 * itself is a customers row; callers have checked it is in the caller's scope before reading here.
 */

/** A company row's type and segment, or null when the id is not a company in the scope (checked by the caller). */
export async function findCompanyType(db: Queryable, id: string): Promise<'individual' | 'company' | null> {
  const row = await sqlOf(db).selectFrom('customers').select('type').where('id', '=', id).executeTakeFirst();
  return row ? (row.type as 'individual' | 'company') : null;
}

/** Another live company of the segment with the same registration number key. */
export async function findCompanyByRegistration(
  db: Queryable,
  dataSegmentId: string,
  registrationKey: string,
  exceptId: string | null,
): Promise<{ id: string; sanadId: string } | null> {
  const row = await sqlOf(db)
    .selectFrom('customers')
    .select(['id', 'sanadId'])
    .where('dataSegmentId', '=', dataSegmentId)
    .where('type', '=', 'company')
    .where('idNumberKey', '=', registrationKey)
    .where('archivedAt', 'is', null)
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId ?? ''))
    .executeTakeFirst();
  return row ?? null;
}

interface PartyRow {
  id: string;
  kind: TPartyKind;
  name: string;
  email: string | null;
  dateOfBirth: string | null;
  nationalityId: string | null;
  registrationNumber: string | null;
  countryId: string | null;
  customerId: string | null;
  tempCustomerId: string | null;
  linkState: string | null;
  linkedCustomerId: string | null;
  sanadId: string | null;
  riskLevel: TParty['kyc']['riskLevel'];
  hitTypes: string[] | null;
  kycStatus: string | null;
}

/**
 * The parties of a company's structure with their individual KYC: the customer they are (set
 * directly, or the one their onboarding link created) and that customer's risk and hits.
 */
export async function listParties(db: Queryable, companyId: string): Promise<TParty[]> {
  const result = await sql<PartyRow>`
    select p.id, p.kind, p.name, p.email, to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.nationality_id,
      p.registration_number, p.country_id, p.customer_id, p.temp_customer_id,
      case when t.id is null then null
        when l.status = 'revoked' then 'revoked'
        when t.completed_at is not null then 'completed'
        when l.expires_at <= now() then 'expired'
        when t.progressed_at is not null then 'in-progress'
        when t.opened_at is not null then 'opened'
        else 'sent' end as link_state,
      c.id as linked_customer_id, c.sanad_id, c.risk_level, c.hit_types, c.kyc_status
    from company_parties p
    left join temp_customers t on t.id = p.temp_customer_id
    left join onboarding_links l on l.id = t.onboarding_link_id
    left join customers c on c.id = coalesce(p.customer_id, t.customer_id)
    where p.company_id = ${companyId}
    order by p.created_at, p.id`.execute(sqlOf(db));
  return result.rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    nationalityId: row.nationalityId,
    registrationNumber: row.registrationNumber,
    countryId: row.countryId,
    kyc: {
      tempCustomerId: row.tempCustomerId,
      linkState: row.linkState,
      customerId: row.linkedCustomerId,
      sanadId: row.sanadId,
      riskLevel: row.riskLevel,
      hitTypes: row.hitTypes ?? [],
      kycStatus: row.kycStatus,
    },
  }));
}

interface ParentRow {
  id: string;
  partyId: string;
  ofPartyId: string | null;
  roles: TParentRole[];
  shareholding: string | null;
  shareClass: string | null;
  startDate: string | null;
  endDate: string | null;
  createdByName: string;
  createdAt: Date | string;
}

export async function listParents(db: Queryable, companyId: string): Promise<TParent[]> {
  const result = await sql<ParentRow>`
    select id, party_id, of_party_id, roles, shareholding::text as shareholding, share_class,
      to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, created_by_name, created_at
    from company_parents where company_id = ${companyId} order by created_at, id`.execute(sqlOf(db));
  return result.rows.map((row) => ({
    _id: row.id,
    partyId: row.partyId,
    ofPartyId: row.ofPartyId,
    roles: row.roles,
    shareholding: row.shareholding === null ? null : Number(row.shareholding),
    shareClass: row.shareClass,
    startDate: row.startDate,
    endDate: row.endDate,
    createdBy: row.createdByName,
    // The driver may hand back a Date although the generated type says string.
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

export interface NewParty {
  dataSegmentId: string;
  companyId: string;
  kind: TPartyKind;
  name: string;
  email: string | null;
  dateOfBirth: string | null;
  nationalityId: string | null;
  registrationNumber: string | null;
  countryId: string | null;
  customerId: string | null;
}

/**
 * Parties and edges are listed in the order they were added; several added in one transaction
 * (self-register) would share now(), so each takes the clock's time instead.
 */
export async function insertParty(tx: Queryable, party: NewParty): Promise<string> {
  const result = await sql<{ id: string }>`
    insert into company_parties (data_segment_id, company_id, kind, name, email, date_of_birth, nationality_id, registration_number,
      country_id, customer_id, created_at)
    values (${party.dataSegmentId}, ${party.companyId}, ${party.kind}, ${party.name}, ${party.email}, ${party.dateOfBirth}::date,
      ${party.nationalityId}, ${party.registrationNumber}, ${party.countryId}, ${party.customerId}, clock_timestamp())
    returning id`.execute(sqlOf(tx));
  const row = result.rows[0];
  if (!row) throw new Error('party insert returned nothing');
  return row.id;
}

export interface ParentRelation {
  roles: readonly TParentRole[];
  shareholding: number | null;
  shareClass: string | null;
  startDate: string | null;
  endDate: string | null;
}

export async function insertParent(
  tx: Queryable,
  row: ParentRelation & {
    dataSegmentId: string;
    companyId: string;
    partyId: string;
    ofPartyId: string | null;
    actor: { id: string; name: string };
  },
): Promise<string> {
  const result = await sql<{ id: string }>`
    insert into company_parents (data_segment_id, company_id, party_id, of_party_id, roles, shareholding, share_class, start_date,
      end_date, created_by, created_by_name, created_at)
    values (${row.dataSegmentId}, ${row.companyId}, ${row.partyId}, ${row.ofPartyId}, ${[...row.roles]}::text[], ${row.shareholding},
      ${row.shareClass}, ${row.startDate}::date, ${row.endDate}::date, ${row.actor.id}, ${row.actor.name}, clock_timestamp())
    returning id`.execute(sqlOf(tx));
  const inserted = result.rows[0];
  if (!inserted) throw new Error('parent insert returned nothing');
  return inserted.id;
}

export async function updateParent(tx: Queryable, companyId: string, parentId: string, relation: ParentRelation): Promise<void> {
  await sql`
    update company_parents set roles = ${[...relation.roles]}::text[], shareholding = ${relation.shareholding},
      share_class = ${relation.shareClass}, start_date = ${relation.startDate}::date, end_date = ${relation.endDate}::date, updated_at = now()
    where id = ${parentId} and company_id = ${companyId}`.execute(sqlOf(tx));
}

/** Removes an edge, and its party when no edge of the structure names the party any more. */
export async function deleteParent(tx: Queryable, companyId: string, parentId: string, partyId: string): Promise<void> {
  await sql`delete from company_parents where id = ${parentId} and company_id = ${companyId}`.execute(sqlOf(tx));
  await sql`
    delete from company_parties p where p.id = ${partyId} and p.company_id = ${companyId}
      and not exists (select 1 from company_parents e where e.party_id = p.id or e.of_party_id = p.id)`.execute(sqlOf(tx));
}

export async function setPartyTempCustomer(tx: Queryable, partyId: string, tempCustomerId: string, email: string): Promise<void> {
  await sql`update company_parties set temp_customer_id = ${tempCustomerId}, email = ${email} where id = ${partyId}`.execute(sqlOf(tx));
}

/** The company-registry flags with who set each and when; a flag nobody set reads false. */
export async function listRegistryFlags(db: Queryable, companyId: string): Promise<TRegistryFlagState[]> {
  const result = await sql<{ flag: TRegistryFlag; value: boolean; setBy: string | null; setByName: string; setAt: Date | string }>`
    select flag, value, set_by, set_by_name, set_at from company_registry_flags where company_id = ${companyId}`.execute(sqlOf(db));
  const byFlag = new Map(result.rows.map((row) => [row.flag, row]));
  return REGISTRY_FLAGS.map((flag) => {
    const row = byFlag.get(flag);
    if (!row) return { flag, value: false, setBy: null, setAt: null };
    return {
      flag,
      value: row.value,
      setBy: { _id: row.setBy, name: row.setByName },
      setAt: row.setAt instanceof Date ? row.setAt.toISOString() : String(row.setAt),
    };
  });
}

export async function upsertRegistryFlag(
  tx: Queryable,
  row: { companyId: string; dataSegmentId: string; flag: TRegistryFlag; value: boolean; actor: { id: string; name: string } },
): Promise<void> {
  await sql`
    insert into company_registry_flags (company_id, data_segment_id, flag, value, set_by, set_by_name, set_at)
    values (${row.companyId}, ${row.dataSegmentId}, ${row.flag}, ${row.value}, ${row.actor.id}, ${row.actor.name}, now())
    on conflict (company_id, flag) do update set value = excluded.value, set_by = excluded.set_by,
      set_by_name = excluded.set_by_name, set_at = excluded.set_at`.execute(sqlOf(tx));
}

/**
 * How many levels of corporate parents are followed: a company owned by a company owned by ... is
 * read (and re-rated) up to this many levels away. Real structures rarely pass five; the bound keeps
 * a mistaken or hostile structure from making a rating unbounded work.
 */
export const OWNERSHIP_CHAIN_DEPTH = 10;

/**
 * The screening facts of the customers the company's parties are (their own KYC): every hit not
 * judged 'not relevant', so a parent's sanction or PEP hit weighs on the company's rating. A party
 * that is itself a company brings its own parties' customers too, and so on up the chain of
 * corporate parents (at most OWNERSHIP_CHAIN_DEPTH levels; a company met again on the way, a cycle
 * of companies owning each other, is not followed). Each customer counts once, however many chains
 * reach it, and the company's own hits are not among them.
 */
export async function listPartyCustomerHits(
  db: Queryable,
  companyId: string,
): Promise<{ hitType: THitType; score: number; determination: 'open' | 'genuine' }[]> {
  const result = await sql<{ hitType: THitType; score: number; hitDetermination: 'open' | 'genuine' }>`
    with recursive chain (customer_id, depth, path) as (
      select coalesce(p.customer_id, t.customer_id), 1, array[p.company_id]
      from company_parties p
      left join temp_customers t on t.id = p.temp_customer_id
      where p.company_id = ${companyId} and coalesce(p.customer_id, t.customer_id) is not null
      union all
      select coalesce(p.customer_id, t.customer_id), c.depth + 1, c.path || p.company_id
      from chain c
      join company_parties p on p.company_id = c.customer_id
      left join temp_customers t on t.id = p.temp_customer_id
      where c.depth < ${OWNERSHIP_CHAIN_DEPTH} and not (p.company_id = any(c.path))
        and coalesce(p.customer_id, t.customer_id) is not null
    )
    select h.hit_type, h.score, h.hit_determination
    from (select distinct customer_id from chain where customer_id <> ${companyId}) reached
    join customer_hits h on h.customer_id = reached.customer_id
    where h.hit_determination in ('open', 'genuine')
    order by h.id`.execute(sqlOf(db));
  return result.rows.map((row) => ({ hitType: row.hitType, score: Number(row.score), determination: row.hitDetermination }));
}

/** A customer of the segment (the party's Sanad customer must be in the company's segment). */
export async function findSegmentCustomer(db: Queryable, dataSegmentId: string, id: string): Promise<{ id: string; type: string } | null> {
  const row = await sqlOf(db)
    .selectFrom('customers')
    .select(['id', 'type'])
    .where('id', '=', id)
    .where('dataSegmentId', '=', dataSegmentId)
    .executeTakeFirst();
  return row ?? null;
}

/** The company's hit types after a re-screening (the list filters by them). */
export async function setCompanyHitTypes(tx: Queryable, companyId: string, hitTypes: readonly string[]): Promise<void> {
  await sql`update customers set hit_types = ${[...hitTypes]}::text[], updated_at = now() where id = ${companyId}`.execute(sqlOf(tx));
}

/** The company's record after a registry-flag change (the flags live in the record, where the risk engine reads them). */
export async function setCompanyRecord(tx: Queryable, companyId: string, record: Record<string, unknown>): Promise<void> {
  await sql`update customers set record = ${JSON.stringify(record)}::jsonb, updated_at = now() where id = ${companyId}`.execute(sqlOf(tx));
}

/** Stored registration uploads (customers or documents folder) of the segment, by file name. */
export async function findSegmentDocumentFiles(
  db: Queryable,
  dataSegmentId: string,
  fileNames: readonly string[],
): Promise<{ fileName: string; originalName: string; contentType: string; createdAt: string }[]> {
  if (fileNames.length === 0) return [];
  const rows = await sqlOf(db)
    .selectFrom('files')
    .select(['fileName', 'originalName', 'contentType', 'createdAt'])
    .where('dataSegmentId', '=', dataSegmentId)
    .where('folder', 'in', ['customers', 'documents'])
    .where('fileName', 'in', [...fileNames])
    .execute();
  return rows.map((row) => ({
    fileName: row.fileName,
    originalName: row.originalName,
    contentType: row.contentType,
    // The driver may hand back a Date although the generated type says string.
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/**
 * The live companies a customer is a party of: set as the party's customer, or created by the
 * individual onboarding link sent to the party.
 */
export async function listCompaniesOfPartyCustomer(
  db: Queryable,
  customerId: string,
): Promise<{ companyId: string; sanadId: string; dataSegmentId: string; partyName: string }[]> {
  const result = await sql<{ companyId: string; sanadId: string; dataSegmentId: string; partyName: string }>`
    select distinct on (c.id) c.id as company_id, c.sanad_id, c.data_segment_id, p.name as party_name
    from company_parties p
    left join temp_customers t on t.id = p.temp_customer_id
    join customers c on c.id = p.company_id
    where (p.customer_id = ${customerId} or t.customer_id = ${customerId}) and c.type = 'company' and c.archived_at is null
    order by c.id, p.created_at`.execute(sqlOf(db));
  return result.rows;
}

/** Every hit of the company itself, as the risk rating reads them. */
export async function listCompanyHitFacts(
  db: Queryable,
  companyId: string,
): Promise<{ hitType: THitType; score: number; determination: HitDetermination }[]> {
  const result = await sql<{ hitType: THitType; score: number; hitDetermination: HitDetermination }>`
    select hit_type, score, hit_determination from customer_hits where customer_id = ${companyId}`.execute(sqlOf(db));
  return result.rows.map((row) => ({ hitType: row.hitType, score: Number(row.score), determination: row.hitDetermination }));
}
