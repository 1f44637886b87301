/**
 * Companies (KYB): registration, edits, registry flags and the ownership and control structure.
 * A company is a customers row of type 'company', so its hits, alerts, rating, versions and
 * timeline are the customer machinery's. Every change is one unit of work: the change, the
 * re-screening's hits (the legal and former names as organisations, and the parents not yet
 * known as customers), the re-rating (with the parents' own hits feeding it), an alert when review
 * is needed and none is open, and the audit entry commit together or not at all.
 */
import {
  COMPANY_REGISTER_LABELS,
  REGISTER_MESSAGES,
  type TCompanyRegister,
  type TRegisterCheck,
  type TRegisterEntry,
  type TRegisterLookup,
  type TRegisterLookupQuery,
} from '@sanad/contracts/company-registry';
import type { CompanyRegistryProvider } from '../company-registry/company-registry.port';
import { compareWithRegister, flagsOf, prefillOf } from './register-check';
import type { ParentCompanyRerate } from './parent-rerate';
import {
  COMPANY_MESSAGES,
  REGISTRY_FLAGS,
  type TCompanyCreateInput,
  type TCompanyDetail,
  type TCompanyDocument,
  type TCompanyDocumentInput,
  type TCompanySelfRegisterInput,
  type TCompanyInfo,
  type TCompanyListQuery,
  type TCompanyStructure,
  type TCompanyUpdateInput,
  type TParentCreateInput,
  type TParentUpdateInput,
  type TParty,
  type TPartyKycLinkInput,
  type TRegistryFlagsSave,
  type TSelfRegisterParent,
} from '@sanad/contracts/companies';
import type { TCustomerListItem, TCustomerRecord, TCustomerSource } from '@sanad/contracts/customers';
import type { TListQuery } from '@sanad/contracts/http';
import type { TTimelineEvent } from '@sanad/contracts/customer-profile';
import type { ScreeningQuery } from '@sanad/screening/matching/screening-types';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { TenantScope } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { notifyUsers } from '../notifications/notification.events';
import type { CustomerTimelineService } from '../customers/customer-timeline.service';
import { detail, onboardingAlertReason, toHitRow } from '../customers/customer.service';
import {
  changedPaths,
  deleteHitsById,
  deleteOpenHits,
  findBySubmissionKey,
  findCustomer,
  forgetDecisions,
  hasOpenAlert,
  idNumberKey,
  insertAlert,
  insertCustomerRow,
  insertHits,
  insertVersion,
  listCustomers,
  listDecidedHitRows,
  listRememberedDecisions,
  locateIp,
  lockCustomer,
  lockKeys,
  mergeScreening,
  normaliseName,
  updateCustomerRow,
  type CustomerColumns,
  type NewHitRow,
} from '../customers/customer-record.port';
import type { TempCustomerService } from '../onboarding-links/temp-customer.service';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import type { ScreeningService } from '../screening/screening.service';
import { cycleThrough, namesOf, ownershipOf, sharesOver } from './company-structure';
import {
  deleteParent,
  findCompanyByRegistration,
  findSegmentCustomer,
  findSegmentDocumentFiles,
  insertParent,
  insertParty,
  listParents,
  listParties,
  listPartyCustomerHits,
  listRegistryFlags,
  setCompanyHitTypes,
  setCompanyRecord,
  setPartyTempCustomer,
  updateParent,
  upsertRegistryFlag,
} from './company.repository';

export interface CompanyServiceDeps {
  db: Database;
  screening: Pick<ScreeningService, 'screenCustomer'>;
  ratings: Pick<CustomerRatingService, 'rateInTransaction'>;
  temps: Pick<TempCustomerService, 'send'>;
  timeline: Pick<CustomerTimelineService, 'timeline'>;
  /**
   * After a company is re-rated: re-rates the companies it is a corporate parent of, up the chain
   * (parent-rerate.ts). Absent, only the company itself is rated.
   */
  followParents?: ParentCompanyRerate['rerateCompaniesOf'];
  /** The company registers a company is looked up in and checked against (company-registry.port.ts). */
  registry?: CompanyRegistryProvider;
  /** Today as YYYY-MM-DD (the overdue flags compare due dates with it); the clock's UTC date unless told. */
  today?: () => string;
}

type ActorRef = { id: string; name: string };
/** What screening reads of a party. */
type PartyFacts = Pick<TParty, 'kind' | 'name' | 'dateOfBirth' | 'nationalityId' | 'countryId'> & {
  kyc: Pick<TParty['kyc'], 'customerId'>;
};

/** A party's screening key: the facts its query is made of. */
const partyKey = (party: PartyFacts): string =>
  ['party', party.kind, normaliseName(party.name), party.dateOfBirth ?? '', party.nationalityId ?? '', party.countryId ?? ''].join(':');

/** The party a new parent would add, as screening reads it (none when an existing party is named). */
function newPartyFacts(input: TParentCreateInput): PartyFacts | null {
  if (input.partyId || !input.kind || !input.name) return null;
  return {
    kind: input.kind,
    name: input.name.trim(),
    dateOfBirth: input.kind === 'person' ? orNull(input.dateOfBirth) : null,
    nationalityId: input.kind === 'person' ? orNull(input.nationalityId) : null,
    countryId: orNull(input.countryId),
    kyc: { customerId: orNull(input.customerId) },
  };
}
const onlySegment = (dataSegmentId: string): TenantScope => ({ all: false, ids: [dataSegmentId] });
const orNull = (value: string | undefined | null): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The stored record of a company: its declaration, with the fields the risk engine reads mirrored
 * where it reads them (legal form as the entity type, industry, tax and licence details).
 */
export function companyRecord(info: TCompanyInfo, base: Partial<TCustomerRecord>): TCustomerRecord {
  return {
    ...base,
    type: 'company',
    companyInfo: info,
    basicInfo: {
      ...(info.legalForm ? { companyType: info.legalForm } : {}),
      ...(info.status ? { companyStatus: info.status } : {}),
    },
    occupationInfo: {
      ...(info.industryId ? { industryId: info.industryId } : {}),
      ...(info.taxId ? { taxId: info.taxId } : {}),
      ...(info.tradeLicenceNumber ? { tradeLicenseNumber: info.tradeLicenceNumber } : {}),
      ...(info.tradeLicenceExpiry ? { tradeLicenseExpiryDate: info.tradeLicenceExpiry } : {}),
      ...(info.tradeLicencePlace ? { tradeLicenseIncorporationLocation: info.tradeLicencePlace } : {}),
    },
  };
}

/** The list columns of a company: the legal name as the name, the registration number as the ID number. */
export function companyColumns(info: TCompanyInfo): CustomerColumns {
  const name = info.legalName.trim().replace(/\s+/g, ' ');
  return {
    fullName: name,
    fullNameNormalised: normaliseName(name),
    firstName: null,
    lastName: null,
    dateOfBirth: null,
    nationalityId: null,
    countryOfResidenceId: orNull(info.incorporationCountryId),
    idType: null,
    idNumber: info.registrationNumber.trim(),
    idNumberKey: idNumberKey(info.registrationNumber),
    email: null,
    phoneNumber: null,
    products: [],
    // A company has no identity document of its own; its people's documents are theirs.
    documentExpiryDate: null,
  };
}

/** The rating facts a company has beyond its record. */
function companyContext(info: TCompanyInfo) {
  return {
    ...(info.purposeOfRelationship ? { purposeOfAction: info.purposeOfRelationship } : {}),
    ...(info.incorporationCountryId ? { countryOfIncorporation: info.incorporationCountryId } : {}),
  };
}

/**
 * What is screened for a company: its legal and former names as organisations, and every party
 * not yet known as a Sanad customer (a customer is screened on its own record). Each query has a
 * key, so hits screened before a change's transaction are matched to the parties after it.
 */
function screeningQueries(info: TCompanyInfo, parties: readonly PartyFacts[]): { key: string; query: ScreeningQuery }[] {
  const country = orNull(info.incorporationCountryId);
  return [
    ...[info.legalName, ...(info.formerNames ?? [])]
      .filter((name) => name.trim() !== '')
      .map((name) => ({
        key: `company:${normaliseName(name)}`,
        query: { name, type: 'organisation' as const, ...(country ? { country } : {}) },
      })),
    ...parties
      .filter((party) => party.kyc.customerId === null)
      .map((party) => ({
        key: partyKey(party),
        query: {
          name: party.name,
          type: party.kind === 'person' ? ('person' as const) : ('organisation' as const),
          ...(party.dateOfBirth ? { dob: party.dateOfBirth } : {}),
          ...(party.nationalityId ? { nationality: party.nationalityId } : {}),
          ...(party.countryId ? { country: party.countryId } : {}),
        },
      })),
  ];
}

/** The hits of the queries that apply now, one per listed entity (its best score). */
function hitsFor(screened: ReadonlyMap<string, NewHitRow[]>, queries: readonly { key: string }[]): NewHitRow[] {
  const best = new Map<string, NewHitRow>();
  for (const { key } of queries) {
    for (const row of screened.get(key) ?? []) {
      const entity = `${row.listKey}:${row.entityId}`;
      const known = best.get(entity);
      if (!known || known.score < row.score) best.set(entity, row);
    }
  }
  return [...best.values()];
}

async function alertRaised(
  tx: Queryable,
  company: { id: string; sanadId: string; dataSegmentId: string; name: string },
  alertId: string,
  reason: string,
  actor: Actor | null,
  meta: RequestMeta,
): Promise<void> {
  await appendAudit(tx, {
    dataSegmentId: company.dataSegmentId,
    source: auditSource(actor, meta),
    module: 'alerts',
    action: 'raised_triggered_alert',
    entityType: 'alert',
    entityId: alertId,
    summary: `Alert for ${company.sanadId}: ${reason}`,
    details: { customerId: company.id, sanadId: company.sanadId },
  });
  await notifyUsers(tx, {
    dataSegmentId: company.dataSegmentId,
    permission: 'view-alerts',
    exceptUserIds: actor ? [actor.userId] : [],
    title: 'Alert raised on a company',
    description: `${company.sanadId} (${company.name}) needs review: ${reason}.`,
    icon: 'alert',
  });
}

async function refuseDuplicateRegistration(
  tx: Queryable,
  dataSegmentId: string,
  info: TCompanyInfo,
  exceptId: string | null,
): Promise<void> {
  const key = idNumberKey(info.registrationNumber);
  if (!key) return;
  await lockKeys(tx, [`company-registration:${dataSegmentId}:${key}`]);
  const match = await findCompanyByRegistration(tx, dataSegmentId, key, exceptId);
  if (match) throw AppError.conflict('companyInfo.registrationNumber', COMPANY_MESSAGES.duplicateRegistration(match.sanadId));
}

/** Locks the company for a change and answers what the change needs to know of it. */
async function lockCompany(tx: Queryable, actor: Actor, id: string) {
  const locked = await lockCustomer(tx, actor.segments, id);
  if (!locked) throw AppError.notFound();
  const row = await findCustomer(tx, actor.segments, id);
  if (!row || row.type !== 'company') throw AppError.notFound(COMPANY_MESSAGES.notCompany);
  const info = (locked.record as TCustomerRecord).companyInfo;
  if (!info) throw AppError.notFound(COMPANY_MESSAGES.notCompany);
  return {
    id,
    sanadId: locked.sanadId,
    dataSegmentId: locked.dataSegmentId,
    version: locked.version,
    record: locked.record,
    name: row.fullName,
    info,
  };
}

/** A parent of the self-register wizard as screening reads it: a new party, not yet a customer. */
function selfRegisterPartyFacts(parent: TSelfRegisterParent): PartyFacts {
  return {
    kind: parent.kind,
    name: parent.name.trim(),
    dateOfBirth: parent.kind === 'person' ? orNull(parent.dateOfBirth) : null,
    nationalityId: parent.kind === 'person' ? orNull(parent.nationalityId) : null,
    countryId: orNull(parent.countryId),
    kyc: { customerId: null },
  };
}

/** An entity parent with the company's own registration number or legal name is the company itself. */
function refuseSelfAsParent(info: TCompanyInfo, parents: readonly TSelfRegisterParent[]): void {
  parents.forEach((parent, index) => {
    if (parent.kind !== 'entity') return;
    const registration = idNumberKey(parent.registrationNumber);
    const isSelf =
      (registration !== null && registration === idNumberKey(info.registrationNumber)) ||
      normaliseName(parent.name) === normaliseName(info.legalName);
    if (isSelf) throw AppError.field(`parents.${index}.name`, COMPANY_MESSAGES.ownParent);
  });
}

function relationOf(input: TParentUpdateInput) {
  return {
    roles: input.roles,
    shareholding: input.shareholding ?? null,
    shareClass: orNull(input.shareClass),
    startDate: orNull(input.startDate),
    endDate: orNull(input.endDate),
  };
}

export function createCompanyService({
  db,
  screening,
  ratings,
  temps,
  timeline,
  followParents,
  registry,
  today = () => new Date().toISOString().slice(0, 10),
}: CompanyServiceDeps) {
  /** The register's entry for the number; null when the register has none (or is not configured). */
  async function registerEntry(code: TCompanyRegister, number: string): Promise<TRegisterEntry | null> {
    if (!registry || !registry.registers.includes(code)) return null;
    return registry.lookup(code, number);
  }

  /** Screens every query (outside any transaction: screening reads the lists and is the slow part). */
  async function screenAll(
    dataSegmentId: string,
    queries: readonly { key: string; query: ScreeningQuery }[],
  ): Promise<Map<string, NewHitRow[]>> {
    const found = new Map<string, NewHitRow[]>();
    for (const { key, query } of queries) {
      if (found.has(key)) continue;
      found.set(key, (await screening.screenCustomer(dataSegmentId, query)).map(toHitRow));
    }
    return found;
  }

  async function screenCompany(dataSegmentId: string, info: TCompanyInfo, parties: readonly PartyFacts[]): Promise<NewHitRow[]> {
    const queries = screeningQueries(info, parties);
    return hitsFor(await screenAll(dataSegmentId, queries), queries);
  }

  /** The uploaded files the documents name, as the record keeps them; a file not stored in the segment is refused. */
  async function storedDocuments(dataSegmentId: string, documents: readonly TCompanyDocumentInput[]): Promise<TCompanyDocument[]> {
    const files = await findSegmentDocumentFiles(
      db,
      dataSegmentId,
      documents.map((document) => document.fileName),
    );
    return documents.map((document) => {
      const file = files.find((candidate) => candidate.fileName === document.fileName);
      if (!file) throw AppError.field(`documents.${document.kind}`, COMPANY_MESSAGES.unknownDocument);
      return {
        kind: document.kind,
        fileName: file.fileName,
        originalFileName: file.originalName,
        contentType: file.contentType,
        receivedAt: file.createdAt,
      };
    });
  }

  async function companyInScope(actor: Actor, id: string) {
    const row = await findCustomer(db, actor.segments, id);
    if (!row) throw AppError.notFound();
    if (row.type !== 'company') throw AppError.notFound(COMPANY_MESSAGES.notCompany);
    return row;
  }

  async function structure(companyId: string, companyName: string): Promise<TCompanyStructure> {
    const [parties, parents] = await Promise.all([listParties(db, companyId), listParents(db, companyId)]);
    return { companyId, companyName, parties, parents, ownership: ownershipOf({ id: companyId, name: companyName }, parties, parents) };
  }

  async function companyDetail(scope: TenantScope, id: string): Promise<TCompanyDetail> {
    const customer = await detail(db, scope, id);
    const [registryFlags, shape] = await Promise.all([listRegistryFlags(db, id), structure(id, customer.fullName)]);
    return { ...customer, registryFlags, structure: shape };
  }

  /**
   * Inside a change's transaction: replaces the hits nobody decided with the fresh screening
   * (decided hits and remembered 'not relevant' decisions are honoured), re-rates the company with
   * its parents' hits, and raises an alert when the result calls for review and none is open.
   */
  async function restate(
    tx: Queryable,
    company: { id: string; sanadId: string; dataSegmentId: string; name: string; info: TCompanyInfo },
    screened: readonly NewHitRow[],
    actor: Actor,
    meta: RequestMeta,
    what: string,
  ): Promise<{ level: string; alertId: string | null }> {
    const merged = mergeScreening(await listDecidedHitRows(tx, company.id), await listRememberedDecisions(tx, company.id), screened);
    await deleteOpenHits(tx, company.id);
    await deleteHitsById(tx, company.id, merged.reopenedHitIds);
    await forgetDecisions(tx, company.id, merged.staleDecisions);
    await insertHits(tx, company.dataSegmentId, company.id, merged.fresh);
    await setCompanyHitTypes(tx, company.id, merged.hitTypes);
    const parentHits = await listPartyCustomerHits(tx, company.id);
    const actorRef: ActorRef = { id: actor.userId, name: actor.name };
    const rated = await ratings.rateInTransaction(tx, onlySegment(company.dataSegmentId), company.id, {
      actor: actorRef,
      facts: { screeningHits: [...merged.facts, ...parentHits], ...companyContext(company.info) },
      meta: { ip: meta.ip, requestId: meta.requestId },
    });
    // The companies this one is a corporate parent of read its parties' hits: they are re-rated too.
    if (followParents)
      await followParents(tx, company.id, `${company.sanadId} was re-rated (${what.toLowerCase()})`, {
        actor: actorRef,
        meta: { ip: meta.ip, requestId: meta.requestId },
      });
    const reason = onboardingAlertReason([...merged.fresh, ...parentHits], rated.rating.level);
    const alertId =
      reason && !(await hasOpenAlert(tx, company.id))
        ? await insertAlert(tx, {
            dataSegmentId: company.dataSegmentId,
            customerId: company.id,
            type: 'triggered',
            reason: `${what}: ${reason}`,
          })
        : null;
    if (alertId && reason) await alertRaised(tx, company, alertId, `${what}: ${reason}`, actor, meta);
    return { level: rated.rating.level, alertId };
  }

  /**
   * Registers a company, and with the self-register wizard its documents and parents too, in one
   * transaction. Only an account with company onboarding (kyb) registers companies (KB-01).
   */
  async function register(
    actor: Actor,
    input: TCompanyCreateInput,
    meta: RequestMeta,
    extras: { documents: readonly TCompanyDocumentInput[]; parents: readonly TSelfRegisterParent[] } = { documents: [], parents: [] },
  ): Promise<TCompanyDetail> {
    if (!actor.account.kyb) throw AppError.forbidden(COMPANY_MESSAGES.kybRequired);
    const dataSegmentId = targetSegment(actor, input.dataSegmentId);
    const { company } = await registerIn(actor, dataSegmentId, input, meta, { ...extras, submissionKey: null, source: 'self-register' });
    return company;
  }

  /**
   * The registration itself, for a staff user (register, above) or an application through the public
   * API (actor null: the audit names no user, and the company's source is 'api'). With a submission
   * key, a repeat finds the company the first one registered instead of registering it twice.
   */
  async function registerIn(
    actor: Actor | null,
    dataSegmentId: string,
    input: TCompanyCreateInput,
    meta: RequestMeta,
    extras: {
      documents: readonly TCompanyDocumentInput[];
      parents: readonly TSelfRegisterParent[];
      submissionKey: string | null;
      source: TCustomerSource;
    },
  ): Promise<{ company: TCompanyDetail; isReplay: boolean }> {
    const { submissionKey } = extras;
    if (submissionKey) {
      const existing = await findBySubmissionKey(db, dataSegmentId, submissionKey);
      if (existing) return { company: await companyDetail(onlySegment(dataSegmentId), existing), isReplay: true };
    }
    const info = input.companyInfo;
    refuseSelfAsParent(info, extras.parents);
    const documents = await storedDocuments(dataSegmentId, extras.documents);
    const record = companyRecord(info, {
      dataSegmentId,
      ipLocationDetails: locateIp(meta.ip),
      ...(documents.length > 0 ? { companyDocuments: documents } : {}),
    });
    const columns = companyColumns(info);
    const parties = extras.parents.map(selfRegisterPartyFacts);
    // Screening reads the lists and is the slow part: it runs before the transaction opens.
    const hitRows = await screenCompany(dataSegmentId, info, parties);
    const hitTypes = [...new Set(hitRows.map((hit) => hit.hitType))];
    const actorRef: ActorRef | null = actor ? { id: actor.userId, name: actor.name } : null;
    const registered = await db.transaction(async (tx): Promise<{ id: string; isReplay: boolean }> => {
      if (submissionKey) {
        await lockKeys(tx, [`customer-submission:${dataSegmentId}:${submissionKey}`]);
        // A retry that raced the first submission waited on the lock above and now finds its company.
        const existing = await findBySubmissionKey(tx, dataSegmentId, submissionKey);
        if (existing) return { id: existing, isReplay: true };
      }
      await refuseDuplicateRegistration(tx, dataSegmentId, info, null);
      const inserted = await insertCustomerRow(tx, {
        dataSegmentId,
        type: 'company',
        record,
        columns,
        hitTypes,
        documentStatuses: [],
        submissionKey,
        createdBy: actorRef,
        ...(extras.source === 'self-register' ? {} : { source: extras.source }),
      });
      await insertVersion(tx, {
        dataSegmentId,
        customerId: inserted.id,
        version: 1,
        action: 'created',
        record: inserted.record,
        changedFields: ['*'],
        actor: actorRef,
      });
      await insertHits(tx, dataSegmentId, inserted.id, hitRows);
      for (const parent of extras.parents) {
        // Only a staff user's self-register wizard sends parents; the API registers the company alone.
        if (!actorRef) throw AppError.forbidden();
        const facts = selfRegisterPartyFacts(parent);
        const partyId = await insertParty(tx, {
          dataSegmentId,
          companyId: inserted.id,
          kind: facts.kind,
          name: facts.name,
          email: orNull(parent.email),
          dateOfBirth: facts.dateOfBirth,
          nationalityId: facts.nationalityId,
          registrationNumber: parent.kind === 'entity' ? orNull(parent.registrationNumber) : null,
          countryId: facts.countryId,
          customerId: null,
        });
        await insertParent(tx, { dataSegmentId, companyId: inserted.id, partyId, ofPartyId: null, actor: actorRef, ...relationOf(parent) });
      }
      const rated = await ratings.rateInTransaction(tx, onlySegment(dataSegmentId), inserted.id, {
        actor: actorRef,
        facts: {
          screeningHits: hitRows.map((hit) => ({ hitType: hit.hitType, score: hit.score, determination: 'open' as const })),
          ...companyContext(info),
        },
        meta: { ip: meta.ip, requestId: meta.requestId },
      });
      const reason = onboardingAlertReason(hitRows, rated.rating.level);
      const alertId = reason ? await insertAlert(tx, { dataSegmentId, customerId: inserted.id, type: 'on boarding', reason }) : null;
      await appendAudit(tx, {
        dataSegmentId,
        source: auditSource(actor, meta),
        module: 'customers',
        action: 'registered_company',
        entityType: 'customer',
        entityId: inserted.id,
        summary: `Registered company ${inserted.sanadId} (${columns.fullName}): ${hitRows.length} screening hit${hitRows.length === 1 ? '' : 's'}, risk ${rated.rating.level}${documents.length > 0 ? `, ${documents.length} document${documents.length === 1 ? '' : 's'}` : ''}${extras.parents.length > 0 ? `, ${extras.parents.length} parent${extras.parents.length === 1 ? '' : 's'}` : ''}`,
        details: {
          sanadId: inserted.sanadId,
          hitTypes,
          hits: hitRows.length,
          riskLevel: rated.rating.level,
          alertId,
          documents: documents.map((document) => ({ kind: document.kind, fileName: document.fileName })),
          parents: extras.parents.map((parent) => ({ name: parent.name, roles: parent.roles, shareholding: parent.shareholding ?? null })),
        },
      });
      if (alertId && reason)
        await alertRaised(
          tx,
          { id: inserted.id, sanadId: inserted.sanadId, dataSegmentId, name: columns.fullName },
          alertId,
          reason,
          actor,
          meta,
        );
      return { id: inserted.id, isReplay: false };
    });
    return { company: await companyDetail(onlySegment(dataSegmentId), registered.id), isReplay: registered.isReplay };
  }

  async function update(
    actor: Actor,
    id: string,
    input: TCompanyUpdateInput,
    meta: RequestMeta,
  ): Promise<{ company: TCompanyDetail; isChanged: boolean }> {
    const current = await companyInScope(actor, id);
    if (current.version !== input.version) throw AppError.conflict('version', COMPANY_MESSAGES.staleVersion(current.version));
    const stored = current.record as unknown as Record<string, unknown>;
    const record = companyRecord(input.companyInfo, stored as Partial<TCustomerRecord>);
    const changed = changedPaths(stored, record);
    if (changed.length === 0) return { company: await companyDetail(actor.segments, id), isChanged: false };
    const screened = await screenCompany(current.dataSegmentId, input.companyInfo, await listParties(db, id));
    const columns = companyColumns(input.companyInfo);
    await db.transaction(async (tx) => {
      const company = await lockCompany(tx, actor, id);
      if (company.version !== input.version) throw AppError.conflict('version', COMPANY_MESSAGES.staleVersion(company.version));
      await refuseDuplicateRegistration(tx, company.dataSegmentId, input.companyInfo, id);
      const version = company.version + 1;
      await updateCustomerRow(tx, id, { record, columns, hitTypes: [], documentStatuses: [], version });
      await insertVersion(tx, {
        dataSegmentId: company.dataSegmentId,
        customerId: id,
        version,
        action: 'edited',
        record,
        changedFields: changed,
        actor: { id: actor.userId, name: actor.name },
      });
      const result = await restate(
        tx,
        { ...company, name: columns.fullName, info: input.companyInfo },
        screened,
        actor,
        meta,
        'Company edited',
      );
      await appendAudit(tx, {
        dataSegmentId: company.dataSegmentId,
        source: auditSource(actor, meta),
        module: 'customers',
        action: 'edited_company',
        entityType: 'customer',
        entityId: id,
        summary: `Edited company ${company.sanadId} (version ${version}): ${changed.join(', ')}`,
        details: { sanadId: company.sanadId, version, changedFields: changed, riskLevel: result.level, alertId: result.alertId },
      });
    });
    return { company: await companyDetail(actor.segments, id), isChanged: true };
  }

  async function saveRegistryFlags(actor: Actor, id: string, input: TRegistryFlagsSave, meta: RequestMeta): Promise<TCompanyDetail> {
    const current = await companyInScope(actor, id);
    const info = (current.record as TCustomerRecord).companyInfo;
    if (!info) throw AppError.notFound(COMPANY_MESSAGES.notCompany);
    const screened = await screenCompany(current.dataSegmentId, info, await listParties(db, id));
    await db.transaction(async (tx) => {
      const company = await lockCompany(tx, actor, id);
      const record = { ...(company.record as Record<string, unknown>) };
      const set = REGISTRY_FLAGS.filter((flag) => input[flag] !== undefined);
      for (const flag of set) {
        record[flag] = input[flag];
        await upsertRegistryFlag(tx, {
          companyId: id,
          dataSegmentId: company.dataSegmentId,
          flag,
          value: input[flag] === true,
          actor: { id: actor.userId, name: actor.name },
        });
      }
      await setCompanyRecord(tx, id, record);
      const result = await restate(tx, company, screened, actor, meta, 'Registry flags changed');
      await appendAudit(tx, {
        dataSegmentId: company.dataSegmentId,
        source: auditSource(actor, meta),
        module: 'customers',
        action: 'set_registry_flags',
        entityType: 'customer',
        entityId: id,
        summary: `Set registry flags of ${company.sanadId}: ${set.map((flag) => `${flag} ${input[flag] ? 'yes' : 'no'}`).join(', ')}`,
        details: {
          sanadId: company.sanadId,
          flags: Object.fromEntries(set.map((flag) => [flag, input[flag]])),
          riskLevel: result.level,
          alertId: result.alertId,
        },
      });
    });
    return companyDetail(actor.segments, id);
  }

  /** A structure change: validated against the locked structure, stored, re-screened and re-rated. */
  async function changeStructure(
    actor: Actor,
    id: string,
    meta: RequestMeta,
    what: string,
    adding: PartyFacts | null,
    apply: (
      tx: Queryable,
      company: Awaited<ReturnType<typeof lockCompany>>,
    ) => Promise<{
      action: 'added_company_parent' | 'updated_company_parent' | 'removed_company_parent';
      summary: string;
      details: Record<string, unknown>;
    }>,
  ): Promise<TCompanyStructure> {
    const current = await companyInScope(actor, id);
    const info = (current.record as TCustomerRecord).companyInfo;
    if (!info) throw AppError.notFound(COMPANY_MESSAGES.notCompany);
    // Screened before the transaction: the parties as they stand and the one the change adds. Inside
    // it, the hits of the parties that remain after the change are kept; a party another change
    // added meanwhile is screened by the next change.
    const candidates = [...(await listParties(db, id)), ...(adding ? [adding] : [])];
    const screened = await screenAll(current.dataSegmentId, screeningQueries(info, candidates));
    await db.transaction(async (tx) => {
      const company = await lockCompany(tx, actor, id);
      const change = await apply(tx, company);
      const hits = hitsFor(screened, screeningQueries(company.info, await listParties(tx, id)));
      const result = await restate(tx, company, hits, actor, meta, what);
      await appendAudit(tx, {
        dataSegmentId: company.dataSegmentId,
        source: auditSource(actor, meta),
        module: 'customers',
        action: change.action,
        entityType: 'customer',
        entityId: id,
        summary: change.summary,
        details: { ...change.details, sanadId: company.sanadId, riskLevel: result.level, alertId: result.alertId },
      });
    });
    return structure(id, current.fullName);
  }

  async function addParent(actor: Actor, id: string, input: TParentCreateInput, meta: RequestMeta): Promise<TCompanyStructure> {
    return changeStructure(actor, id, meta, 'Parent added', newPartyFacts(input), async (tx, company) => {
      const parties = await listParties(tx, id);
      const parents = await listParents(tx, id);
      const ofPartyId = input.ofPartyId ?? null;
      if (ofPartyId !== null) {
        const of = parties.find((party) => party._id === ofPartyId);
        if (!of) throw AppError.field('ofPartyId', COMPANY_MESSAGES.unknownParty);
        if (of.kind !== 'entity') throw AppError.field('ofPartyId', COMPANY_MESSAGES.personOwned);
      }
      const total = sharesOver([...parents, { ofPartyId, shareholding: input.shareholding ?? null }], ofPartyId);
      if (total !== null)
        throw AppError.field(
          'shareholding',
          COMPANY_MESSAGES.sharesOver(ofPartyId ? namesOf([ofPartyId], parties, company) : company.name, total),
        );
      let partyId: string;
      let partyName: string;
      if (input.partyId) {
        if (input.kind || input.name) throw AppError.field('partyId', COMPANY_MESSAGES.partyKindFixed);
        const party = parties.find((candidate) => candidate._id === input.partyId);
        if (!party) throw AppError.field('partyId', COMPANY_MESSAGES.unknownParty);
        if (parents.some((parent) => parent.partyId === party._id && parent.ofPartyId === ofPartyId))
          throw AppError.conflict('partyId', COMPANY_MESSAGES.alreadyParent);
        partyId = party._id;
        partyName = party.name;
      } else {
        const customerId = orNull(input.customerId);
        if (customerId !== null) {
          if (customerId === id) throw AppError.field('customerId', COMPANY_MESSAGES.ownParent);
          const customer = isUuid(customerId) ? await findSegmentCustomer(tx, company.dataSegmentId, customerId) : null;
          if (!customer) throw AppError.field('customerId', 'That customer was not found in this data segment');
        }
        const registration = idNumberKey(input.registrationNumber);
        const isSelf =
          input.kind === 'entity' &&
          ((registration !== null && registration === idNumberKey(company.info.registrationNumber)) ||
            normaliseName(input.name ?? '') === normaliseName(company.info.legalName));
        if (isSelf) throw AppError.field('name', COMPANY_MESSAGES.ownParent);
        partyName = (input.name ?? '').trim();
        partyId = await insertParty(tx, {
          dataSegmentId: company.dataSegmentId,
          companyId: id,
          kind: input.kind ?? 'person',
          name: partyName,
          email: orNull(input.email),
          dateOfBirth: input.kind === 'person' ? orNull(input.dateOfBirth) : null,
          nationalityId: input.kind === 'person' ? orNull(input.nationalityId) : null,
          registrationNumber: input.kind === 'entity' ? orNull(input.registrationNumber) : null,
          countryId: orNull(input.countryId),
          customerId,
        });
      }
      if (ofPartyId !== null) {
        const cycle = cycleThrough(parents, partyId, ofPartyId);
        if (cycle) throw AppError.field('ofPartyId', COMPANY_MESSAGES.cycle(namesOf(cycle, parties, company)));
      }
      const parentId = await insertParent(tx, {
        dataSegmentId: company.dataSegmentId,
        companyId: id,
        partyId,
        ofPartyId,
        actor: { id: actor.userId, name: actor.name },
        ...relationOf(input),
      });
      return {
        action: 'added_company_parent',
        summary: `Added ${partyName} to ${company.sanadId} as ${input.roles.join(', ')}${input.shareholding !== undefined ? ` (${input.shareholding}%)` : ''}`,
        details: { parentId, partyId, ofPartyId, roles: input.roles, shareholding: input.shareholding ?? null },
      };
    });
  }

  async function changeParent(
    actor: Actor,
    id: string,
    parentId: string,
    input: TParentUpdateInput,
    meta: RequestMeta,
  ): Promise<TCompanyStructure> {
    return changeStructure(actor, id, meta, 'Parent changed', null, async (tx, company) => {
      const [parties, parents] = await Promise.all([listParties(tx, id), listParents(tx, id)]);
      const parent = parents.find((candidate) => candidate._id === parentId);
      if (!parent) throw AppError.notFound('That parent was not found for this company');
      const others = parents.filter((candidate) => candidate._id !== parentId);
      const total = sharesOver([...others, { ofPartyId: parent.ofPartyId, shareholding: input.shareholding ?? null }], parent.ofPartyId);
      if (total !== null)
        throw AppError.field(
          'shareholding',
          COMPANY_MESSAGES.sharesOver(parent.ofPartyId ? namesOf([parent.ofPartyId], parties, company) : company.name, total),
        );
      await updateParent(tx, id, parentId, relationOf(input));
      const name = parties.find((party) => party._id === parent.partyId)?.name ?? '';
      return {
        action: 'updated_company_parent',
        summary: `Changed ${name} of ${company.sanadId}: ${input.roles.join(', ')}${input.shareholding !== undefined ? ` (${input.shareholding}%)` : ''}`,
        details: { parentId, partyId: parent.partyId, roles: input.roles, shareholding: input.shareholding ?? null },
      };
    });
  }

  async function removeParent(actor: Actor, id: string, parentId: string, meta: RequestMeta): Promise<TCompanyStructure> {
    return changeStructure(actor, id, meta, 'Parent removed', null, async (tx, company) => {
      const [parties, parents] = await Promise.all([listParties(tx, id), listParents(tx, id)]);
      const parent = parents.find((candidate) => candidate._id === parentId);
      if (!parent) throw AppError.notFound('That parent was not found for this company');
      const party = parties.find((candidate) => candidate._id === parent.partyId);
      const isLastEdge = parents.filter((candidate) => candidate.partyId === parent.partyId).length === 1;
      if (party && isLastEdge && parents.some((candidate) => candidate.ofPartyId === party._id))
        throw AppError.conflict('parentId', COMPANY_MESSAGES.hasOwnParents(party.name));
      await deleteParent(tx, id, parentId, parent.partyId);
      return {
        action: 'removed_company_parent',
        summary: `Removed ${party?.name ?? 'a parent'} (${parent.roles.join(', ')}) from ${company.sanadId}`,
        details: { parentId, partyId: parent.partyId },
      };
    });
  }

  /**
   * Sends a natural-person parent the individual onboarding link (the deep link's temp customer),
   * and ties the temp customer to the party in the same transaction; the customer the link
   * creates is then the party's customer, whose screening and risk roll up to the company.
   */
  async function sendKycLink(
    actor: Actor,
    id: string,
    parentId: string,
    input: TPartyKycLinkInput,
    meta: RequestMeta,
  ): Promise<TCompanyStructure> {
    const company = await companyInScope(actor, id);
    const [parties, parents] = await Promise.all([listParties(db, id), listParents(db, id)]);
    const parent = parents.find((candidate) => candidate._id === parentId);
    if (!parent) throw AppError.notFound('That parent was not found for this company');
    const party = parties.find((candidate) => candidate._id === parent.partyId);
    if (!party || party.kind !== 'person') throw AppError.field('parentId', COMPANY_MESSAGES.linkNeedsPerson);
    if (party.kyc.customerId) throw AppError.conflict('parentId', COMPANY_MESSAGES.alreadyCustomer);
    const email = orNull(input.email) ?? party.email;
    if (!email) throw AppError.field('email', COMPANY_MESSAGES.linkNeedsEmail);
    const [firstName, ...rest] = party.name.split(/\s+/);
    await temps.send(
      actor,
      {
        firstName: firstName ?? party.name,
        lastName: rest.join(' ') || (firstName ?? party.name),
        email,
        channel: 'email',
        dataSegmentId: company.dataSegmentId,
      },
      meta,
      {
        withinTransaction: async (tx, tempId) => {
          await setPartyTempCustomer(tx, party._id, tempId, email);
          await appendAudit(tx, {
            dataSegmentId: company.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'customers',
            action: 'sent_parent_kyc_link',
            entityType: 'customer',
            entityId: id,
            summary: `Sent ${party.name} of ${company.sanadId} the individual onboarding link by e-mail`,
            details: { partyId: party._id, tempCustomerId: tempId },
          });
        },
      },
    );
    return structure(id, company.fullName);
  }

  return {
    register,
    selfRegister: (actor: Actor, input: TCompanySelfRegisterInput, meta: RequestMeta): Promise<TCompanyDetail> =>
      register(actor, { companyInfo: input.companyInfo, ...(input.dataSegmentId ? { dataSegmentId: input.dataSegmentId } : {}) }, meta, {
        documents: input.documents,
        parents: input.parents,
      }),
    /** A company registered by an application through the public API v1, in the key's data segment. */
    registerThroughApi: (dataSegmentId: string, input: TCompanyCreateInput, meta: RequestMeta, submissionKey: string | null) =>
      registerIn(null, dataSegmentId, input, meta, { documents: [], parents: [], submissionKey, source: 'api' }),
    update,
    saveRegistryFlags,
    addParent,
    changeParent,
    removeParent,
    sendKycLink,
    list: (actor: Actor, query: TCompanyListQuery): Promise<Page<TCustomerListItem>> =>
      listCustomers(db, actor.segments, targetSegment(actor, query.dataSegmentId), { ...query, type: 'company' }),
    get: async (actor: Actor, id: string): Promise<TCompanyDetail> => {
      await companyInScope(actor, id);
      return companyDetail(actor.segments, id);
    },
    /** A company by number in a register, to prefill its registration; register data is the same for every segment. */
    registerLookup: async (query: TRegisterLookupQuery): Promise<TRegisterLookup> => {
      const entry = await registerEntry(query.register, query.number);
      if (!entry) throw AppError.notFound(REGISTER_MESSAGES.notFound(query.number.trim(), COMPANY_REGISTER_LABELS[query.register]));
      return { entry, prefill: prefillOf(entry), flags: flagsOf(entry, today()) };
    },
    /** The company's declaration (a company of the caller's segments) against its register entry. */
    registerCheck: async (actor: Actor, id: string, code: TCompanyRegister): Promise<TRegisterCheck> => {
      const company = await companyInScope(actor, id);
      const info = (company.record as TCustomerRecord).companyInfo;
      if (!info) throw AppError.notFound(COMPANY_MESSAGES.notCompany);
      const entry = await registerEntry(code, info.registrationNumber);
      return {
        register: code,
        registrationNumber: info.registrationNumber,
        entry,
        differences: entry ? compareWithRegister(info, entry) : [],
        flags: entry ? flagsOf(entry, today()) : null,
      };
    },
    getStructure: async (actor: Actor, id: string): Promise<TCompanyStructure> => {
      const company = await companyInScope(actor, id);
      return structure(id, company.fullName);
    },
    timeline: async (actor: Actor, id: string, query: TListQuery): Promise<Page<TTimelineEvent>> => {
      await companyInScope(actor, id);
      return timeline.timeline(actor, id, query);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
