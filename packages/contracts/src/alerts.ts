/**
 * Alerts and their review. An alert names a customer, why it was raised and its indicators; it is
 * reviewed by a chain of three people: a maker proposes approve or reject with a reason, a checker
 * confirms the proposal or returns it to the maker, and an approver takes the final decision (or
 * returns it). The final decision sets the customer's KYC status. A reviewer locks the alert while
 * working on it (initiate review) and releases it by submitting or cancelling; the unlock-alerts
 * permission releases someone else's lock.
 */
import { z } from 'zod';
import { ALERT_TYPES, ZKycStatus, type TDocumentStatus } from './customers';
import { ZListQuery } from './http';
import { ZRiskLevel } from './risk-rating';
import { HIT_TYPES, ZHitType, type THitType } from './screening';
import { safeString } from './safe-text';
import { getStatusReviewRole } from './permissions';

export { ALERT_TYPES };
export const ZAlertType = z.enum(ALERT_TYPES, { error: 'type must be on boarding, triggered, periodic, manual or expiry' });
export type TAlertType = z.infer<typeof ZAlertType>;

/** The review levels, in the order an alert passes them. */
export const REVIEW_LEVELS = ['maker', 'checker', 'approver'] as const;
export type TReviewLevel = (typeof REVIEW_LEVELS)[number];
/** Whose turn it is; 'decided' once the approver has closed the alert. */
export const ALERT_STAGES = [...REVIEW_LEVELS, 'decided'] as const;
export type TAlertStage = (typeof ALERT_STAGES)[number];

/**
 * The review level of a user: the first of maker, checker, approver, unlock-alerts in the scopes.
 * unlock-alerts alone is no review level (it only releases locks), so it answers null.
 */
export function reviewLevelOf(scopes: readonly string[]): TReviewLevel | null {
  const role = getStatusReviewRole(scopes);
  return role === 'maker' || role === 'checker' || role === 'approver' ? role : null;
}

/**
 * The alert's status as lists show it (one word per situation), derived from state, stage and the
 * return flag: waiting for the maker, returned to the maker, waiting for the checker, waiting for
 * the approver, then approved or rejected.
 */
export const ALERT_STATUSES = ['open', 'return-alert', 'pending-checker', 'pending-approver', 'approved', 'rejected'] as const;
export const ZAlertStatus = z.enum(ALERT_STATUSES, {
  error: `status must be one of ${ALERT_STATUSES.join(', ')}`,
});
export type TAlertStatus = z.infer<typeof ZAlertStatus>;
export const ALERT_STATUS_LABELS: Record<TAlertStatus, string> = {
  open: 'Open',
  'return-alert': 'Returned',
  'pending-checker': 'Awaiting checker',
  'pending-approver': 'Awaiting approver',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Every indicator an alert can carry (hit types, risk levels, document and review flags). */
export const ALERT_INDICATORS = [
  ...HIT_TYPES,
  'high',
  'medium',
  'low',
  'mis_matched',
  'expired',
  'expiredIn',
  'periodic_review_due',
] as const;
export const ZAlertIndicator = z.enum(ALERT_INDICATORS, { error: `indicator must be one of ${ALERT_INDICATORS.join(', ')}` });
export type TAlertIndicator = z.infer<typeof ZAlertIndicator>;
export const ALERT_INDICATOR_LABELS: Record<TAlertIndicator, string> = {
  pep: 'PEP',
  enforcement: 'Enforcement',
  blackList: 'Black-list',
  sanction: 'Sanction',
  high: 'High risk',
  medium: 'Medium risk',
  low: 'Low risk',
  mis_matched: 'Documents mismatched',
  expired: 'Document expired',
  expiredIn: 'Document nearing expiry',
  periodic_review_due: 'Periodic review due',
};

/**
 * The indicators of an alert raised for a customer: its hit types, its risk level (sanction is
 * already a hit type's indicator), and its document flags.
 */
export function alertIndicatorsOf(facts: {
  hitTypes: readonly THitType[];
  riskLevel: string | null;
  documentStatuses: readonly TDocumentStatus[];
}): TAlertIndicator[] {
  const found = new Set<TAlertIndicator>(facts.hitTypes);
  if (facts.riskLevel === 'sanction') found.add('sanction');
  else if (facts.riskLevel === 'high' || facts.riskLevel === 'medium' || facts.riskLevel === 'low') found.add(facts.riskLevel);
  if (facts.documentStatuses.includes('Documents mismatched')) found.add('mis_matched');
  if (facts.documentStatuses.includes('Documents nearing expiry')) found.add('expiredIn');
  return ALERT_INDICATORS.filter((indicator) => found.has(indicator));
}

/** The steps an alert log records. */
export const ALERT_LOG_ACTIONS = [
  'raised',
  'created alert',
  'lock',
  'approve',
  'reject',
  'confirm',
  'return',
  'cancel review',
  'unlock',
] as const;
export type TAlertLogAction = (typeof ALERT_LOG_ACTIONS)[number];

export const ZAlertLogEntry = z.object({
  _id: z.string(),
  action: z.enum(ALERT_LOG_ACTIONS),
  level: z.enum(REVIEW_LEVELS).nullable(),
  reason: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
});
export type TAlertLogEntry = z.infer<typeof ZAlertLogEntry>;

const ZPerson = z.object({ _id: z.string(), name: z.string() });

/** One level's latest decision. */
export const ZLevelDecision = z.object({
  decision: z.string(),
  reason: z.string(),
  by: ZPerson,
  at: z.string(),
});
export type TLevelDecision = z.infer<typeof ZLevelDecision>;

/** One row of the alert list. */
export const ZAlertListItem = z.object({
  _id: z.string(),
  dataSegmentId: z.string(),
  type: ZAlertType,
  reason: z.string(),
  state: z.enum(['open', 'closed']),
  stage: z.enum(ALERT_STAGES),
  status: ZAlertStatus,
  isReturned: z.boolean(),
  decision: z.enum(['approved', 'rejected']).nullable(),
  indicators: z.array(z.string()),
  lockedBy: ZPerson.nullable(),
  lockedAt: z.string().nullable(),
  customer: z.object({
    _id: z.string(),
    sanadId: z.string(),
    fullName: z.string(),
    kycStatus: ZKycStatus,
    riskLevel: ZRiskLevel.nullable(),
  }),
  createdBy: ZPerson.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the review should be finished: raised plus the segment's SLA for the type; null without an SLA. */
  dueAt: z.string().nullable(),
  /** Open and past its due time. */
  isOverdue: z.boolean(),
});
export type TAlertListItem = z.infer<typeof ZAlertListItem>;

/** A screening hit as the alert shows it: why the alert was raised. */
export const ZAlertHit = z.object({
  _id: z.string(),
  fullName: z.string(),
  hitType: ZHitType,
  score: z.number(),
  sourceList: z.string(),
  hitDetermination: z.string(),
  /** The listed entity was removed from its list since; the hit stays until a reviewer decides it. */
  isDelisted: z.boolean(),
});

/** One listed entity a list change matched, and why it raised the alert. */
export const ZAlertTriggerEntity = z.object({
  entityId: z.string(),
  name: z.string(),
  hitType: ZHitType,
  score: z.number(),
  /** The open hit's score before the change ('stronger' only). */
  previousScore: z.number().nullable(),
  /** What the list did to the entity. */
  change: z.enum(['added', 'changed']),
  /** The entity's fields that changed ('changed' only). */
  fields: z.array(z.string()),
  /** new: no hit before; stronger: a higher score or a more severe type; reopened: it was marked not relevant, and has changed since. */
  outcome: z.enum(['new', 'stronger', 'reopened']),
});

/** Why the system raised a triggered, periodic or expiry alert. */
export const ZAlertTrigger = z.object({
  kind: z.enum(['list-change', 'periodic', 'document-expiry']),
  listKey: z.string().nullable(),
  listTitle: z.string().nullable(),
  versionNo: z.number().int().nullable(),
  entities: z.array(ZAlertTriggerEntity),
  /** The periodic review date that fell due. */
  dueDate: z.string().nullable(),
  /** The identity document's expiry date, and whether it had passed when the alert was raised (expiry alerts). */
  expiryDate: z.string().nullable().optional(),
  isExpired: z.boolean().optional(),
});
export type TAlertTrigger = z.infer<typeof ZAlertTrigger>;

/** One alert: the list row, each level's decision, the customer's hits and the log. */
export const ZAlertDetail = ZAlertListItem.extend({
  maker: ZLevelDecision.nullable(),
  checker: ZLevelDecision.nullable(),
  approver: ZLevelDecision.nullable(),
  hits: z.array(ZAlertHit),
  /** Why a triggered, periodic or expiry alert was raised; null for on boarding and manual alerts. */
  trigger: ZAlertTrigger.nullable(),
  log: z.array(ZAlertLogEntry),
});
export type TAlertDetail = z.infer<typeof ZAlertDetail>;

export const ALERT_SORTABLE = ['createdAt', 'updatedAt', 'type', 'status', 'fullName', 'sanadId'] as const;

const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part])),
    z.array(item).max(12).optional(),
  );

/**
 * GET alerts/: the common list query (page, size, keyword over the customer's name and Sanad ID,
 * sort) and the filters: type, status, indicator, assignee (the reviewer holding the lock, or
 * 'me', or 'none' for unlocked alerts) and age (raised at least this many days ago).
 */
export const ZAlertListQuery = ZListQuery.extend({
  sortBy: z.enum(ALERT_SORTABLE, { error: `sortBy must be one of ${ALERT_SORTABLE.join(', ')}` }).optional(),
  type: queryList(ZAlertType),
  status: queryList(ZAlertStatus),
  indicator: queryList(ZAlertIndicator),
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid({ error: 'assignee must be me, none or a user id' })]).optional(),
  minAgeDays: z.coerce.number({ error: 'minAgeDays must be a number of days' }).int().min(0).max(3650).optional(),
  customerId: z.uuid({ error: 'customerId must be a customer id' }).optional(),
  /** 'true': only open alerts past their SLA due time. */
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false' }).optional(),
});
export type TAlertListQuery = z.infer<typeof ZAlertListQuery>;

const reasonText = (label: string) =>
  safeString().trim().min(1, `${label} is required`).max(1000, `${label} must be at most 1000 characters`);

/** The decisions each level may submit. */
export const LEVEL_DECISIONS = {
  maker: ['approved', 'rejected'],
  checker: ['confirmed', 'returned'],
  approver: ['approved', 'rejected', 'returned'],
} as const satisfies Record<TReviewLevel, readonly string[]>;
export const REVIEW_DECISIONS = ['approved', 'rejected', 'confirmed', 'returned'] as const;

/** PUT alerts/kyc-status-review/:id: the decision at the caller's level and why. */
export const ZKycStatusReviewInput = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: 'decision must be approved, rejected, confirmed or returned' }),
  reason: reasonText('Reason'),
});
export type TKycStatusReviewInput = z.infer<typeof ZKycStatusReviewInput>;

/** POST alerts/: a manual alert on one customer. */
export const ZManualAlertInput = z.object({
  customerId: z.uuid({ error: 'Choose a customer' }),
  reason: reasonText('Reason'),
});
export type TManualAlertInput = z.infer<typeof ZManualAlertInput>;

/** The number of open alerts of the active segment (the header menu's count badge). */
export const ZAlertCount = z.object({ open: z.number().int(), awaitingMe: z.number().int() });
export type TAlertCount = z.infer<typeof ZAlertCount>;

export const ALERT_MESSAGES = {
  listed: 'Alerts',
  found: 'Alert details',
  counted: 'Alert counts',
  initiated: 'Review has been initiated successfully',
  submitted: 'Review has been submitted successfully',
  cancelled: 'Review has been cancelled successfully',
  unlocked: 'Alert has been unlocked successfully',
  created: 'Alert has been created successfully',
  /** What the web app shows when a failed action gives neither an error nor a message. */
  fallback: 'There is something wrong',
  noReviewRole: 'You need the maker, checker or approver role to review alerts',
  closed: 'This alert has already been decided',
  lockedByOther: (name: string) => `This alert is locked by ${name}; wait until the review ends or ask someone who may unlock alerts`,
  lockedBySelf: 'You have already initiated the review of this alert',
  notLockedByYou: 'Initiate the review of this alert first',
  notLocked: 'This alert is not locked',
  notYourLevel: (stage: TReviewLevel) => `This alert is waiting for the ${stage}'s review`,
  actedAtOtherLevel: (level: TReviewLevel) =>
    `You have already acted on this alert as ${level}; another person must review it at this level`,
  decisionNotAllowed: (level: TReviewLevel) => `As ${level} you may decide ${LEVEL_DECISIONS[level].join(' or ')}`,
  customerHasOpenAlert: 'This customer already has an open alert; review it instead',
} as const;
