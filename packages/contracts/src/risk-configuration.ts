/**
 * The sanad-engine configuration API (001 §2 pages under /configuration/sanad-engine): the bodies
 * their saves and imports accept and the rows they answer (the pages themselves: risk-pages.ts). The engine
 * (@sanad/risk) validates the configuration as a whole after every change; these schemas check one
 * item so that the first error names its field.
 */
import { z } from 'zod';
import { HIT_TYPES, SUBJECT_TYPES } from '@sanad/risk/risk-factor.schema';
import { REGISTRY_FLAGS } from '@sanad/risk/risk-facts';
import { TABLE_PAGE_NAMES } from './risk-pages';

export const ZTablePage = z.enum(TABLE_PAGE_NAMES as unknown as [string, ...string[]], { error: 'Unknown configuration page' });

export const ZItemStatus = z.enum(['active', 'archived'], { error: 'Status must be active or archived' });
export type TItemStatus = z.infer<typeof ZItemStatus>;

const ZNote = z.string().trim().max(2000, 'Keep notes under 2,000 characters');
const ZOptionalNote = ZNote.nullish();
const ZScore = z
  .number({ error: 'Score must be a number from 0 to 100' })
  .min(0, 'Score must be a number from 0 to 100')
  .max(100, 'Score must be a number from 0 to 100');
const ZOverrideTo = z.enum(['medium', 'high', 'sanction'], { error: 'Override to must be medium, high or sanction' });
const ZSegment = z.string().max(64).optional();
const ZRequired = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A value of a factor table (one row of a factor page). */
export const ZFactorValueSave = z.object({
  dataSegmentId: ZSegment,
  code: ZRequired('Code', 100),
  title: ZRequired('Title', 200),
  score: ZScore,
  overrideTo: ZOverrideTo.nullish(),
  min: z.number({ error: 'Min must be a number' }).nullish(),
  max: z.number({ error: 'Max must be a number' }).nullish(),
  hitType: z.enum(HIT_TYPES, { error: `Hit type must be one of ${HIT_TYPES.join(', ')}` }).nullish(),
  status: ZItemStatus.default('active'),
  reason: ZOptionalNote,
  source: ZOptionalNote,
});
export type TFactorValueSave = z.infer<typeof ZFactorValueSave>;

/** risk page: one factor's weight and treatment. Factors are the engine's built-in ones; none is added here. */
export const ZRiskFactorSave = z.object({
  dataSegmentId: ZSegment,
  /** Identifies the factor in a CSV import; a save by id ignores it. */
  key: z.string().trim().max(100).optional(),
  title: ZRequired('Title', 200),
  weight: z
    .number({ error: 'Weight must be a number from 0 to 1000' })
    .min(0, 'Weight must be a number from 0 to 1000')
    .max(1000, 'Weight must be a number from 0 to 1000'),
  status: ZItemStatus.default('active'),
  missing: z.enum(['score-unknown', 'exclude'], { error: 'Missing fact must be score-unknown or exclude' }),
  unknownScore: ZScore,
  appliesTo: z.array(z.enum(SUBJECT_TYPES), { error: 'Choose who the factor applies to' }).min(1, 'Choose who the factor applies to'),
  reason: ZOptionalNote,
  source: ZOptionalNote,
});
export type TRiskFactorSave = z.infer<typeof ZRiskFactorSave>;

export const ZStopWordSave = z.object({ dataSegmentId: ZSegment, word: ZRequired('Word', 100), status: ZItemStatus.default('active') });
export type TStopWordSave = z.infer<typeof ZStopWordSave>;

export const ZVariantWordSave = z.object({
  dataSegmentId: ZSegment,
  word: ZRequired('Word', 100),
  canonical: ZRequired('Canonical form', 100),
  status: ZItemStatus.default('active'),
});
export type TVariantWordSave = z.infer<typeof ZVariantWordSave>;

export const ZOverrideCondition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('registry-flag'), flag: z.enum(REGISTRY_FLAGS, { error: 'Choose a company-registry flag' }) }),
  z.object({
    kind: z.literal('screening-hit'),
    hitType: z.enum(HIT_TYPES, { error: 'Choose a hit type' }),
    isGenuineOnly: z.boolean(),
    minScore: z.number().min(0, 'Minimum score must be from 0 to 100').max(100, 'Minimum score must be from 0 to 100').default(0),
  }),
]);

export const ZOverrideRuleSave = z.object({
  dataSegmentId: ZSegment,
  code: ZRequired('Code', 100),
  title: ZRequired('Title', 200),
  overrideTo: ZOverrideTo,
  appliesTo: z.array(z.enum(SUBJECT_TYPES)).min(1, 'Choose who the rule applies to'),
  when: ZOverrideCondition,
  status: ZItemStatus.default('active'),
  reason: ZOptionalNote,
  source: ZOptionalNote,
});
export type TOverrideRuleSave = z.infer<typeof ZOverrideRuleSave>;

const ZBand = (label: string) =>
  z
    .number({ error: `${label} must be a number from 1 to 100` })
    .gt(0, `${label} must be a number from 1 to 100`)
    .max(100, `${label} must be a number from 1 to 100`);

/** risk-rating page: the bands of the total and of one factor's score, and the EDD floor. */
export const ZRiskRatingSave = z
  .object({
    dataSegmentId: ZSegment,
    mediumFrom: ZBand('Medium from'),
    highFrom: ZBand('High from'),
    factorMediumFrom: ZBand('Factor medium from'),
    factorHighFrom: ZBand('Factor high from'),
    enhancedDueDiligenceFrom: z.enum(['medium', 'high'], { error: 'Enhanced due diligence starts at medium or high' }),
    reason: ZOptionalNote,
  })
  .refine((value) => value.mediumFrom < value.highFrom, { path: ['highFrom'], message: 'High from must be above medium from' })
  .refine((value) => value.factorMediumFrom < value.factorHighFrom, {
    path: ['factorHighFrom'],
    message: 'Factor high from must be above factor medium from',
  });
export type TRiskRatingSave = z.infer<typeof ZRiskRatingSave>;

const ZYears = (label: string) =>
  z
    .number({ error: `${label} must be a number of years` })
    .min(1 / 12, `${label} must be at least one month (0.09 years)`)
    .max(20, `${label} must be at most 20 years`);

export const ZReviewIntervalsSave = z.object({
  dataSegmentId: ZSegment,
  low: ZYears('Low'),
  medium: ZYears('Medium'),
  high: ZYears('High'),
  reason: ZOptionalNote,
});
export type TReviewIntervalsSave = z.infer<typeof ZReviewIntervalsSave>;

/** A CSV file's text; sent as JSON so the import is one request, validated as a whole. */
export const ZCsvImport = z.object({
  dataSegmentId: ZSegment,
  fileName: z.string().trim().max(255).optional(),
  content: z.string({ error: 'Choose a CSV file' }).min(1, 'The file is empty').max(5_000_000, 'The file is larger than 5 MB'),
});
export type TCsvImport = z.infer<typeof ZCsvImport>;

export const ZSegmentBody = z.object({ dataSegmentId: ZSegment });
export const ZSegmentQuery = z.object({ dataSegmentId: ZSegment });

/** Rows as the lists return them. `_id` is the row id the save and status toggle use. */
export interface TFactorValueRow {
  _id: string;
  factorKey: string;
  code: string;
  title: string;
  score: number;
  overrideTo: 'medium' | 'high' | 'sanction' | null;
  min: number | null;
  max: number | null;
  hitType: (typeof HIT_TYPES)[number] | null;
  status: TItemStatus;
  reason: string | null;
  source: string | null;
}

export interface TRiskFactorRow {
  _id: string;
  key: string;
  title: string;
  kind: 'code' | 'band' | 'hit-band';
  weight: number;
  /** This factor's share of the active weights, 0–1. */
  weightShare: number;
  status: TItemStatus;
  appliesTo: Array<(typeof SUBJECT_TYPES)[number]>;
  missing: 'score-unknown' | 'exclude';
  unknownScore: number;
  reason: string | null;
  source: string | null;
  /** The spec page that edits this factor's values. */
  page: string | null;
  valueCount: number;
}

export interface TStopWordRow {
  _id: string;
  word: string;
  status: TItemStatus;
}

export interface TVariantWordRow {
  _id: string;
  word: string;
  canonical: string;
  status: TItemStatus;
}

export interface TOverrideRuleRow {
  _id: string;
  code: string;
  title: string;
  overrideTo: 'medium' | 'high' | 'sanction';
  appliesTo: Array<(typeof SUBJECT_TYPES)[number]>;
  when: z.infer<typeof ZOverrideCondition>;
  status: TItemStatus;
  reason: string | null;
  source: string | null;
}

export interface TRiskRatingSettings {
  _id: string;
  mediumFrom: number;
  highFrom: number;
  factorMediumFrom: number;
  factorHighFrom: number;
  enhancedDueDiligenceFrom: 'medium' | 'high';
  reason: string | null;
}

export interface TReviewIntervals {
  _id: string;
  low: number;
  medium: number;
  high: number;
  reason: string | null;
}

export interface TConfigReference {
  id: string;
  title: string;
  publisher: string;
  asOf: string | null;
  url: string | null;
  note: string | null;
}

/** The configuration now in force and its history length, shown on every engine page. */
export interface TConfigVersionInfo {
  version: string;
  wordListVersion: string;
  seq: number;
  changedAt: string;
  changedBy: string;
}

export interface TConfigVersionRow {
  _id: string;
  seq: number;
  version: string;
  wordListVersion: string;
  page: string;
  action: string;
  summary: string;
  actorName: string;
  createdAt: string;
}

/** What a save answers besides the row: the version the change produced (unchanged when nothing changed). */
export interface TConfigChangeResult<T> {
  item: T;
  version: TConfigVersionInfo;
  isChanged: boolean;
}

export interface TCsvImportResult {
  created: number;
  updated: number;
  unchanged: number;
  version: TConfigVersionInfo;
  isChanged: boolean;
}

/** A reference dropdown option (GET /configurations/{list}); `_id` is the code the record stores. */
export interface TReferenceOption {
  _id: string;
  code: string;
  title: string;
  status: 'active';
}
