/**
 * Company registers (KYB): a company's entry as a register gives it, looked up by registration
 * number, and the register check of a company's declaration against it. The registers Sanad reads
 * are imported files (the UK Companies House "basic company data" CSV); see
 * docs/decisions/company-registry.md.
 */
import { z } from 'zod';
import { ZCompanyInfo } from './company-record';
import { safeString } from './safe-text';

/** The registers Sanad can read, by code (ISO country, then the register: GB-COH is Companies House). */
export const COMPANY_REGISTERS = ['GB-COH'] as const;
export type TCompanyRegister = (typeof COMPANY_REGISTERS)[number];
export const COMPANY_REGISTER_LABELS: Record<TCompanyRegister, string> = { 'GB-COH': 'UK Companies House' };

export const ZRegisterLookupQuery = z.object({
  register: z.enum(COMPANY_REGISTERS, { error: `The register must be one of ${COMPANY_REGISTERS.join(', ')}` }).default('GB-COH'),
  number: safeString('Enter the registration number')
    .trim()
    .min(1, 'Enter the registration number')
    .max(64, 'A registration number is at most 64 characters'),
});
export type TRegisterLookupQuery = z.infer<typeof ZRegisterLookupQuery>;

export const ZRegisterAddress = z.object({
  careOf: z.string(),
  poBox: z.string(),
  line1: z.string(),
  line2: z.string(),
  postTown: z.string(),
  county: z.string(),
  country: z.string(),
  postCode: z.string(),
});
export type TRegisterAddress = z.infer<typeof ZRegisterAddress>;

/** One company as the register gives it. Dates are YYYY-MM-DD (the file's DD/MM/YYYY read). */
export const ZRegisterEntry = z.object({
  register: z.enum(COMPANY_REGISTERS),
  registrationNumber: z.string(),
  legalName: z.string(),
  formerNames: z.array(z.object({ name: z.string(), changedOn: z.string().nullable() })),
  /** The register's own words, e.g. "Active", "Liquidation", "Active - Proposal to Strike off". */
  status: z.string(),
  category: z.string(),
  countryOfOrigin: z.string(),
  incorporationDate: z.string().nullable(),
  dissolutionDate: z.string().nullable(),
  registeredAddress: ZRegisterAddress,
  /** The SIC codes with their text, e.g. "62020 - Information technology consultancy activities". */
  sicCodes: z.array(z.string()),
  accountsNextDueDate: z.string().nullable(),
  accountsLastMadeUpDate: z.string().nullable(),
  accountsCategory: z.string(),
  confirmationStatementNextDueDate: z.string().nullable(),
  confirmationStatementLastMadeUpDate: z.string().nullable(),
  importedAt: z.string(),
  sourceFile: z.string(),
});
export type TRegisterEntry = z.infer<typeof ZRegisterEntry>;

/**
 * The registry flags the entry supports (KB-11): the file has the next due dates of the accounts and
 * of the confirmation statement. Insolvency history, an undeliverable registered office and a
 * registered office in dispute are not in it, so they are not derived.
 */
export const ZRegisterFlags = z.object({ accountsOverdue: z.boolean(), confirmationStatementOverdue: z.boolean() });
export type TRegisterFlags = z.infer<typeof ZRegisterFlags>;

/** The lookup's answer: the entry, what it fills in the registration form, and the flags it supports. */
export const ZRegisterLookup = z.object({
  entry: ZRegisterEntry,
  prefill: ZCompanyInfo.partial(),
  flags: ZRegisterFlags,
});
export type TRegisterLookup = z.infer<typeof ZRegisterLookup>;

export const REGISTER_CHECK_FIELDS = [
  'legalName',
  'formerNames',
  'incorporationDate',
  'status',
  'registeredAddress.line1',
  'registeredAddress.city',
  'registeredAddress.postalCode',
] as const;
export type TRegisterCheckField = (typeof REGISTER_CHECK_FIELDS)[number];
export const REGISTER_CHECK_LABELS: Record<TRegisterCheckField, string> = {
  legalName: 'Legal name',
  formerNames: 'Former names',
  incorporationDate: 'Incorporation date',
  status: 'Status',
  'registeredAddress.line1': 'Registered address',
  'registeredAddress.city': 'Registered address town',
  'registeredAddress.postalCode': 'Registered address postcode',
};

export const ZRegisterDifference = z.object({
  field: z.enum(REGISTER_CHECK_FIELDS),
  declared: z.string(),
  register: z.string(),
});
export type TRegisterDifference = z.infer<typeof ZRegisterDifference>;

/** A company's declaration against its register entry; entry null when the register has no such number. */
export const ZRegisterCheck = z.object({
  register: z.enum(COMPANY_REGISTERS),
  registrationNumber: z.string(),
  entry: ZRegisterEntry.nullable(),
  differences: z.array(ZRegisterDifference),
  flags: ZRegisterFlags.nullable(),
});
export type TRegisterCheck = z.infer<typeof ZRegisterCheck>;

export const REGISTER_MESSAGES = {
  found: 'Found in the register',
  notFound: (number: string, register: string) => `${register} has no company numbered ${number} in the imported register file`,
  checked: 'Register check done',
} as const;

/**
 * Register files loaded from the configuration area (docs/decisions/company-registry.md): the file
 * is uploaded (streamed into file storage), then imported by a job; these are the runs as the page
 * lists and follows them. Runs of the command line are listed too, without an uploader.
 */
export const REGISTER_IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type TRegisterImportStatus = (typeof REGISTER_IMPORT_STATUSES)[number];

/** How many refused rows an import keeps with their reasons (the rest are counted only). */
export const REGISTER_REFUSED_ROWS_KEPT = 100;
/**
 * The largest register file an upload takes. The whole Companies House file unzipped is about 2.5 GB,
 * past what file storage records (2 GB); Companies House also publishes it in parts of about 400 MB
 * (BasicCompanyData-…-part1_7.csv …), each with its header, which are uploaded one after another.
 */
export const REGISTER_FILE_MAX_MEGABYTES = 2000;
/**
 * The largest CSV file a register ZIP may hold once inflated. The whole Companies House file is
 * about 2.5 GB; the limit leaves room for growth and stops an archive that inflates without end.
 */
export const REGISTER_ZIPPED_CSV_MAX_MEGABYTES = 10_000;

export const ZRegisterRefusedRow = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  reason: z.string(),
});
export type TRegisterRefusedRow = z.infer<typeof ZRegisterRefusedRow>;

export const ZRegisterImport = z.object({
  _id: z.string(),
  register: z.enum(COMPANY_REGISTERS),
  sourceFile: z.string(),
  status: z.enum(REGISTER_IMPORT_STATUSES),
  /** Uploaded from the configuration area, or run with the command line (registry:import). */
  source: z.enum(['upload', 'command-line']),
  rowsStored: z.number().int(),
  rowsRefused: z.number().int(),
  /** The first refused rows with their reasons, at most REGISTER_REFUSED_ROWS_KEPT. */
  refusedRows: z.array(ZRegisterRefusedRow),
  /** The file's size and how much of it has been read; null for a command-line run. */
  sizeBytes: z.number().int().nullable(),
  percentage: z.number().int().min(0).max(100),
  /** Why the whole file was refused or the import stopped; null otherwise. */
  error: z.string().nullable(),
  /** Who uploaded it; null for a command-line run. */
  createdByName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TRegisterImport = z.infer<typeof ZRegisterImport>;

/** The register files loaded, newest first, and whether the caller may load one. */
export const ZRegisterImports = z.object({
  imports: z.array(ZRegisterImport),
  /** Loading replaces data every data segment reads: only a user of every segment may (see the decision). */
  mayImport: z.boolean(),
});
export type TRegisterImports = z.infer<typeof ZRegisterImports>;

/** The multipart fields sent before the file. */
export const ZRegisterUploadFields = z.object({
  register: z.enum(COMPANY_REGISTERS, { error: `The register must be one of ${COMPANY_REGISTERS.join(', ')}` }).default('GB-COH'),
});

export const REGISTER_IMPORT_MESSAGES = {
  started: 'The register file was uploaded; its import has started',
  csvOnly: 'The register file must be a CSV file (.csv) or a ZIP archive holding one (.zip)',
  zipNamedCsv: 'This is a ZIP archive named .csv: upload it with its .zip name',
  notZip: 'This file is named .zip but is not a ZIP archive',
  zipEmpty: 'The ZIP archive holds no file: it must hold the register CSV file only',
  zipNotCsv: (name: string) => `The ZIP archive holds ${name}, which is not a CSV file: it must hold the register CSV file only`,
  zipManyFiles: 'The ZIP archive holds more than one file: it must hold the register CSV file only',
  zipEncrypted: 'The ZIP archive is protected by a password: unzip it and upload the CSV file inside',
  zipMethod:
    'The ZIP archive is compressed with a method Sanad cannot read (only deflate, the usual one, or none): unzip it and upload the CSV file inside',
  zipDamaged: 'The ZIP archive is damaged: download it again',
  zipTooLarge: `The CSV file inside the ZIP archive is larger than ${REGISTER_ZIPPED_CSV_MAX_MEGABYTES.toLocaleString('en-GB')} MB`,
  empty: 'The file is empty',
  noHeader: 'This is not a Companies House basic company data file: its first line is not a CSV header',
  inProcess: 'A register file is already being imported; wait until it finishes',
  allSegmentsOnly: 'Only a user of every data segment can load a company register: the register is shared by all segments',
} as const;
