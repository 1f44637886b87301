/**
 * The company section of a customer record (a customers row of type 'company'): what a company
 * declares about itself. Kept apart from customers.ts so both the record schema and the company
 * endpoints read it without importing each other.
 */
import { z } from 'zod';
import { safeString } from './safe-text';

const text = (label: string, max = 200) => safeString().trim().max(max, `${label} must be at most ${max} characters`);
const requiredText = (label: string, max = 200) =>
  safeString(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const code = (label: string) => safeString().trim().max(64, `${label} must be at most 64 characters`);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
export const optionalDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), { message: `${label} must be a date (YYYY-MM-DD)` });

/** The company's status as the register gives it. */
export const COMPANY_STATUSES = ['active', 'dormant', 'in-liquidation', 'dissolved', 'struck-off'] as const;
export const COMPANY_STATUS_LABELS: Record<(typeof COMPANY_STATUSES)[number], string> = {
  active: 'Active',
  dormant: 'Dormant',
  'in-liquidation': 'In liquidation',
  dissolved: 'Dissolved',
  'struck-off': 'Struck off',
};

export const ZCompanyAddress = z.object({
  line1: text('Address line 1'),
  line2: text('Address line 2').optional(),
  city: text('City', 100).optional(),
  postalCode: text('Postal code', 20).optional(),
  countryId: code('Country').optional(),
});
export type TCompanyAddress = z.infer<typeof ZCompanyAddress>;

/**
 * What the company declares. The codes are those of the risk tables: legalForm is the entity-type
 * factor's code, industryId the industry factor's, incorporationCountryId a country code,
 * purposeOfRelationship the purpose-of-action factor's, so the rating scores what staff chose.
 */
export const ZCompanyInfo = z.object({
  legalName: requiredText('Legal name'),
  formerNames: z.array(text('Former name')).max(20, 'At most 20 former names').optional(),
  registrationNumber: requiredText('Registration number', 64),
  register: text('Register', 200).optional(),
  legalForm: code('Legal form').optional(),
  status: z.enum(COMPANY_STATUSES, { error: `Status must be one of ${COMPANY_STATUSES.join(', ')}` }).optional(),
  incorporationDate: optionalDate('Incorporation date').optional(),
  incorporationCountryId: code('Country of incorporation').optional(),
  registeredAddress: ZCompanyAddress.optional(),
  tradingAddress: ZCompanyAddress.optional(),
  industryId: code('Industry').optional(),
  tradeLicenceNumber: text('Trade licence number', 64).optional(),
  tradeLicenceExpiry: optionalDate('Trade licence expiry').optional(),
  tradeLicencePlace: text('Trade licence place of issue', 100).optional(),
  taxId: text('Tax ID', 64).optional(),
  website: text('Website', 300).optional(),
  purposeOfRelationship: code('Purpose of the relationship').optional(),
  expectedActivity: text('Expected activity', 2000).optional(),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

/**
 * The documents a company provides at onboarding. Staff upload each through the files API (type
 * documents) and the company record keeps which stored file is which document.
 */
export const COMPANY_DOCUMENT_KINDS = [
  'incorporation-certificate',
  'memorandum-and-articles',
  'register-of-members',
  'proof-of-address',
  'trade-licence',
] as const;
export type TCompanyDocumentKind = (typeof COMPANY_DOCUMENT_KINDS)[number];
export const COMPANY_DOCUMENT_LABELS: Record<TCompanyDocumentKind, string> = {
  'incorporation-certificate': 'Certificate of incorporation',
  'memorandum-and-articles': 'Memorandum and articles of association',
  'register-of-members': 'Register of members (shareholders)',
  'proof-of-address': 'Proof of registered address',
  'trade-licence': 'Trade licence',
};
/** Without the certificate of incorporation there is nothing showing the company exists. */
export const REQUIRED_COMPANY_DOCUMENTS: readonly TCompanyDocumentKind[] = ['incorporation-certificate'];

const ZCompanyDocumentKind = z.enum(COMPANY_DOCUMENT_KINDS, { error: `A document is one of ${COMPANY_DOCUMENT_KINDS.join(', ')}` });

/** One document as registration sends it: which document, and the stored file's name from the upload. */
export const ZCompanyDocumentInput = z.object({
  kind: ZCompanyDocumentKind,
  fileName: z.string().trim().min(1, 'Upload the file first').max(100),
});
export type TCompanyDocumentInput = z.infer<typeof ZCompanyDocumentInput>;

/** One document as the company record keeps it. */
export const ZCompanyDocument = ZCompanyDocumentInput.extend({
  originalFileName: z.string().max(300),
  contentType: z.string().max(200),
  receivedAt: z.string(),
});
export type TCompanyDocument = z.infer<typeof ZCompanyDocument>;
