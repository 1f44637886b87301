import { z } from 'zod';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { CUSTOMER_TYPES, KYC_STATUSES, ZCustomerSource } from './customers';
import { ZDay } from './day-range';
import { ZListQuery } from './http';
import { REGISTRATION_STEP_NAMES } from './registration-steps';
import { DEEP_LINK_CHANNELS } from './temp-customers';

/*
 * Customer statistics (/insights/customer-statistics) and the verification tracker
 * (/insights/sanad-verification-tracker). What each widget counts is decided in
 * docs/decisions/insights.md.
 */

/** Which customers the statistics count by their record status; all by default (archived ones were onboarded too). */
export const STATISTICS_STATUSES = ['all', 'active', 'archived'] as const;

/**
 * The customers the statistics describe: those created in a range of local days (at most a year),
 * narrowed by the filters; every widget counts the same customers.
 */
export const ZCustomerStatisticsQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  kycStatus: z.enum(KYC_STATUSES, { error: 'kycStatus must be pending, approved or rejected' }).optional(),
  riskLevel: z.enum(RISK_LEVELS, { error: 'riskLevel must be low, medium, high or sanction' }).optional(),
  source: ZCustomerSource.optional(),
  type: z.enum(CUSTOMER_TYPES, { error: 'type must be individual or company' }).optional(),
  status: z.enum(STATISTICS_STATUSES, { error: 'status must be all, active or archived' }).optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TCustomerStatisticsQuery = z.infer<typeof ZCustomerStatisticsQuery>;

export const STATISTICS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZCustomerStatisticsExportQuery = ZCustomerStatisticsQuery.extend({
  format: z.enum(STATISTICS_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
});
export type TCustomerStatisticsExportQuery = z.infer<typeof ZCustomerStatisticsExportQuery>;

/** One bar of a breakdown: the stored code (or a bucket such as 'unrated' or 'other'), its label and its count. */
export const ZStatisticsBucket = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type TStatisticsBucket = z.infer<typeof ZStatisticsBucket>;

/** Nationalities shown by name; the rest are added up as 'Other'. */
export const NATIONALITY_TOP = 10;

export const ZCustomerStatistics = z.object({
  from: ZDay,
  to: ZDay,
  totals: z.object({
    customers: z.number().int(),
    individuals: z.number().int(),
    companies: z.number().int(),
    archived: z.number().int(),
    withHits: z.number().int(),
  }),
  byKycStatus: z.array(ZStatisticsBucket),
  byRiskLevel: z.array(ZStatisticsBucket),
  byHitType: z.array(ZStatisticsBucket),
  byNationality: z.array(ZStatisticsBucket),
  byProduct: z.array(ZStatisticsBucket),
  bySource: z.array(ZStatisticsBucket),
  /** New customers per local day, every day of the range (YYYY-MM-DD), zero days included. */
  days: z.array(z.object({ date: ZDay, individuals: z.number().int(), companies: z.number().int() })),
});
export type TCustomerStatistics = z.infer<typeof ZCustomerStatistics>;

/* ------------------------------------------------------------------ verification tracker */

/**
 * Where a journey stands: not opened yet, at one of the seven registration steps (the furthest it may
 * open), or completed.
 */
export const TRACKER_STAGES = ['not-opened', ...REGISTRATION_STEP_NAMES, 'completed'] as const;
export type TTrackerStage = (typeof TRACKER_STAGES)[number];

/** A journey in flight whose link ends within this many hours is 'expiring soon'. */
export const TRACKER_EXPIRING_HOURS = 48;

export const ZVerificationTrackerQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TVerificationTrackerQuery = z.infer<typeof ZVerificationTrackerQuery>;

export const ZTrackerStage = z.object({
  stage: z.enum(TRACKER_STAGES),
  label: z.string(),
  /** Journeys of the range that got at least this far. */
  reached: z.number().int(),
  /** Journeys still in flight that are here now. */
  inFlight: z.number().int(),
  /** Journeys whose link expired or was revoked here. */
  droppedOff: z.number().int(),
});
export type TTrackerStageRow = z.infer<typeof ZTrackerStage>;

export const ZVerificationTracker = z.object({
  from: ZDay,
  to: ZDay,
  /** Journeys whose link was first sent in the range, by where they stand now. */
  totals: z.object({
    sent: z.number().int(),
    inFlight: z.number().int(),
    completed: z.number().int(),
    expired: z.number().int(),
    revoked: z.number().int(),
  }),
  stages: z.array(ZTrackerStage),
  /** From the first sending of the link to the completed registration, for journeys of the range completed. */
  timeToComplete: z.object({
    completed: z.number().int(),
    medianSeconds: z.number().nullable(),
    p90Seconds: z.number().nullable(),
  }),
  /** Now, whatever the range: journeys in flight, and those whose link ends within TRACKER_EXPIRING_HOURS. */
  now: z.object({ inFlight: z.number().int(), expiringSoon: z.number().int() }),
});
export type TVerificationTracker = z.infer<typeof ZVerificationTracker>;

export const ZTrackerJourneyQuery = ZListQuery.extend({
  step: z.enum(TRACKER_STAGES, { error: 'Unknown step' }).optional(),
  /** 'true': only journeys whose link ends within TRACKER_EXPIRING_HOURS. */
  expiringSoon: z.enum(['true', 'false'], { error: 'expiringSoon must be true or false' }).optional(),
});
export type TTrackerJourneyQuery = z.infer<typeof ZTrackerJourneyQuery>;

/** One journey in flight: a temp customer whose link is live and whose registration is not complete. */
export const ZTrackerJourney = z.object({
  _id: z.string(),
  fullName: z.string(),
  channel: z.enum(DEEP_LINK_CHANNELS),
  stage: z.enum(TRACKER_STAGES),
  sentCount: z.number().int(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  openedAt: z.string().nullable(),
  progressedAt: z.string().nullable(),
  expiresAt: z.string(),
  isExpiringSoon: z.boolean(),
  createdByName: z.string(),
});
export type TTrackerJourney = z.infer<typeof ZTrackerJourney>;
