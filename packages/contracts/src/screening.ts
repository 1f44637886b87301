import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';

export const HIT_TYPES = ['pep', 'enforcement', 'blackList', 'sanction'] as const;
export const ZHitType = z.enum(HIT_TYPES);
export type THitType = z.infer<typeof ZHitType>;

/** The formats an uploaded list may be in (the screening engine's importers). */
export const LIST_FILE_FORMATS = ['csv', 'ofac', 'un', 'uk-ofsi', 'uk-fcdo', 'eu-fsf', 'bis-dpl', 'dowjones', 'worldcheck', 'ftm'] as const;
export const LIST_FORMAT_LABELS: Record<(typeof LIST_FILE_FORMATS)[number], string> = {
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

const ZOptionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** One entry of the segment's own black-list (sanad-list), as the add/edit form sends it. */
export const ZBlacklistEntryInput = z.object({
  type: z.enum(['person', 'organisation', 'vessel', 'aircraft']).default('person'),
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  aliases: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  dateOfBirth: z
    .string()
    .trim()
    .regex(/^(\d{4}(-\d{2}(-\d{2})?)?)?$/, 'Use the date format YYYY-MM-DD, YYYY-MM or YYYY')
    .optional()
    .default(''),
  gender: z.enum(['male', 'female', '']).optional().default(''),
  nationality: ZOptionalText(2).refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'Choose a nationality'),
  idNumber: ZOptionalText(64),
  fatherName: ZOptionalText(NAME_MAX_LENGTH * 2),
  hitType: z.enum(['blackList', 'sanction', 'pep', 'enforcement']).default('blackList'),
  reason: ZOptionalText(500),
  status: z.enum(['active', 'archived']).optional(),
});
export type TBlacklistEntryInput = z.infer<typeof ZBlacklistEntryInput>;

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

/** Screening-data pages (001 §2) holding the vendor reference lists a Dow Jones or World-Check import brings. */
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
  name: z.string().trim().min(1, 'Name is required').max(300, 'Name must be at most 300 characters'),
  type: z.enum(['person', 'organisation']).optional(),
  dob: z.string().trim().max(40).optional(),
  nationality: z.string().trim().max(60).optional(),
  country: z.string().trim().max(60).optional(),
  gender: z.string().trim().max(20).optional(),
  fatherName: z.string().trim().max(200).optional(),
  idNumber: z.string().trim().max(64).optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TScreenRequest = z.infer<typeof ZScreenRequest>;

const ZThreshold = z
  .number()
  .int('Use a whole number')
  .min(50, 'Use a threshold between 50 and 100')
  .max(100, 'Use a threshold between 50 and 100');

/** Minimum score per hit type for a hit to alert (0-100); the engine's defaults apply until changed. */
export const ZScreeningThresholds = z.object({ pep: ZThreshold, enforcement: ZThreshold, blackList: ZThreshold, sanction: ZThreshold });
export type TScreeningThresholds = z.infer<typeof ZScreeningThresholds>;
