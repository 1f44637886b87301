/**
 * What the engine knows about one customer or company: plain values, already mapped to factor value
 * codes (see facts-from-record.ts for the mapping from the registration record). An absent field or
 * an empty string is a missing fact; each factor's `missing` setting says what that costs. Codes are
 * expected trimmed (the schema and the record mapping trim them).
 */
import { z } from 'zod';
import { HIT_TYPES, SUBJECT_TYPES } from './risk-factor.schema';

/** The record's pepDeclaration answers; each answered 'yes' is a PEP factor value of the same code. */
export const PEP_QUESTIONS = [
  'anyPublicPos',
  'posLastTwoMonths',
  'everPublicPosition',
  'diplomaticImmunity',
  'relativeTwelveMonths',
  'closeAssociateTwelveMonths',
  'conviction',
  'other',
] as const;
export type PepQuestion = (typeof PEP_QUESTIONS)[number];

/** The PEP factor value scored when every answer given is 'no'. */
export const PEP_NONE_CODE = 'none';

/** The company-registry flags the record carries at top level. */
export const REGISTRY_FLAGS = [
  'hasInsolvencyHistory',
  'undeliverableRegisteredOfficeAddress',
  'confirmationStatementOverdue',
  'accountsOverdue',
  'registeredOfficeIsInDispute',
] as const;
export type RegistryFlag = (typeof REGISTRY_FLAGS)[number];

/** The document status tags (Document Matched, Documents nearing expiry, Documents mismatched) plus expired. */
export const DOCUMENT_STATUSES = ['matched', 'nearing-expiry', 'expired', 'mismatched'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * open: not yet reviewed, scored by its match score. genuine: confirmed ('Hit or Genuine'), scored at
 * the top band of its type. false-positive: reviewed as not relevant, ignored.
 */
export const HIT_DETERMINATIONS = ['open', 'genuine', 'false-positive'] as const;
export type HitDetermination = (typeof HIT_DETERMINATIONS)[number];

/** The minimal hit the screening engine hands over: its type and match score (0–100). */
export const ScreeningHitInputSchema = z.object({
  hitType: z.enum(HIT_TYPES),
  score: z.number().min(0).max(100),
  determination: z.enum(HIT_DETERMINATIONS).default('open'),
});
export type ScreeningHitInput = z.input<typeof ScreeningHitInputSchema>;

const CodeSchema = z.string().trim().min(1).max(100);
const AmountOrCodeSchema = z.union([z.number(), CodeSchema]);

export const RiskFactsSchema = z.object({
  subjectType: z.enum(SUBJECT_TYPES),
  /** ISO 3166-1 alpha-2 codes; the first is the primary nationality, all are scored (worst counts). */
  nationalities: z.array(CodeSchema).max(10).optional(),
  countryOfResidence: CodeSchema.optional(),
  /** Companies: country of incorporation. Scored by the country factor beside country of residence. */
  countryOfIncorporation: CodeSchema.optional(),
  state: CodeSchema.optional(),
  workType: CodeSchema.optional(),
  industry: CodeSchema.optional(),
  products: z.array(CodeSchema).max(100).optional(),
  /** The person's relationship to the company (basicInfo.companyRelationship). */
  relationship: CodeSchema.optional(),
  /** An amount placed in the investment bands, or a band code. */
  investment: AmountOrCodeSchema.optional(),
  /** accountInfo.isf2f: channel 'face-to-face' when true, 'non-face-to-face' when false. */
  isFaceToFace: z.boolean().optional(),
  purposeOfAction: CodeSchema.optional(),
  gender: CodeSchema.optional(),
  assetsUnderManagement: AmountOrCodeSchema.optional(),
  /** accountInfo.isStr: SAR value 'yes' when true, 'no' when false. */
  hasSarHistory: z.boolean().optional(),
  /** Adverse media outcome as a value code of the AM factor (defaults: none, unconfirmed, confirmed). */
  adverseMedia: CodeSchema.optional(),
  entityType: CodeSchema.optional(),
  pepAnswers: z.partialRecord(z.enum(PEP_QUESTIONS), z.boolean()).optional(),
  documentStatus: z.enum(DOCUMENT_STATUSES).optional(),
  faceMatch: z.enum(['matched', 'not-matched']).optional(),
  liveness: z.enum(['passed', 'failed']).optional(),
  /** Absent: screening has not run. Empty: it ran and found nothing. */
  screeningHits: z.array(ScreeningHitInputSchema).max(1000).optional(),
  registryFlags: z.partialRecord(z.enum(REGISTRY_FLAGS), z.boolean()).optional(),
  /**
   * Values of custom registration fields, scored by `custom:<field>` factors; booleans read as
   * 'yes'/'no'. A list (a multi-select's chosen options) scores each code and the highest counts,
   * as with several nationalities.
   */
  custom: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()).max(200)])).optional(),
});
/** Facts as callers build them (hit determinations may be left out). */
export type RiskFacts = z.input<typeof RiskFactsSchema>;
