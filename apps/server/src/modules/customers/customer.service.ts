/**
 * The customer record: registration (the staff-assisted self-register's last step), edit profile,
 * the customer list, one customer and its versions. Registration is one unit of work: the
 * customer, its first version, its screening hits, its risk rating, the on-boarding alert, the
 * staff notification and the audit entries commit together or not at all. An edit is one too: the
 * new version, the re-screening's hits, the re-rating, an alert when review is needed and the audit.
 */
import {
  CUSTOMER_MESSAGES,
  type TCustomerCreateInput,
  type TCustomerDetail,
  type TCustomerListItem,
  type TCustomerListQuery,
  type TCustomerRecord,
  type TDocumentInfo,
  type TCustomerSource,
  type TCustomerUpdateInput,
  type TCustomerVersion,
  type TKycStatus,
} from '@sanad/contracts/customers';
import { onboardingRuleErrors, type TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import type { TListQuery } from '@sanad/contracts/http';
import { HIT_TYPE_LABELS, type THitType } from '@sanad/contracts/screening';
import { statusBadge } from '@sanad/contracts/status-labels';
import type { RiskLevel } from '@sanad/risk/risk-level';
import { appendAudit, appendAudits, auditSource, type AuditEvent } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { recordVerification, type FaceVerificationService } from '../idv/face-verification.service';
import type { Database, Queryable } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { TenantScope } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { notifyUsers } from '../notifications/notification.events';
import { registrationEvents, type WebhookEvent, type WebhookEventPort } from '../developers/webhook-events.port';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import type { CustomerScreeningHit, ScreeningService } from '../screening/screening.service';
import { changedPaths, columnsOf, readableRecord, type CustomerColumns } from './customer-facts';
import {
  deleteOpenHits,
  findBySubmissionKey,
  findBySubmissionKeys,
  findCustomer,
  findDuplicate,
  findDuplicates,
  hasOpenAlert,
  insertAlert,
  insertCustomerRow,
  insertCustomerRows,
  insertHits,
  insertVersion,
  insertVersions,
  listAlerts,
  listHits,
  listVersions,
  lockCustomer,
  lockKeys,
  lockManyKeys,
  updateCustomerDocuments,
  updateCustomerRow,
  updateKycStatus,
  type DuplicateMatch,
  type NewHitRow,
} from './customer.repository';
import { listCustomers, listCustomersAfter } from './customer-search.repository';
import { documentStatusesOf, riskDocumentStatus } from './document-status';
import { mergeScreening } from './hit-memory';
import { deleteHitsById, forgetDecisions, listDecidedHitRows, listRememberedDecisions } from './hit-review.repository';
import { locateIp } from './ip-location';

/** Risk levels that need a compliance review before the customer is accepted. */
const REVIEW_LEVELS: ReadonlySet<RiskLevel> = new Set(['high', 'sanction']);

export interface CustomerServiceDeps {
  db: Database;
  /** screenCustomers (many at once) serves registerMany; without it registerMany screens one by one. */
  screening: Pick<ScreeningService, 'screenCustomer'> & Partial<Pick<ScreeningService, 'screenCustomers'>>;
  /** rateNewInTransaction serves registerMany; without it registerMany rates one by one. */
  ratings: Pick<CustomerRatingService, 'rateInTransaction'> & Partial<Pick<CustomerRatingService, 'rateNewInTransaction'>>;
  /**
   * The segment's onboarding configuration: its duplicate switch, tax ID, industry and
   * address-proof rules. Without it every segment restricts duplicates and asks nothing more.
   */
  onboardingSettings?: (dataSegmentId: string) => Promise<TOnboardingSettings>;
  /**
   * Whether the segment refuses a second customer with the same ID number or the same name and
   * birth date; by default the onboarding configuration's restrictDuplicateCustomers.
   */
  restrictsDuplicates?: (dataSegmentId: string) => Promise<boolean>;
  /** Tests stop a registration (or an edit) here, after the customer row is written, to prove nothing is left. */
  crashPoint?: (step: 'after-customer-insert' | 'after-customer-update') => void;
  /** The clock the document statuses read (tests fix it). */
  now?: () => Date;
  /** Where registrations are reported to webhooks, in their own transaction (modules/developers). */
  webhookEvents?: WebhookEventPort;
  /**
   * The server's own liveness verdicts: a staff registration's video takes the verdict the server
   * made when that user checked that clip. Without it (or without a checked clip) both stay pending.
   */
  liveness?: Pick<FaceVerificationService, 'staffVideoVerdict'>;
}

/** What a caller that registers customers in its own process (bulk onboarding) adds to a registration. */
export interface RegisterOptions {
  /**
   * Runs in the registration's transaction, after the customer and its consequences are written: a
   * bulk import records the row's outcome here, so the row is done exactly when its customer exists.
   */
  withinTransaction?: (tx: Queryable, customer: { id: string; sanadId: string }) => Promise<void>;
  /** Where the customer came from, kept on the record and filterable in the list (staff self-register by default). */
  source?: TCustomerSource;
  /** The campaign or branch a dynamic registration came through (its address's :source). */
  campaign?: string | null;
}

/**
 * Who registers: a staff user, or the customer through their own registration link (no user;
 * the audit records the request, and a duplicate is refused without naming the other customer).
 */
export interface Registrant {
  actor: Actor | null;
}

/** What a journey adds to a registration, inside its unit of work. */
export interface RegisterExtras extends RegisterOptions {
  /** Liveness and face results the server itself checked; by default both pending. */
  verificationStatus?: TCustomerRecord['verificationStatus'];
  /** The contact a public journey proved with a one-time code (the server's own record of it). */
  contactVerification?: { channel: 'email' | 'sms'; verifiedAt: string } | null;
}

/** What registerMany made of one input: a customer (new, or the one its submission key made before) or a refusal. */
export type ManyOutcome =
  { outcome: 'created'; customerId: string; sanadId: string; isReplay: boolean } | { outcome: 'refused'; error: AppError };

export interface RegisterManyOptions {
  source?: TCustomerSource;
  /**
   * Runs in the transaction, after every customer and its consequences are written, with the
   * outcome of each input (in input order): a bulk import records its rows here, so a chunk of rows
   * is done exactly when its customers exist.
   */
  withinTransaction?: (tx: Queryable, outcomes: readonly ManyOutcome[]) => Promise<void>;
}

export interface RegisterResult {
  customer: TCustomerDetail;
  /** True when the submission key had already created this customer (nothing new was stored). */
  isReplay: boolean;
}

/** The record as stored: what staff entered, with the server-set sections. */
function recordFromInput(
  input: TCustomerCreateInput,
  dataSegmentId: string,
  ip: string,
  verificationStatus: TCustomerRecord['verificationStatus'] = { liveness: 'pending', face: 'pending' },
  contactVerification: RegisterExtras['contactVerification'] = null,
): TCustomerRecord {
  const { submissionKey: _key, dataSegmentId: _segment, ...sections } = input;
  const verifiedKey = contactVerification?.channel === 'sms' ? 'phoneVerifiedAt' : 'emailVerifiedAt';
  return {
    ...sections,
    ...(contactVerification ? { contactInfo: { ...sections.contactInfo, [verifiedKey]: contactVerification.verifiedAt } } : {}),
    type: 'individual',
    dataSegmentId,
    ipLocationDetails: locateIp(ip),
    verificationStatus,
    customerVerificationStatus: { nadra: 'pending', criminalRecord: 'pending' },
  };
}

/** Sections only the server writes: an edit keeps them from the stored record, whatever it sends. */
const SERVER_SET_KEYS = [
  'sanadId',
  'dataSegmentId',
  'type',
  'parents',
  'ipLocationDetails',
  'verificationStatus',
  'customerVerificationStatus',
  'hasInsolvencyHistory',
  'undeliverableRegisteredOfficeAddress',
  'confirmationStatementOverdue',
  'accountsOverdue',
  'registeredOfficeIsInDispute',
] as const;

/**
 * The edited record: the stored one, with every section the edit sent replaced whole. A section the
 * edit leaves out is kept (a step that was not opened does not wipe what an earlier journey stored,
 * such as the digital-identity claims); the server-set sections are never taken from the edit.
 */
function editedRecord(stored: Record<string, unknown>, input: TCustomerUpdateInput): TCustomerRecord {
  const { version: _version, ...sections } = input;
  const next: Record<string, unknown> = { ...stored, ...sections };
  for (const key of SERVER_SET_KEYS) {
    if (key in stored) next[key] = stored[key];
    else delete next[key];
  }
  if (sections.contactInfo)
    next['contactInfo'] = { ...sections.contactInfo, ...keptContactProof(stored['contactInfo'], sections.contactInfo) };
  return next as TCustomerRecord;
}

const contactKey = (value: unknown): string =>
  String(value ?? '')
    .trim()
    .toLowerCase();
const isSameContact = (a: unknown, b: unknown): boolean => contactKey(a) === contactKey(b);

/**
 * A contact proved by a one-time code stays proved through an edit that keeps the same address or
 * number; a changed one has not been proved, so its time is dropped (docs/decisions/public-otp.md).
 */
function keptContactProof(stored: unknown, edited: { email?: string; phoneNumber?: string; isdCode?: string }): Record<string, string> {
  if (!stored || typeof stored !== 'object') return {};
  const before = stored as Record<string, unknown>;
  const kept: Record<string, string> = {};
  if (typeof before['emailVerifiedAt'] === 'string' && before['email'] && isSameContact(before['email'], edited.email))
    kept['emailVerifiedAt'] = before['emailVerifiedAt'];
  if (
    typeof before['phoneVerifiedAt'] === 'string' &&
    before['phoneNumber'] &&
    isSameContact(before['phoneNumber'], edited.phoneNumber) &&
    isSameContact(before['isdCode'], edited.isdCode)
  )
    kept['phoneVerifiedAt'] = before['phoneVerifiedAt'];
  return kept;
}

/** The segment's rules that depend on its onboarding configuration, as field errors (RG-35). */
function configurationErrors(record: TCustomerRecord, settings: TOnboardingSettings | null): Record<string, string[]> {
  if (!settings) return {};
  return Object.fromEntries(Object.entries(onboardingRuleErrors(record, settings)).map(([field, message]) => [field, [message]]));
}

function refuseByConfiguration(record: TCustomerRecord, settings: TOnboardingSettings | null): void {
  const errors = configurationErrors(record, settings);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** The screening request for a record: the name as a person, with every qualifier the record has. */
export function screeningQuery(record: TCustomerRecord, columns: CustomerColumns) {
  return {
    name: columns.fullName,
    type: 'person' as const,
    ...(columns.dateOfBirth ? { dob: columns.dateOfBirth } : {}),
    ...(columns.nationalityId ? { nationality: columns.nationalityId } : {}),
    ...(columns.countryOfResidenceId ? { country: columns.countryOfResidenceId } : {}),
    ...(record.basicInfo?.gender ? { gender: record.basicInfo.gender } : {}),
    ...(record.basicInfo?.fatherName ? { fatherName: record.basicInfo.fatherName } : {}),
    ...(columns.idNumber ? { idNumber: columns.idNumber } : {}),
  };
}

/** The advisory-lock keys of the duplicate comparison for one set of facts. */
function duplicateKeys(dataSegmentId: string, columns: CustomerColumns): string[] {
  const keys: string[] = [];
  if (columns.idNumberKey) keys.push(`customer-id-number:${dataSegmentId}:${columns.idNumberKey}`);
  keys.push(`customer-name-birth:${dataSegmentId}:${columns.fullNameNormalised}:${columns.dateOfBirth ?? ''}`);
  return keys;
}

/** A listed date of birth as text (the first one the entity has). */
function listedBirthDate(hit: CustomerScreeningHit): string | null {
  const birth = hit.entity.birthDates[0];
  if (!birth) return null;
  if (birth.text) return birth.text;
  const { year, month, day } = birth.from;
  return [String(year), month ? String(month).padStart(2, '0') : null, day ? String(day).padStart(2, '0') : null]
    .filter((part) => part !== null)
    .join('-');
}

/**
 * A screening hit in the columns the name-screening tab shows. Special interest covers the
 * enforcement and blacklist hits; adverse media is a listed category of that name.
 */
export function toHitRow(hit: CustomerScreeningHit): NewHitRow {
  const entity = hit.entity;
  const identifier = entity.identifiers[0];
  return {
    fullName: hit.name,
    dob: listedBirthDate(hit),
    fatherOrHusband: entity.fatherNames[0] ?? null,
    idNumber: identifier ? identifier.value : null,
    country: entity.countries[0]?.code ?? null,
    associates: entity.associates.map((associate) => associate.name),
    publisherName: hit.listPublisher,
    sourceList: hit.listTitle,
    listKey: hit.list,
    entityId: hit.id,
    score: hit.score,
    hitType: hit.hitType,
    sanction: hit.hitType === 'sanction',
    pep: hit.hitType === 'pep',
    specialInterest: hit.hitType === 'enforcement' || hit.hitType === 'blackList',
    adverseMedia: entity.categories.some((category) => /adverse\s*media/i.test(category)),
    explanation: hit.explanation,
    entity,
  };
}

/** Why the on-boarding alert was raised, in words a reviewer reads; null when no review is needed. */
export function onboardingAlertReason(hits: readonly { hitType: THitType }[], level: RiskLevel): string | null {
  const reasons: string[] = [];
  if (hits.length > 0) {
    const types = [...new Set(hits.map((hit) => HIT_TYPE_LABELS[hit.hitType]))].join(', ');
    reasons.push(`Name screening found ${hits.length} hit${hits.length === 1 ? '' : 's'} (${types})`);
  }
  if (REVIEW_LEVELS.has(level)) reasons.push(`Rated ${statusBadge(level).label}`);
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/** A scope of exactly one segment: registration works inside the segment it targets. */
const onlySegment = (dataSegmentId: string): TenantScope => ({ all: false, ids: [dataSegmentId] });

export async function detail(target: Queryable, scope: TenantScope, id: string): Promise<TCustomerDetail> {
  const row = await findCustomer(target, scope, id);
  if (!row) throw AppError.notFound();
  const [hits, alerts] = await Promise.all([listHits(target, id), listAlerts(target, id)]);
  return { ...row, record: readableRecord(row.record), hits, alerts };
}

async function refuseDuplicate(
  tx: Queryable,
  actor: Actor | null,
  dataSegmentId: string,
  columns: CustomerColumns,
  exceptCustomerId: string | null = null,
): Promise<void> {
  const match = await findDuplicate(tx, dataSegmentId, columns, exceptCustomerId);
  if (match) throw duplicateError(actor, match);
}

/** The refusal of a duplicate; only someone who may open customer profiles learns which customer it is. */
function duplicateError(actor: Actor | null, match: DuplicateMatch): AppError {
  const canSee = actor?.permissions.has('view-customer-profile') ?? false;
  if (match.by === 'id-number')
    return AppError.conflict(
      'identityInfo.number',
      canSee ? CUSTOMER_MESSAGES.duplicateIdNumber(match.sanadId) : CUSTOMER_MESSAGES.duplicateHidden,
    );
  return AppError.conflict(
    'basicInfo.dateOfBirth',
    canSee ? CUSTOMER_MESSAGES.duplicateNameAndBirth(match.sanadId) : CUSTOMER_MESSAGES.duplicateHidden,
  );
}

export function createCustomerService({
  db,
  screening,
  ratings,
  onboardingSettings,
  restrictsDuplicates,
  crashPoint,
  now,
  webhookEvents,
  liveness,
}: CustomerServiceDeps) {
  const clock = now ?? (() => new Date());
  const settingsOf = async (dataSegmentId: string): Promise<TOnboardingSettings | null> =>
    onboardingSettings ? onboardingSettings(dataSegmentId) : null;
  async function isRestricting(dataSegmentId: string, settings: TOnboardingSettings | null): Promise<boolean> {
    if (restrictsDuplicates) return restrictsDuplicates(dataSegmentId);
    return settings ? settings.restrictDuplicateCustomers : true;
  }

  async function register(
    actor: Actor,
    input: TCustomerCreateInput,
    meta: RequestMeta,
    options: RegisterOptions = {},
  ): Promise<RegisterResult> {
    const dataSegmentId = targetSegment(actor, input.dataSegmentId);
    return registerIn({ actor }, dataSegmentId, input, meta, {
      ...options,
      verificationStatus: await staffVerification(actor, dataSegmentId, input),
    });
  }

  /** Liveness and face results of a staff registration: the server's verdict on the clip the record names, if this user checked it. */
  async function staffVerification(
    actor: Actor,
    dataSegmentId: string,
    input: Pick<TCustomerCreateInput, 'documentInfo'>,
  ): Promise<TCustomerRecord['verificationStatus']> {
    const videoFile = input.documentInfo?.video?.fileName;
    if (!liveness || !videoFile) return recordVerification(null);
    return recordVerification(await liveness.staffVideoVerdict({ dataSegmentId, userId: actor.userId, videoFile }));
  }

  /**
   * A registration in one segment, by staff or by the customer through their link. The link's
   * journey checks the link and its segment before calling this.
   */
  async function registerIn(
    { actor }: Registrant,
    dataSegmentId: string,
    input: TCustomerCreateInput,
    meta: RequestMeta,
    extras: RegisterExtras,
  ): Promise<RegisterResult> {
    const scope = onlySegment(dataSegmentId);
    const submissionKey = input.submissionKey ?? null;
    if (submissionKey) {
      const existing = await findBySubmissionKey(db, dataSegmentId, submissionKey);
      if (existing) return { customer: await detail(db, scope, existing), isReplay: true };
    }

    const record = recordFromInput(input, dataSegmentId, meta.ip, extras.verificationStatus, extras.contactVerification);
    const settings = await settingsOf(dataSegmentId);
    refuseByConfiguration(record, settings);
    const columns = columnsOf(record);
    const documentStatuses = documentStatusesOf(record, clock());
    const documentStatus = riskDocumentStatus(record, clock());
    // Screening reads the lists and is the slow part: it runs before the transaction opens, so the
    // locks below are held only for the writes.
    const found = await screening.screenCustomer(dataSegmentId, screeningQuery(record, columns));
    const hitRows = found.map(toHitRow);
    const hitTypes = [...new Set(hitRows.map((hit) => hit.hitType))];
    const isRestricted = await isRestricting(dataSegmentId, settings);
    const actorRef = actor ? { id: actor.userId, name: actor.name } : null;

    try {
      const customerId = await db.transaction(async (tx) => {
        const keys = isRestricted ? duplicateKeys(dataSegmentId, columns) : [];
        if (submissionKey) keys.unshift(`customer-submission:${dataSegmentId}:${submissionKey}`);
        await lockKeys(tx, keys);
        if (submissionKey) {
          // A retry that raced the first submission waited on the lock above and now finds its customer.
          const existing = await findBySubmissionKey(tx, dataSegmentId, submissionKey);
          if (existing) return { id: existing, isReplay: true };
        }
        if (isRestricted) await refuseDuplicate(tx, actor, dataSegmentId, columns);

        const inserted = await insertCustomerRow(tx, {
          dataSegmentId,
          type: 'individual',
          record,
          columns,
          hitTypes,
          documentStatuses,
          submissionKey,
          createdBy: actorRef,
          source: extras.source,
          campaign: extras.campaign ?? null,
        });
        crashPoint?.('after-customer-insert');
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
        const rated = await ratings.rateInTransaction(tx, scope, inserted.id, {
          actor: actorRef,
          facts: {
            screeningHits: hitRows.map((hit) => ({ hitType: hit.hitType, score: hit.score, determination: 'open' })),
            ...(documentStatus ? { documentStatus } : {}),
          },
          meta: { ip: meta.ip, requestId: meta.requestId },
        });
        const reason = onboardingAlertReason(hitRows, rated.rating.level);
        const alertId = reason ? await insertAlert(tx, { dataSegmentId, customerId: inserted.id, type: 'on boarding', reason }) : null;
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'registered_customer',
          entityType: 'customer',
          entityId: inserted.id,
          summary: `Registered customer ${inserted.sanadId}: ${hitRows.length} screening hit${hitRows.length === 1 ? '' : 's'}, risk ${rated.rating.level}`,
          details: { sanadId: inserted.sanadId, hitTypes, hits: hitRows.length, riskLevel: rated.rating.level, alertId },
        });
        if (alertId && reason) {
          await appendAudit(tx, {
            dataSegmentId,
            source: auditSource(actor, meta),
            module: 'alerts',
            action: 'raised_onboarding_alert',
            entityType: 'alert',
            entityId: alertId,
            summary: `On-boarding alert for ${inserted.sanadId}: ${reason}`,
            details: { customerId: inserted.id, sanadId: inserted.sanadId },
          });
          await notifyUsers(tx, {
            dataSegmentId,
            permission: 'view-alerts',
            exceptUserIds: actor ? [actor.userId] : [],
            title: 'On-boarding alert raised',
            description: `${inserted.sanadId} (${columns.fullName}) needs review: ${reason}.`,
            icon: 'alert',
          });
        }
        await webhookEvents?.emit(
          tx,
          registrationEvents({
            dataSegmentId,
            customerId: inserted.id,
            sanadId: inserted.sanadId,
            customerType: 'individual',
            riskLevel: rated.rating.level,
            hitTypes,
            hits: hitRows.length,
            alertId,
          }),
        );
        await extras.withinTransaction?.(tx, { id: inserted.id, sanadId: inserted.sanadId });
        return { id: inserted.id, isReplay: false };
      });
      return { customer: await detail(db, scope, customerId.id), isReplay: customerId.isReplay };
    } catch (error) {
      // Two submissions with one key on separate connections: the loser's insert hits the unique
      // index after the winner committed; it answers with the winner's customer.
      if (submissionKey && uniqueViolationField(error, { customers_submission_key: 'submissionKey' })) {
        const existing = await findBySubmissionKey(db, dataSegmentId, submissionKey);
        if (existing) return { customer: await detail(db, scope, existing), isReplay: true };
      }
      throw error;
    }
  }

  /**
   * Registers many customers of one segment in one unit of work (a bulk import's chunk of rows):
   * each input becomes exactly the customer register would make (validated against the segment's
   * configuration, deduplicated against the segment and the earlier inputs, screened, rated, its
   * version, hits, alert, notification, audit entries and webhook events), or is refused with the
   * error register would throw. The segment's settings, screening index and risk model are read
   * once, the duplicate keys locked and looked up in one statement each, and the versions,
   * ratings, audit entries and events written in one statement per kind. Inputs with a submission
   * key that already made a customer answer with it (a replay), as register does.
   */
  async function registerMany(
    actor: Actor,
    dataSegmentId: string,
    inputs: readonly TCustomerCreateInput[],
    meta: RequestMeta,
    options: RegisterManyOptions = {},
  ): Promise<ManyOutcome[]> {
    const scope = onlySegment(dataSegmentId);
    const settings = await settingsOf(dataSegmentId);
    const isRestricted = await isRestricting(dataSegmentId, settings);
    const actorRef = { id: actor.userId, name: actor.name };
    const at = clock();
    const refused = new Map<number, AppError>();
    const prepared: {
      index: number;
      submissionKey: string | null;
      record: TCustomerRecord;
      columns: CustomerColumns;
      documentStatuses: ReturnType<typeof documentStatusesOf>;
      documentStatus: ReturnType<typeof riskDocumentStatus>;
    }[] = [];
    for (const [index, input] of inputs.entries()) {
      const record = recordFromInput(input, dataSegmentId, meta.ip, await staffVerification(actor, dataSegmentId, input));
      const errors = configurationErrors(record, settings);
      if (Object.keys(errors).length > 0) {
        refused.set(index, AppError.validation(errors));
        continue;
      }
      prepared.push({
        index,
        submissionKey: input.submissionKey ?? null,
        record,
        columns: columnsOf(record),
        documentStatuses: documentStatusesOf(record, at),
        documentStatus: riskDocumentStatus(record, at),
      });
    }
    // Screening is in memory and runs before the transaction opens, as register's does.
    const queries = prepared.map((item) => screeningQuery(item.record, item.columns));
    const found = screening.screenCustomers
      ? await screening.screenCustomers(dataSegmentId, queries)
      : await Promise.all(queries.map((query) => screening.screenCustomer(dataSegmentId, query)));
    const screened = prepared.map((item, position) => {
      const hitRows = (found[position] ?? []).map(toHitRow);
      return { ...item, hitRows, hitTypes: [...new Set(hitRows.map((hit) => hit.hitType))] };
    });

    return db.transaction(async (tx) => {
      const outcomes = new Map<number, ManyOutcome>();
      for (const [index, error] of refused) outcomes.set(index, { outcome: 'refused', error });
      const keys = screened.flatMap((item) => [
        ...(item.submissionKey ? [`customer-submission:${dataSegmentId}:${item.submissionKey}`] : []),
        ...(isRestricted ? duplicateKeys(dataSegmentId, item.columns) : []),
      ]);
      await lockManyKeys(tx, keys);
      const submitted = await findBySubmissionKeys(
        tx,
        dataSegmentId,
        screened.flatMap((item) => (item.submissionKey ? [item.submissionKey] : [])),
      );
      const stored = isRestricted
        ? await findDuplicates(
            tx,
            dataSegmentId,
            screened.map((item) => item.columns),
          )
        : { byIdNumber: new Map<string, string>(), byNameAndBirth: new Map<string, string>() };
      // The inputs this unit of work accepts count as duplicates for the later inputs: a later one
      // is refused naming the earlier one's Sanad ID, known once the accepted ones are inserted.
      const acceptedById = new Map<string, number>();
      const acceptedByName = new Map<string, number>();
      const accepted: typeof screened = [];
      const refusedAsLater: { index: number; earlier: number; by: DuplicateMatch['by'] }[] = [];
      for (const item of screened) {
        const replayed = item.submissionKey ? submitted.get(item.submissionKey) : undefined;
        if (replayed) {
          outcomes.set(item.index, { outcome: 'created', customerId: replayed, sanadId: '', isReplay: true });
          continue;
        }
        const { idNumberKey, fullNameNormalised, dateOfBirth } = item.columns;
        const nameKey = fullNameNormalised !== '' && dateOfBirth ? `${fullNameNormalised}\n${dateOfBirth}` : null;
        if (isRestricted) {
          // findDuplicate's order: the ID number first, then the name and birth date; stored customers before this chunk's.
          const storedById = idNumberKey ? stored.byIdNumber.get(idNumberKey) : undefined;
          const earlierById = idNumberKey ? acceptedById.get(idNumberKey) : undefined;
          const storedByName = nameKey ? stored.byNameAndBirth.get(nameKey) : undefined;
          const earlierByName = nameKey ? acceptedByName.get(nameKey) : undefined;
          if (storedById) {
            outcomes.set(item.index, { outcome: 'refused', error: duplicateError(actor, { sanadId: storedById, by: 'id-number' }) });
            continue;
          }
          if (earlierById !== undefined) {
            refusedAsLater.push({ index: item.index, earlier: earlierById, by: 'id-number' });
            continue;
          }
          if (storedByName) {
            outcomes.set(item.index, {
              outcome: 'refused',
              error: duplicateError(actor, { sanadId: storedByName, by: 'name-and-birth-date' }),
            });
            continue;
          }
          if (earlierByName !== undefined) {
            refusedAsLater.push({ index: item.index, earlier: earlierByName, by: 'name-and-birth-date' });
            continue;
          }
        }
        if (idNumberKey && !acceptedById.has(idNumberKey)) acceptedById.set(idNumberKey, item.index);
        if (nameKey && !acceptedByName.has(nameKey)) acceptedByName.set(nameKey, item.index);
        accepted.push(item);
      }
      const inserted = await insertCustomerRows(
        tx,
        accepted.map((item) => ({
          dataSegmentId,
          type: 'individual' as const,
          record: item.record,
          columns: item.columns,
          hitTypes: item.hitTypes,
          documentStatuses: item.documentStatuses,
          submissionKey: item.submissionKey,
          createdBy: actorRef,
          source: options.source,
          campaign: null,
        })),
      );
      if (accepted.length > 0) crashPoint?.('after-customer-insert');
      const made = accepted.map((item, position) => {
        const row = inserted[position];
        if (!row) throw new Error('a customer of the chunk was not inserted');
        outcomes.set(item.index, { outcome: 'created', customerId: row.id, sanadId: row.sanadId, isReplay: false });
        return { ...item, ...row };
      });
      const sanadIdOf = new Map(made.map((item) => [item.index, item.sanadId]));
      for (const later of refusedAsLater)
        outcomes.set(later.index, {
          outcome: 'refused',
          error: duplicateError(actor, { sanadId: sanadIdOf.get(later.earlier) ?? '', by: later.by }),
        });
      await insertVersions(
        tx,
        made.map((item) => ({
          dataSegmentId,
          customerId: item.id,
          version: 1,
          action: 'created' as const,
          record: item.record,
          changedFields: ['*'],
          actor: actorRef,
        })),
      );
      for (const item of made) await insertHits(tx, dataSegmentId, item.id, item.hitRows);
      const ratingItems = made.map((item) => ({
        customerId: item.id,
        context: {
          actor: actorRef,
          facts: {
            screeningHits: item.hitRows.map((hit) => ({ hitType: hit.hitType, score: hit.score, determination: 'open' as const })),
            ...(item.documentStatus ? { documentStatus: item.documentStatus } : {}),
          },
          meta: { ip: meta.ip, requestId: meta.requestId },
        },
      }));
      const rated = ratings.rateNewInTransaction
        ? await ratings.rateNewInTransaction(tx, dataSegmentId, ratingItems)
        : await ratingItems.reduce<Promise<Awaited<ReturnType<typeof ratings.rateInTransaction>>[]>>(
            async (done, item) => [...(await done), await ratings.rateInTransaction(tx, scope, item.customerId, item.context)],
            Promise.resolve([]),
          );
      const audits: AuditEvent[] = [];
      const events: WebhookEvent[] = [];
      for (const [position, item] of made.entries()) {
        const level = rated[position]?.rating.level;
        if (!level) throw new Error('a registered customer was not rated');
        const reason = onboardingAlertReason(item.hitRows, level);
        const alertId = reason ? await insertAlert(tx, { dataSegmentId, customerId: item.id, type: 'on boarding', reason }) : null;
        audits.push({
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'registered_customer',
          entityType: 'customer',
          entityId: item.id,
          summary: `Registered customer ${item.sanadId}: ${item.hitRows.length} screening hit${item.hitRows.length === 1 ? '' : 's'}, risk ${level}`,
          details: { sanadId: item.sanadId, hitTypes: item.hitTypes, hits: item.hitRows.length, riskLevel: level, alertId },
        });
        if (alertId && reason) {
          audits.push({
            dataSegmentId,
            source: auditSource(actor, meta),
            module: 'alerts',
            action: 'raised_onboarding_alert',
            entityType: 'alert',
            entityId: alertId,
            summary: `On-boarding alert for ${item.sanadId}: ${reason}`,
            details: { customerId: item.id, sanadId: item.sanadId },
          });
          await notifyUsers(tx, {
            dataSegmentId,
            permission: 'view-alerts',
            exceptUserIds: [actor.userId],
            title: 'On-boarding alert raised',
            description: `${item.sanadId} (${item.columns.fullName}) needs review: ${reason}.`,
            icon: 'alert',
          });
        }
        events.push(
          ...registrationEvents({
            dataSegmentId,
            customerId: item.id,
            sanadId: item.sanadId,
            customerType: 'individual',
            riskLevel: level,
            hitTypes: item.hitTypes,
            hits: item.hitRows.length,
            alertId,
          }),
        );
      }
      await appendAudits(tx, audits);
      if (events.length > 0) await webhookEvents?.emit(tx, events);
      const ordered = inputs.map((_, index) => {
        const outcome = outcomes.get(index);
        if (!outcome) throw new Error(`input ${index} has no outcome`);
        return outcome;
      });
      await options.withinTransaction?.(tx, ordered);
      return ordered;
    });
  }

  /**
   * Edit profile: the record as the edit steps submit it becomes the next version when anything
   * changed. The edit must quote the version it started from; a customer changed since is refused
   * (409), so two officers never overwrite each other unseen. Re-screening replaces the hits nobody
   * has decided and keeps the decided ones (an entity remembered as not relevant raises nothing
   * unless the list changed it); the re-rating clears a manual overwrite (the facts it
   * judged have changed); an alert is raised when the result calls for review and none is open.
   */
  async function update(
    actor: Actor,
    id: string,
    input: TCustomerUpdateInput,
    meta: RequestMeta,
  ): Promise<{ customer: TCustomerDetail; isChanged: boolean }> {
    const current = await findCustomer(db, actor.segments, id);
    if (!current) throw AppError.notFound();
    if (current.version !== input.version) throw AppError.conflict('version', CUSTOMER_MESSAGES.staleVersion(current.version));
    const dataSegmentId = current.dataSegmentId;
    const scope = onlySegment(dataSegmentId);
    const stored = current.record as unknown as Record<string, unknown>;
    const edited = editedRecord(stored, input);
    // A new clip brings the server's verdict on it; the stored verdicts stay with the stored clip.
    const newClip = edited.documentInfo?.video?.fileName;
    const isNewClip = newClip !== undefined && newClip !== current.record.documentInfo?.video?.fileName;
    const record: TCustomerRecord = isNewClip
      ? { ...edited, verificationStatus: await staffVerification(actor, dataSegmentId, edited) }
      : edited;
    const changed = changedPaths(stored, record);
    if (changed.length === 0) return { customer: await detail(db, actor.segments, id), isChanged: false };

    const settings = await settingsOf(dataSegmentId);
    refuseByConfiguration(record, settings);
    const columns = columnsOf(record);
    const documentStatuses = documentStatusesOf(record, clock());
    const documentStatus = riskDocumentStatus(record, clock());
    const found = await screening.screenCustomer(dataSegmentId, screeningQuery(record, columns));
    const screened = found.map(toHitRow);
    const isRestricted = await isRestricting(dataSegmentId, settings);
    const actorRef = { id: actor.userId, name: actor.name };

    await db.transaction(async (tx) => {
      if (isRestricted) await lockKeys(tx, duplicateKeys(dataSegmentId, columns));
      const locked = await lockCustomer(tx, scope, id);
      if (!locked) throw AppError.notFound();
      // Another edit may have committed between the read above and this lock.
      if (locked.version !== input.version) throw AppError.conflict('version', CUSTOMER_MESSAGES.staleVersion(locked.version));
      if (isRestricted) await refuseDuplicate(tx, actor, dataSegmentId, columns, id);

      // Decided hits are kept; a remembered 'not relevant' entity listed as it was raises nothing.
      const merged = mergeScreening(await listDecidedHitRows(tx, id), await listRememberedDecisions(tx, id), screened);
      const { fresh, facts: kept, hitTypes } = merged;
      const version = locked.version + 1;

      await updateCustomerRow(tx, id, { record, columns, hitTypes, documentStatuses, version });
      crashPoint?.('after-customer-update');
      await insertVersion(tx, {
        dataSegmentId,
        customerId: id,
        version,
        action: 'edited',
        record,
        changedFields: changed,
        actor: actorRef,
      });
      await deleteOpenHits(tx, id);
      await deleteHitsById(tx, id, merged.reopenedHitIds);
      await forgetDecisions(tx, id, merged.staleDecisions);
      await insertHits(tx, dataSegmentId, id, fresh);
      const rated = await ratings.rateInTransaction(tx, scope, id, {
        actor: actorRef,
        facts: { screeningHits: kept, ...(documentStatus ? { documentStatus } : {}) },
        clearManualOverwrite: true,
        meta: { ip: meta.ip, requestId: meta.requestId },
      });
      // Decided hits have had their review; what is new since is what calls for another.
      const reason = onboardingAlertReason(fresh, rated.rating.level);
      const alertId =
        reason && !(await hasOpenAlert(tx, id))
          ? await insertAlert(tx, { dataSegmentId, customerId: id, type: 'triggered', reason: `Profile edited: ${reason}` })
          : null;
      await appendAudit(tx, {
        dataSegmentId,
        source: auditSource(actor, meta),
        module: 'customers',
        action: 'edited_customer',
        entityType: 'customer',
        entityId: id,
        summary: `Edited customer ${locked.sanadId} (version ${version}): ${changed.join(', ')}`,
        details: { sanadId: locked.sanadId, version, changedFields: changed, hits: fresh.length, riskLevel: rated.rating.level, alertId },
      });
      if (alertId && reason) {
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'alerts',
          action: 'raised_triggered_alert',
          entityType: 'alert',
          entityId: alertId,
          summary: `Alert for ${locked.sanadId} after a profile edit: ${reason}`,
          details: { customerId: id, sanadId: locked.sanadId },
        });
        await notifyUsers(tx, {
          dataSegmentId,
          permission: 'view-alerts',
          exceptUserIds: [actor.userId],
          title: 'Alert raised after a profile edit',
          description: `${locked.sanadId} (${columns.fullName}) needs review: ${reason}.`,
          icon: 'alert',
        });
      }
    });
    return { customer: await detail(db, actor.segments, id), isChanged: true };
  }

  /**
   * Documents a customer sent through a document-upload link, in the caller's transaction (see
   * onboarding-links/document-upload.service.ts): merged into documentInfo, a renewed identity
   * document's expiry date into identityInfo, kept as the next version. The document tags are
   * recomputed, so a renewed document clears 'Documents nearing expiry'. Null when the customer is
   * not in the segment.
   */
  async function attachDocumentsInTransaction(
    tx: Queryable,
    dataSegmentId: string,
    customerId: string,
    input: { documentInfo: Partial<TDocumentInfo>; identityExpiryDate?: string | undefined },
  ): Promise<{ sanadId: string; fullName: string; version: number; changedFields: string[] } | null> {
    const locked = await lockCustomer(tx, onlySegment(dataSegmentId), customerId);
    if (!locked) return null;
    const stored = locked.record as TCustomerRecord;
    const record: TCustomerRecord = { ...stored, documentInfo: { ...stored.documentInfo, ...input.documentInfo } };
    if (input.identityExpiryDate) {
      const identity = { ...stored.identityInfo };
      // The expiry the record already keeps is the one replaced: the card's, else the passport's.
      if (!identity.expiryDate && identity.passport?.expiryDate)
        identity.passport = { ...identity.passport, expiryDate: input.identityExpiryDate };
      else identity.expiryDate = input.identityExpiryDate;
      record.identityInfo = identity;
    }
    const changedFields = changedPaths(stored, record);
    const columns = columnsOf(record);
    const version = locked.version + 1;
    await updateCustomerDocuments(tx, customerId, {
      record,
      documentExpiryDate: columns.documentExpiryDate,
      documentStatuses: documentStatusesOf(record, clock()),
      version,
    });
    await insertVersion(tx, {
      dataSegmentId,
      customerId,
      version,
      action: 'edited',
      record,
      changedFields,
      actor: { id: null, name: 'the customer (document-upload link)' },
    });
    return { sanadId: locked.sanadId, fullName: columns.fullName, version, changedFields };
  }

  return {
    register,
    /**
     * The customer's own registration through their link, in the link's segment (see
     * deep-register.service.ts). A customer who registers through a link is onboarded remotely
     * whatever the submission says: the face-to-face flag lowers the risk rating, so only staff set it.
     */
    registerThroughLink: (dataSegmentId: string, input: TCustomerCreateInput, meta: RequestMeta, extras: RegisterExtras) =>
      registerIn({ actor: null }, dataSegmentId, { ...input, accountInfo: { ...input.accountInfo, isf2f: false } }, meta, extras),
    update,
    attachDocumentsInTransaction,

    list(actor: Actor, query: TCustomerListQuery): Promise<Page<TCustomerListItem>> {
      return listCustomers(db, actor.segments, targetSegment(actor, query.dataSegmentId), query);
    },

    /** A cursor page of the list (the public API): the customers after `afterId`, newest first. */
    listAfter(actor: Actor, query: TCustomerListQuery, afterId: string | null, limit: number): Promise<TCustomerListItem[]> {
      return listCustomersAfter(db, actor.segments, targetSegment(actor, query.dataSegmentId), query, afterId, limit);
    },

    /** A registration through the public API, in the key's segment; the audit names the request, there is no user. */
    registerMany,

    registerThroughApi: (dataSegmentId: string, input: TCustomerCreateInput, meta: RequestMeta) =>
      registerIn({ actor: null }, dataSegmentId, input, meta, { source: 'api' }),

    get: (actor: Actor, id: string): Promise<TCustomerDetail> => detail(db, actor.segments, id),

    /**
     * Sets the KYC status inside the caller's transaction: the alert review's final decision is the
     * only change of it, committed with the alert, its log and the audit entry. False when the
     * customer is not in the scope.
     */
    setKycStatusInTransaction: (tx: Queryable, scope: TenantScope, id: string, kycStatus: TKycStatus): Promise<boolean> =>
      updateKycStatus(tx, scope, id, kycStatus),

    async versions(actor: Actor, id: string, query: TListQuery): Promise<Page<TCustomerVersion>> {
      const customer = await findCustomer(db, actor.segments, id);
      if (!customer) throw AppError.notFound();
      const page = await listVersions(db, id, query);
      return { ...page, rows: page.rows.map((version) => ({ ...version, record: readableRecord(version.record) })) };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
