import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZListQuery } from './http';
import { safeText } from './safe-text';

/** Every text field here follows the one rule for typed text (safe-text.ts). */
const storable = safeText;

export const SCREENING_MESSAGES = {
  importStarted: 'List import started',
  deltaStarted: 'Delta list import started',
  entryAdded: 'Entry added successfully',
  entryUpdated: 'Entry updated successfully',
  listActivated: 'List activated successfully',
  listDeactivated: 'List deactivated successfully',
  screened: 'Screening completed',
  thresholdsSaved: 'Screening thresholds saved',
  importInProgress: 'Bulk Upload is already in process',
  uploadFirst: 'Upload the file first',
} as const;

export const HIT_TYPES = ['pep', 'enforcement', 'blackList', 'sanction'] as const;
export const ZHitType = z.enum(HIT_TYPES);

/**
 * What each screening hit type (the spec's pepHit, enforcementHit, blackListHit, sanctionHit) is
 * called in words people read, on screen and in alert reasons. 'Black-list' is spelled as the spec's
 * black-list screening-data page.
 */
export const HIT_TYPE_LABELS: Record<THitType, string> = {
  pep: 'PEP',
  enforcement: 'Enforcement',
  blackList: 'Black-list',
  sanction: 'Sanction',
};
export type THitType = z.infer<typeof ZHitType>;

/** The formats an uploaded list may be in (the screening engine's importers). */
export const LIST_FILE_FORMATS = ['csv', 'ofac', 'un', 'uk-ofsi', 'uk-fcdo', 'eu-fsf', 'bis-dpl', 'dowjones', 'worldcheck', 'ftm'] as const;
export type TListFileFormat = (typeof LIST_FILE_FORMATS)[number];
export const LIST_FORMAT_LABELS: Record<TListFileFormat, string> = {
  csv: "Sanad list (the firm's own CSV/XLSX)",
  ofac: 'OFAC SDN / consolidated CSV',
  un: 'UN Security Council consolidated XML',
  'uk-ofsi': 'UK OFSI consolidated CSV',
  'uk-fcdo': 'UK FCDO sanctions list CSV',
  'eu-fsf': 'EU financial sanctions file (CSV or XML)',
  'bis-dpl': 'US BIS Denied Persons List',
  dowjones: 'Dow Jones Risk & Compliance PFA2 XML',
  worldcheck: 'Refinitiv World-Check CSV',
  ftm: 'OpenSanctions FollowTheMoney JSON lines',
};

/** Start an import of an uploaded file (uploaded first through POST files/ with type screening-list). */
export const ZListImportRequest = z.object({
  fileName: z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/, 'Upload the file first'),
  dataSegmentId: z.uuid().optional(),
  format: z.enum(LIST_FILE_FORMATS).default('csv'),
});
export type TListImportRequest = z.infer<typeof ZListImportRequest>;

export const ZListImport = z.object({
  _id: z.string(),
  kind: z.enum(['full', 'delta']),
  format: z.string(),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  percentage: z.number().int(),
  errorRow: z.number().int().nullable(),
  errorReason: z.string().nullable(),
  warningCount: z.number().int(),
  listKey: z.string().nullable(),
  versionNo: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TListImport = z.infer<typeof ZListImport>;

export const ZWatchListOverview = z.object({
  _id: z.string(),
  key: z.string(),
  title: z.string(),
  format: z.string(),
  publisher: z.string(),
  /** Shared lists serve every segment; a segment's own lists belong to it. */
  isShared: z.boolean(),
  /** Who the list belongs to, as the list of lists shows it. */
  owner: z.enum(['shared', 'segment']),
  /** A segment's own copy of a list that is also shared: the copy replaces the shared one for the segment. */
  replacesShared: z.boolean(),
  isActive: z.boolean(),
  status: z.string(),
  versionNo: z.number().int().nullable(),
  asOf: z.string().nullable(),
  entityCount: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type TWatchListOverview = z.infer<typeof ZWatchListOverview>;

export const ZListVersion = z.object({
  _id: z.string(),
  versionNo: z.number().int(),
  asOf: z.string().nullable(),
  source: z.string(),
  fileName: z.string().nullable(),
  entityCount: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  createdAt: z.string(),
});
export type TListVersion = z.infer<typeof ZListVersion>;

const ZOptionalText = (max: number) => storable(z.string().trim().max(max)).optional().default('');

const DATE_OF_BIRTH_MESSAGE = 'Use the date format YYYY-MM-DD, YYYY-MM or YYYY';

/** '', a year, a year and month, or a whole date that exists in the calendar (from year 1800 on). */
function isDateOfBirth(value: string): boolean {
  if (value === '') return true;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), match[2] ? Number(match[2]) : 1, match[3] ? Number(match[3]) : 1];
  if (year < 1800 || month < 1 || month > 12) return false;
  return day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** One entry of the segment's own black-list (sanad-list), as the add/edit form sends it. */
export const ZBlacklistEntryInput = z.object({
  type: z.enum(['person', 'organisation', 'vessel', 'aircraft']).default('person'),
  name: storable(z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters')),
  aliases: z
    .array(storable(z.string().trim().min(1).max(200)))
    .max(50)
    .default([]),
  dateOfBirth: z.string().trim().refine(isDateOfBirth, DATE_OF_BIRTH_MESSAGE).optional().default(''),
  gender: z.enum(['male', 'female', '']).optional().default(''),
  nationality: ZOptionalText(2).refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'Choose a nationality'),
  idNumber: ZOptionalText(64),
  fatherName: ZOptionalText(NAME_MAX_LENGTH * 2),
  hitType: z.enum(['blackList', 'sanction', 'pep', 'enforcement']).default('blackList'),
  reason: ZOptionalText(500),
  status: z.enum(['active', 'archived']).optional(),
});
export type TBlacklistEntryInput = z.infer<typeof ZBlacklistEntryInput>;

/** POST and PUT screening-data/sanad-list: the entry, in the active data segment. */
export const ZBlacklistEntryBody = ZBlacklistEntryInput.extend({ dataSegmentId: z.uuid().optional() });

export const ZBlacklistEntry = z.object({
  _id: z.string(),
  entityId: z.string(),
  title: z.string(),
  status: z.enum(['active', 'archived']),
  type: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  dateOfBirth: z.string(),
  gender: z.string(),
  nationality: z.string(),
  idNumber: z.string(),
  fatherName: z.string(),
  hitType: z.string(),
  reason: z.string(),
  updatedAt: z.string(),
});
export type TBlacklistEntry = z.infer<typeof ZBlacklistEntry>;

/** A list query whose keyword must be storable text (a NUL byte is refused, not sent to the database). */
const ZScreeningListQuery = ZListQuery.extend({ keyword: storable(z.string().trim().max(200)).optional() });

/** The firm's own list: every entry, or the active or archived ones, or those of one hit type. */
export const ZBlacklistQuery = ZScreeningListQuery.extend({
  status: z.enum(['active', 'archived'], { error: 'Status must be active or archived' }).optional(),
  hitType: ZHitType.optional(),
});
export type TBlacklistQuery = z.infer<typeof ZBlacklistQuery>;

export const ZReferenceQuery = ZScreeningListQuery;

/** The data segment a screening read is for (the active one when absent). */
export const ZSegmentQuery = z.object({ dataSegmentId: z.string().max(64).optional() });

/** PUT screening/lists/{id}: whether the segment screens against the list. */
export const ZListActivation = z.object({ isActive: z.boolean(), dataSegmentId: z.uuid().optional() });

/**
 * The screening-data pages holding the vendor reference lists a Dow Jones or World-Check import
 * brings, named as the spec names them ('descprition' included).
 */
export const REFERENCE_PAGES = [
  'gender',
  'deceased',
  'record-status',
  'name-type',
  'descprition-1',
  'descprition-2',
  'descprition-3',
  'role-type',
  'occupation',
  'date-type',
  'sanction-reference',
  'country',
  'country-type',
  'identification',
  'relationship-type',
  'category',
  'sub-category',
  'location',
  'EIType',
  'keyword',
  'update-category',
  'pep-status',
] as const;
export const ZReferencePage = z.enum(REFERENCE_PAGES);
export type TReferencePage = z.infer<typeof ZReferencePage>;

export function isReferencePage(page: string): page is TReferencePage {
  return (REFERENCE_PAGES as readonly string[]).includes(page);
}

export const ZReferenceEntry = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  recordType: z.string().nullable(),
  source: z.string(),
});

/** Screen one name (an ad hoc check, and what onboarding calls): the name and whatever facts are known. */
export const ZScreenRequest = z.object({
  name: storable(z.string().trim().min(1, 'Name is required').max(300, 'Name must be at most 300 characters')),
  type: z.enum(['person', 'organisation']).optional(),
  dob: storable(z.string().trim().max(40)).optional(),
  nationality: storable(z.string().trim().max(60)).optional(),
  country: storable(z.string().trim().max(60)).optional(),
  gender: storable(z.string().trim().max(20)).optional(),
  fatherName: storable(z.string().trim().max(200)).optional(),
  idNumber: storable(z.string().trim().max(64)).optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TScreenRequest = z.infer<typeof ZScreenRequest>;

const ZPartialDate = z.object({ year: z.number().int(), month: z.number().int().optional(), day: z.number().int().optional() });

/** The listed entity a hit points to: the facts a reviewer compares with the customer's. */
export const ZListedEntity = z.object({
  id: z.string(),
  list: z.string(),
  type: z.enum(['person', 'organisation', 'vessel', 'aircraft']),
  names: z.array(z.object({ full: z.string(), type: z.enum(['primary', 'aka', 'fka', 'weak']) })),
  gender: z.enum(['male', 'female']).optional(),
  birthDates: z.array(
    z.object({
      quality: z.enum(['exact', 'year', 'approximate', 'range']),
      from: ZPartialDate,
      to: ZPartialDate.optional(),
      text: z.string().optional(),
    }),
  ),
  birthPlaces: z.array(z.string()),
  countries: z.array(z.object({ code: z.string(), role: z.string() })),
  identifiers: z.array(z.object({ type: z.string(), value: z.string(), country: z.string().optional(), note: z.string().optional() })),
  fatherNames: z.array(z.string()),
  addresses: z.array(z.object({ full: z.string(), city: z.string().optional(), country: z.string().optional() })),
  associates: z.array(z.object({ name: z.string(), relationship: z.string(), entityId: z.string().optional() })),
  programmes: z.array(z.string()),
  listedOn: z.string().optional(),
  hitType: ZHitType,
  categories: z.array(z.string()),
  deceased: z.boolean().optional(),
  remarks: z.string().optional(),
  positions: z.array(z.string()).optional(),
});

/** One hit: the listed name, its list, the score and why it scored so. */
export const ZScreeningHit = z.object({
  id: z.string(),
  /** The list's key (ofac-sdn, un, sanad-list, ...) and its title. */
  list: z.string(),
  listTitle: z.string(),
  hitType: ZHitType,
  entityType: z.enum(['person', 'organisation', 'vessel', 'aircraft']),
  score: z.number(),
  name: z.string(),
  explanation: z.object({
    name: z.object({
      score: z.number(),
      query: z.string(),
      listed: z.string(),
      listedNameType: z.enum(['primary', 'aka', 'fka', 'weak']),
      words: z.array(z.object({ query: z.string(), listed: z.string(), similarity: z.number(), how: z.string() })),
      unmatchedQuery: z.array(z.string()),
      unmatchedListed: z.array(z.string()),
      mixedScriptWords: z.array(z.string()),
    }),
    qualifiers: z.array(
      z.object({
        kind: z.enum(['id', 'dob', 'nationality', 'country', 'gender', 'father']),
        outcome: z.enum(['decisive', 'match', 'partial', 'mismatch']),
        points: z.number(),
        detail: z.string(),
      }),
    ),
    threshold: z.number(),
    summary: z.string(),
  }),
  entity: ZListedEntity,
});
export type TScreeningHit = z.infer<typeof ZScreeningHit>;

const ZThreshold = z
  .number()
  .int('Use a whole number')
  .min(50, 'Use a threshold between 50 and 100')
  .max(100, 'Use a threshold between 50 and 100');

/** Minimum score per hit type for a hit to alert (0-100); the engine's defaults apply until changed. */
export const ZScreeningThresholds = z.object({ pep: ZThreshold, enforcement: ZThreshold, blackList: ZThreshold, sanction: ZThreshold });
export type TScreeningThresholds = z.infer<typeof ZScreeningThresholds>;

/** PUT screening/settings: the thresholds, for the active data segment. */
export const ZScreeningThresholdsBody = ZScreeningThresholds.extend({ dataSegmentId: z.string().max(64).optional() });

/** The hits of one screening, best first, and the thresholds they passed. */
export const ZScreeningResult = z.object({ hits: z.array(ZScreeningHit), thresholds: ZScreeningThresholds });
export type TScreeningResult = z.infer<typeof ZScreeningResult>;
