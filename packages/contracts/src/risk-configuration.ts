/**
 * The sanad-engine configuration API (the pages under /configuration/sanad-engine): the bodies
 * their saves and imports accept and the rows they answer (the pages themselves: risk-pages.ts). The engine
 * (@sanad/risk) validates the configuration as a whole after every change; these schemas check one
 * item so that the first error names its field.
 */
import { z } from 'zod';
import { HIT_TYPES, SUBJECT_TYPES } from '@sanad/risk/risk-factor.schema';
import { REGISTRY_FLAGS } from '@sanad/risk/risk-facts';

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
export const ZFactorValueRow = z.object({
  _id: z.string(),
  factorKey: z.string(),
  code: z.string(),
  title: z.string(),
  score: z.number(),
  overrideTo: z.enum(['medium', 'high', 'sanction']).nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  hitType: z.enum(HIT_TYPES).nullable(),
  status: ZItemStatus,
  reason: z.string().nullable(),
  source: z.string().nullable(),
});
export type TFactorValueRow = z.infer<typeof ZFactorValueRow>;

export const ZRiskFactorRow = z.object({
  _id: z.string(),
  key: z.string(),
  title: z.string(),
  kind: z.enum(['code', 'band', 'hit-band']),
  weight: z.number(),
  /** This factor's share of the active weights, 0–1. */
  weightShare: z.number(),
  status: ZItemStatus,
  appliesTo: z.array(z.enum(SUBJECT_TYPES)),
  missing: z.enum(['score-unknown', 'exclude']),
  unknownScore: z.number(),
  reason: z.string().nullable(),
  source: z.string().nullable(),
  /** The engine page that edits its values (under /configuration/sanad-engine): a spec page, or custom-factor/<fieldKey>. */
  page: z.string().nullable(),
  valueCount: z.number().int(),
});
export type TRiskFactorRow = z.infer<typeof ZRiskFactorRow>;

export const ZStopWordRow = z.object({ _id: z.string(), word: z.string(), status: ZItemStatus });
export type TStopWordRow = z.infer<typeof ZStopWordRow>;

export const ZVariantWordRow = z.object({ _id: z.string(), word: z.string(), canonical: z.string(), status: ZItemStatus });
export type TVariantWordRow = z.infer<typeof ZVariantWordRow>;

export const ZOverrideRuleRow = z.object({
  _id: z.string(),
  code: z.string(),
  title: z.string(),
  overrideTo: z.enum(['medium', 'high', 'sanction']),
  appliesTo: z.array(z.enum(SUBJECT_TYPES)),
  when: ZOverrideCondition,
  status: ZItemStatus,
  reason: z.string().nullable(),
  source: z.string().nullable(),
});
export type TOverrideRuleRow = z.infer<typeof ZOverrideRuleRow>;

export const ZRiskRatingSettings = z.object({
  _id: z.string(),
  mediumFrom: z.number(),
  highFrom: z.number(),
  factorMediumFrom: z.number(),
  factorHighFrom: z.number(),
  enhancedDueDiligenceFrom: z.enum(['medium', 'high']),
  reason: z.string().nullable(),
});
export type TRiskRatingSettings = z.infer<typeof ZRiskRatingSettings>;

export const ZReviewIntervals = z.object({
  _id: z.string(),
  low: z.number(),
  medium: z.number(),
  high: z.number(),
  reason: z.string().nullable(),
});
export type TReviewIntervals = z.infer<typeof ZReviewIntervals>;

export const ZConfigReference = z.object({
  id: z.string(),
  title: z.string(),
  publisher: z.string(),
  asOf: z.string().nullable(),
  url: z.string().nullable(),
  note: z.string().nullable(),
});
export type TConfigReference = z.infer<typeof ZConfigReference>;

/**
 * The configuration now in force, shown on every engine page. `seq` 0 is a data segment whose
 * configuration is not stored yet: it is rated with the documented defaults.
 */
export const ZConfigVersionInfo = z.object({
  version: z.string(),
  wordListVersion: z.string(),
  seq: z.number().int(),
  changedAt: z.string(),
  changedBy: z.string(),
});
export type TConfigVersionInfo = z.infer<typeof ZConfigVersionInfo>;

export const ZConfigVersionRow = z.object({
  _id: z.string(),
  seq: z.number().int(),
  version: z.string(),
  wordListVersion: z.string(),
  page: z.string(),
  action: z.string(),
  summary: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type TConfigVersionRow = z.infer<typeof ZConfigVersionRow>;

/** What a save answers besides the row: the version the change produced (unchanged when nothing changed). */
export function configChangeResult<T extends z.ZodType>(item: T) {
  return z.object({ item, version: ZConfigVersionInfo, isChanged: z.boolean() });
}
export interface TConfigChangeResult<T> {
  item: T;
  version: TConfigVersionInfo;
  isChanged: boolean;
}

export const ZCsvImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  version: ZConfigVersionInfo,
  isChanged: z.boolean(),
});
export type TCsvImportResult = z.infer<typeof ZCsvImportResult>;

/** A reference dropdown option (GET /configurations/{list}); `_id` is the code the record stores. */
export const ZReferenceOption = z.object({ _id: z.string(), code: z.string(), title: z.string(), status: z.literal('active') });
export type TReferenceOption = z.infer<typeof ZReferenceOption>;
