/**
 * The customer record: registration (the staff-assisted self-register's last step), the customer
 * list, one customer and its versions. Registration is one unit of work: the customer, its first
 * version, its screening hits, its risk rating, the on-boarding alert, the staff notification and
 * the audit entries commit together or not at all.
 */
import {
  CUSTOMER_MESSAGES,
  type TCustomerCreateInput,
  type TCustomerDetail,
  type TCustomerListItem,
  type TCustomerListQuery,
  type TCustomerRecord,
  type TCustomerVersion,
} from '@sanad/contracts/customers';
import type { TListQuery } from '@sanad/contracts/http';
import { HIT_TYPE_LABELS, type THitType } from '@sanad/contracts/screening';
import { statusBadge } from '@sanad/contracts/status-labels';
import type { RiskLevel } from '@sanad/risk/risk-level';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { TenantScope } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { notifyUsers } from '../notifications/notification.events';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import type { CustomerScreeningHit, ScreeningService } from '../screening/screening.service';
import { columnsOf, readableRecord } from './customer-facts';
import {
  findBySubmissionKey,
  findCustomer,
  findDuplicate,
  insertAlert,
  insertCustomerRow,
  insertHits,
  insertVersion,
  listAlerts,
  listCustomers,
  listHits,
  listVersions,
  lockKeys,
  type NewHitRow,
} from './customer.repository';

/** Risk levels that need a compliance review before the customer is accepted. */
const REVIEW_LEVELS: ReadonlySet<RiskLevel> = new Set(['high', 'sanction']);

export interface CustomerServiceDeps {
  db: Database;
  screening: Pick<ScreeningService, 'screenCustomer'>;
  ratings: Pick<CustomerRatingService, 'rateInTransaction'>;
  /**
   * Whether the segment refuses a second customer with the same ID number or the same name and
   * birth date. The onboarding configuration (a later issue) will answer per segment; until then
   * every segment restricts duplicates.
   */
  restrictsDuplicates?: (dataSegmentId: string) => Promise<boolean>;
  /** Tests stop a registration here, after the customer row is written, to prove nothing is left. */
  crashPoint?: (step: 'after-customer-insert') => void;
}

export interface RegisterResult {
  customer: TCustomerDetail;
  /** True when the submission key had already created this customer (nothing new was stored). */
  isReplay: boolean;
}

/** The record as stored: what staff entered, with the server-set sections. */
function recordFromInput(input: TCustomerCreateInput, dataSegmentId: string): TCustomerRecord {
  const { submissionKey: _key, dataSegmentId: _segment, ...sections } = input;
  return {
    ...sections,
    type: 'individual',
    dataSegmentId,
    verificationStatus: { liveness: 'pending', face: 'pending' },
    customerVerificationStatus: { nadra: 'pending', criminalRecord: 'pending' },
  };
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

async function detail(target: Queryable, scope: TenantScope, id: string): Promise<TCustomerDetail> {
  const row = await findCustomer(target, scope, id);
  if (!row) throw AppError.notFound();
  const [hits, alerts] = await Promise.all([listHits(target, id), listAlerts(target, id)]);
  return { ...row, record: readableRecord(row.record), hits, alerts };
}

async function refuseDuplicate(tx: Queryable, actor: Actor, dataSegmentId: string, columns: ReturnType<typeof columnsOf>): Promise<void> {
  const match = await findDuplicate(tx, dataSegmentId, columns);
  if (!match) return;
  // Only someone who may open customer profiles learns which customer it is.
  const canSee = actor.permissions.has('view-customer-profile');
  if (match.by === 'id-number')
    throw AppError.conflict(
      'identityInfo.number',
      canSee ? CUSTOMER_MESSAGES.duplicateIdNumber(match.sanadId) : CUSTOMER_MESSAGES.duplicateHidden,
    );
  throw AppError.conflict(
    'basicInfo.dateOfBirth',
    canSee ? CUSTOMER_MESSAGES.duplicateNameAndBirth(match.sanadId) : CUSTOMER_MESSAGES.duplicateHidden,
  );
}

export function createCustomerService({ db, screening, ratings, restrictsDuplicates, crashPoint }: CustomerServiceDeps) {
  async function register(actor: Actor, input: TCustomerCreateInput, meta: RequestMeta): Promise<RegisterResult> {
    const dataSegmentId = targetSegment(actor, input.dataSegmentId);
    const scope = onlySegment(dataSegmentId);
    const submissionKey = input.submissionKey ?? null;
    if (submissionKey) {
      const existing = await findBySubmissionKey(db, dataSegmentId, submissionKey);
      if (existing) return { customer: await detail(db, scope, existing), isReplay: true };
    }

    const record = recordFromInput(input, dataSegmentId);
    const columns = columnsOf(record);
    // Screening reads the lists and is the slow part: it runs before the transaction opens, so the
    // locks below are held only for the writes.
    const found = await screening.screenCustomer(dataSegmentId, {
      name: columns.fullName,
      type: 'person',
      ...(columns.dateOfBirth ? { dob: columns.dateOfBirth } : {}),
      ...(columns.nationalityId ? { nationality: columns.nationalityId } : {}),
      ...(columns.countryOfResidenceId ? { country: columns.countryOfResidenceId } : {}),
      ...(record.basicInfo?.gender ? { gender: record.basicInfo.gender } : {}),
      ...(record.basicInfo?.fatherName ? { fatherName: record.basicInfo.fatherName } : {}),
      ...(columns.idNumber ? { idNumber: columns.idNumber } : {}),
    });
    const hitRows = found.map(toHitRow);
    const hitTypes = [...new Set(hitRows.map((hit) => hit.hitType))];
    const isRestricted = restrictsDuplicates ? await restrictsDuplicates(dataSegmentId) : true;
    const actorRef = { id: actor.userId, name: actor.name };

    try {
      const customerId = await db.transaction(async (tx) => {
        const keys = [`customer-submission:${dataSegmentId}:${submissionKey ?? ''}`];
        if (isRestricted) {
          if (columns.idNumberKey) keys.push(`customer-id-number:${dataSegmentId}:${columns.idNumberKey}`);
          keys.push(`customer-name-birth:${dataSegmentId}:${columns.fullNameNormalised}:${columns.dateOfBirth ?? ''}`);
        }
        await lockKeys(tx, submissionKey ? keys : keys.slice(1));
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
          submissionKey,
          createdBy: actorRef,
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
          facts: { screeningHits: hitRows.map((hit) => ({ hitType: hit.hitType, score: hit.score, determination: 'open' })) },
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
            exceptUserIds: [actor.userId],
            title: 'On-boarding alert raised',
            description: `${inserted.sanadId} (${columns.fullName}) needs review: ${reason}.`,
            icon: 'alert',
          });
        }
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

  return {
    register,

    list(actor: Actor, query: TCustomerListQuery): Promise<Page<TCustomerListItem>> {
      return listCustomers(db, actor.segments, targetSegment(actor, query.dataSegmentId), query);
    },

    get: (actor: Actor, id: string): Promise<TCustomerDetail> => detail(db, actor.segments, id),

    async versions(actor: Actor, id: string, query: TListQuery): Promise<Page<TCustomerVersion>> {
      const customer = await findCustomer(db, actor.segments, id);
      if (!customer) throw AppError.notFound();
      const page = await listVersions(db, id, query);
      return { ...page, rows: page.rows.map((version) => ({ ...version, record: readableRecord(version.record) })) };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
