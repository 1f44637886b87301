/**
 * Bulk onboarding: a spreadsheet (CSV or XLSX) of customers, one per row, imported as a job. Each
 * template column fills one field of the customer record; each row is validated with the same
 * create-input contract the journeys submit, so a bulk customer is exactly a journey's customer.
 */
import { z } from 'zod';

export const BULK_MESSAGES = {
  inProcess: 'Bulk Upload is already in process',
  started: 'Bulk upload started',
  uploadFirst: 'Upload a CSV or XLSX file of customers first',
  noUpload: 'No bulk upload in process',
  completedAt: (time: string) => `Bulk Upload Completed at ${time}`,
} as const;

/** Where a template column goes in the create input (dot path), how it is read, and an example value. */
export interface BulkColumn {
  column: string;
  path: string;
  kind: 'text' | 'list' | 'flag';
  isRequired: boolean;
  example: string;
  note: string;
}

/**
 * The template's columns, in order. Headers are matched without regard to case or surrounding
 * spaces; an unknown column is refused (a misspelt header would otherwise drop its data silently).
 * Lists are separated by ';'; flags read yes/no, true/false or 1/0.
 */
export const BULK_COLUMNS: readonly BulkColumn[] = [
  { column: 'reference', path: 'reference', kind: 'text', isRequired: false, example: 'CRM-0001', note: 'Your own reference' },
  { column: 'firstName', path: 'basicInfo.firstName', kind: 'text', isRequired: true, example: 'Amina', note: '' },
  { column: 'middleName', path: 'basicInfo.middleName', kind: 'text', isRequired: false, example: '', note: '' },
  { column: 'lastName', path: 'basicInfo.lastName', kind: 'text', isRequired: true, example: 'Rahman', note: '' },
  { column: 'fatherName', path: 'basicInfo.fatherName', kind: 'text', isRequired: false, example: 'Karim Rahman', note: '' },
  { column: 'gender', path: 'basicInfo.gender', kind: 'text', isRequired: false, example: 'female', note: 'male, female or other' },
  { column: 'dateOfBirth', path: 'basicInfo.dateOfBirth', kind: 'text', isRequired: true, example: '1988-04-12', note: 'YYYY-MM-DD' },
  { column: 'nationalityId', path: 'basicInfo.nationalityId', kind: 'text', isRequired: true, example: 'PK', note: 'ISO country code' },
  {
    column: 'countryOfResidenceId',
    path: 'basicInfo.countryOfResidenceId',
    kind: 'text',
    isRequired: true,
    example: 'PK',
    note: 'ISO country code',
  },
  { column: 'idType', path: 'identityInfo.type', kind: 'text', isRequired: true, example: 'id', note: 'passport, lisence or id' },
  { column: 'idNumber', path: 'identityInfo.number', kind: 'text', isRequired: true, example: '35202-1234567-1', note: '' },
  { column: 'idExpiryDate', path: 'identityInfo.expiryDate', kind: 'text', isRequired: false, example: '2031-01-31', note: 'YYYY-MM-DD' },
  { column: 'email', path: 'contactInfo.email', kind: 'text', isRequired: true, example: 'amina.rahman@example.com', note: '' },
  { column: 'isdCode', path: 'contactInfo.isdCode', kind: 'text', isRequired: false, example: '+92', note: '' },
  { column: 'phoneNumber', path: 'contactInfo.phoneNumber', kind: 'text', isRequired: true, example: '3001234567', note: '' },
  { column: 'address', path: 'contactInfo.address', kind: 'text', isRequired: false, example: '12 Mall Road', note: '' },
  { column: 'city', path: 'contactInfo.city', kind: 'text', isRequired: false, example: 'Lahore', note: '' },
  { column: 'postalCode', path: 'contactInfo.postalCode', kind: 'text', isRequired: false, example: '54000', note: '' },
  { column: 'workTypeId', path: 'occupationInfo.workTypeId', kind: 'text', isRequired: false, example: 'salaried', note: 'Work type code' },
  { column: 'industryId', path: 'occupationInfo.industryId', kind: 'text', isRequired: false, example: '', note: 'Industry code' },
  { column: 'taxId', path: 'occupationInfo.taxId', kind: 'text', isRequired: false, example: '', note: '' },
  { column: 'companyName', path: 'occupationInfo.companyName', kind: 'text', isRequired: false, example: '', note: 'Employer' },
  {
    column: 'products',
    path: 'accountInfo.products',
    kind: 'list',
    isRequired: false,
    example: 'savings',
    note: "Product codes, ';' between",
  },
  { column: 'isFaceToFace', path: 'accountInfo.isf2f', kind: 'flag', isRequired: false, example: 'yes', note: 'yes or no' },
  { column: 'pepPublicPosition', path: 'pepDeclaration.anyPublicPos', kind: 'flag', isRequired: false, example: 'no', note: 'yes or no' },
  {
    column: 'pepRelative',
    path: 'pepDeclaration.relativeTwelveMonths',
    kind: 'flag',
    isRequired: false,
    example: 'no',
    note: 'yes or no',
  },
];

export const BULK_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export const ZBulkTemplateQuery = z.object({
  format: z.enum(BULK_TEMPLATE_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
});

/** POST customers/etl-transform: the uploaded file and the segment its customers join. */
export const ZEtlTransformRequest = z.object({
  fileName: z.string().trim().min(1, BULK_MESSAGES.uploadFirst).max(200),
  dataSegmentId: z.string().max(64).optional(),
});
export type TEtlTransformRequest = z.infer<typeof ZEtlTransformRequest>;

export const BULK_UPLOAD_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;

/** One bulk upload as the progress reports it. */
export const ZBulkUpload = z.object({
  _id: z.string(),
  dataSegmentId: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  status: z.enum(BULK_UPLOAD_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  acceptedRows: z.number().int(),
  refusedRows: z.number().int(),
  /** The refused rows with their reasons, served at files/bulk-error/{errorFileName}; null when none was refused. */
  errorFileName: z.string().nullable(),
  /** Why the whole file was refused (unreadable, unknown columns); null otherwise. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TBulkUpload = z.infer<typeof ZBulkUpload>;

/**
 * GET users/bulkUploadProgress: percentage and status at the top level, the upload in data. Status
 * is false when there is nothing to follow (no upload, or the file was refused); the client polls
 * while it is true and the percentage is under 100.
 */
export const ZBulkProgress = z.object({
  status: z.boolean(),
  message: z.string(),
  percentage: z.number().int().min(0).max(100),
  data: ZBulkUpload.nullable(),
});
export type TBulkProgress = z.infer<typeof ZBulkProgress>;

export const ZBulkProgressQuery = z.object({
  /** True on the page's first load: only a running upload is reported. False while polling: the latest one. */
  onLoad: z
    .enum(['true', 'false'], { error: 'onLoad must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  dataSegmentId: z.string().max(64).optional(),
});

/** A bulk error file's server-given name. */
export const ZBulkErrorParams = z.object({ errorFileName: z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/) });
