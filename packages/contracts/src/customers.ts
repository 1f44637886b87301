/**
 * The customer registration record: one schema for every section the spec lists for a customer,
 * used by the server (what it stores and returns), the web (the registration and profile screens)
 * and the OpenAPI document. Sections arrive from several journeys (staff self-register, the public
 * deep link, OCR prefill, edit profile), so inside the stored record almost every field is
 * optional; what a journey must provide is checked by the create input below, with the messages a
 * staff user reads.
 */
import { z } from 'zod';
import { COMPANY_DOCUMENT_KINDS, ZCompanyDocument, ZCompanyInfo } from './company-record';
import { STORED_FILE_NAME } from './files';
import { ZListQuery } from './http';
import { ZRiskLevel } from './risk-rating';
import { HIT_TYPES, ZHitType } from './screening';
import { safeString } from './safe-text';
import { ZSignature, ZSignatureInput } from './signature';
import { ZEmail, ZPhoneNumber } from './users';

/* ------------------------------------------------------------------ field helpers */

/** Free text a person types: no control characters, trimmed, bounded. */
const text = (label: string, max = 200) => safeString().trim().max(max, `${label} must be at most ${max} characters`);

/** A required text field: the message names the field the way the form labels it. */
const requiredText = (label: string, max = 200) =>
  safeString(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A reference-data id (nationality, country, gender, industry, ...): the code the dropdown stores. */
const code = (label: string) => safeString().trim().max(64, `${label} must be at most 64 characters`);
const requiredCode = (label: string) =>
  safeString(`${label} is required`).trim().min(1, `${label} is required`).max(64, `${label} must be at most 64 characters`);

/** Calendar dates are stored as the forms send them: YYYY-MM-DD (the OCR prefill uses the same form). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const date = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), { message: `${label} must be a date (YYYY-MM-DD)` });
const requiredDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isCalendarDate, { message: `${label} must be a date (YYYY-MM-DD)` });

/** Yes/no answers: the forms send booleans; older records may hold 'yes'/'no', which the engine also reads. */
const flag = z.boolean();

/** An uploaded file as the upload call answered it (000 upload result). */
export const ZFileRef = z.object({
  fileName: safeString().trim().min(1, 'Upload the file first').max(300, 'File name must be at most 300 characters'),
  originalFileName: text('Original file name', 300).optional(),
});
export type TFileRef = z.infer<typeof ZFileRef>;

/* ------------------------------------------------------------------ enumerations */

export const CUSTOMER_TYPES = ['individual', 'company'] as const;
export const ZCustomerType = z.enum(CUSTOMER_TYPES);
export type TCustomerType = z.infer<typeof ZCustomerType>;

export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZKycStatus = z.enum(KYC_STATUSES, { error: 'KYC status must be pending, approved or rejected' });
export type TKycStatus = z.infer<typeof ZKycStatus>;

/**
 * Statuses of the customer record itself, beyond the KYC status (PR-09, decided): active, or
 * archived by a holder of archive-customer-profile. The KYC status moves pending → approved or
 * rejected only through the alert review.
 */
export const RECORD_STATUSES = ['active', 'archived'] as const;
export const ZRecordStatus = z.enum(RECORD_STATUSES);
export type TRecordStatus = z.infer<typeof ZRecordStatus>;

/** The spec's ID types; 'lisence' keeps the spec's spelling because stored records use it. */
export const ID_TYPES = ['passport', 'lisence', 'id'] as const;
export const ZIdType = z.enum(ID_TYPES, { error: 'Choose an ID type: passport, driving licence or national ID card' });
export type TIdType = z.infer<typeof ZIdType>;

/**
 * How a customer came in: the staff self-register, a deep link, the dynamic or older public
 * registration, a bulk upload, or the API. The list filters by it.
 */
export const CUSTOMER_SOURCES = ['self-register', 'deep-link', 'dynamic-register', 'public-register', 'bulk-upload', 'api'] as const;
export const ZCustomerSource = z.enum(CUSTOMER_SOURCES, { error: `source must be one of ${CUSTOMER_SOURCES.join(', ')}` });
export type TCustomerSource = z.infer<typeof ZCustomerSource>;
export const CUSTOMER_SOURCE_LABELS: Record<TCustomerSource, string> = {
  'self-register': 'Self Service Onboarding',
  'deep-link': 'Deep Link Onboarding',
  'dynamic-register': 'Dynamic registration',
  'public-register': 'Public registration',
  'bulk-upload': 'Bulk Onboarding',
  api: 'API',
};

/** Which customers a list shows by record status: the active ones (default), the archived ones, or all. */
export const CUSTOMER_STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export const ID_TYPE_LABELS: Record<TIdType, string> = { passport: 'Passport', lisence: 'Driving licence', id: 'National ID card' };

/** Hit types as the customer list filters them (000: pepHit, enforcementHit, blackListHit, sanctionHit). */
export const ZCustomerHitType = ZHitType;

/** Liveness and face results start pending and are set by the verification steps, never by the client. */
export const LIVENESS_STATUSES = ['pending', 'passed', 'failed'] as const;
export const FACE_STATUSES = ['pending', 'matched', 'not-matched'] as const;
export const ZVerificationStatus = z.object({
  liveness: z.enum(LIVENESS_STATUSES).default('pending'),
  face: z.enum(FACE_STATUSES).default('pending'),
});

/** Further checks of the customer (NADRA, criminal record); both start pending. */
export const CHECK_STATUSES = ['pending', 'verified', 'failed', 'not-required'] as const;
export const ZCustomerVerificationStatus = z.object({
  nadra: z.enum(CHECK_STATUSES).default('pending'),
  criminalRecord: z.enum(CHECK_STATUSES).default('pending'),
});

/** The most tax countries the CRS section holds. */
export const CRS_MAX_COUNTRIES = 3;

/* ------------------------------------------------------------------ sections */

export const ZBasicInfo = z.object({
  token: text('Token', 200).optional(),
  firstName: text('First name', 100).optional(),
  middleName: text('Middle name', 100).optional(),
  lastName: text('Last name', 100).optional(),
  fatherName: text('Father name', 200).optional(),
  genderId: code('Gender').optional(),
  gender: text('Gender', 50).optional(),
  dateOfBirth: date('Date of birth').optional(),
  nationalityId: code('Nationality').optional(),
  nationality: text('Nationality', 100).optional(),
  countryOfResidenceId: code('Country of residence').optional(),
  countryOfResidence: text('Country of residence', 100).optional(),
  profileType: text('Profile type', 50).optional(),
  companyRelationship: text('Company relationship', 100).optional(),
  hasOtherNationalities: flag.optional(),
  otherNationalities: z.array(code('Other nationality')).max(10, 'At most 10 other nationalities').optional(),
  companyStatus: text('Company status', 100).optional(),
  companyType: text('Company type', 100).optional(),
});
export type TBasicInfo = z.infer<typeof ZBasicInfo>;

export const ZIdentityInfo = z.object({
  type: ZIdType.optional(),
  cardType: text('Card type', 100).optional(),
  number: text('ID number', 64).optional(),
  expiryDate: date('Expiry date').optional(),
  isLifetimeExpiry: flag.optional(),
  passport: z
    .object({
      number: text('Passport number', 64).optional(),
      expiryDate: date('Passport expiry date').optional(),
      documentSummary: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  /**
   * What the document itself says, as the reader read it (before the customer corrected anything):
   * the journeys keep it so the document statuses can tell a document that matches the entered
   * identity from one that does not.
   */
  documentReading: z
    .object({
      name: z.string().max(200).nullable().optional(),
      surname: z.string().max(200).nullable().optional(),
      dateOfBirth: z.string().max(20).nullable().optional(),
      number: z.string().max(64).nullable().optional(),
    })
    .optional(),
  /** The OCR document summary of the front and back (000 OCR result), kept as the reader returned it. */
  documentSummary: z.record(z.string(), z.unknown()).optional(),
  documentSummaryBack: z.record(z.string(), z.unknown()).optional(),
});
export type TIdentityInfo = z.infer<typeof ZIdentityInfo>;

export const ZOccupationInfo = z.object({
  workTypeId: code('Work type').optional(),
  workType: text('Work type', 100).optional(),
  industryId: code('Industry').optional(),
  industry: text('Industry', 100).optional(),
  taxId: text('Tax ID', 64).optional(),
  tradeLicenseNumber: text('Trade licence number', 64).optional(),
  tradeLicenseExpiryDate: date('Trade licence expiry date').optional(),
  tradeLicenseIncorporationLocation: text('Trade licence incorporation location', 200).optional(),
  emiratesId: text('Emirates ID', 64).optional(),
  emiratesIdExpiryDate: date('Emirates ID expiry date').optional(),
  companyName: text('Company name', 200).optional(),
  relationshipStartDate: date('Relationship start date').optional(),
  positionsInCompany: z.array(text('Position', 100)).max(20, 'At most 20 positions').optional(),
});
export type TOccupationInfo = z.infer<typeof ZOccupationInfo>;

/** The eight PEP questions, each answered yes (true) or no (false); `other` may carry a note. */
export const PEP_DECLARATION_QUESTIONS = [
  'anyPublicPos',
  'posLastTwoMonths',
  'everPublicPosition',
  'diplomaticImmunity',
  'relativeTwelveMonths',
  'closeAssociateTwelveMonths',
  'conviction',
  'other',
] as const;
export const ZPepDeclaration = z.object({
  anyPublicPos: flag.optional(),
  posLastTwoMonths: flag.optional(),
  everPublicPosition: flag.optional(),
  diplomaticImmunity: flag.optional(),
  relativeTwelveMonths: flag.optional(),
  closeAssociateTwelveMonths: flag.optional(),
  conviction: flag.optional(),
  other: flag.optional(),
});
export type TPepDeclaration = z.infer<typeof ZPepDeclaration>;

/** Source of wealth or of funds: what is evidenced, an 'other' text, and the evidence document. */
export const ZSourceOf = z.object({
  evidenced: z.array(text('Source', 100)).max(20, 'At most 20 sources').optional(),
  OtherEvidenced: text('Other source', 500).optional(),
  evidenceDocument: ZFileRef.optional(),
});
export type TSourceOf = z.infer<typeof ZSourceOf>;

export const ZContactInfo = z.object({
  address: text('Address', 500).optional(),
  stateId: code('State').optional(),
  state: text('State', 100).optional(),
  city: text('City', 100).optional(),
  postalCode: text('Postal code', 20).optional(),
  isdCode: text('ISD code', 8).optional(),
  isdCountryCodeId: code('ISD country').optional(),
  phoneNumber: ZPhoneNumber.or(z.literal('')).optional(),
  email: ZEmail.or(z.literal('')).optional(),
  confirmEmail: z.string().trim().toLowerCase().max(254).optional(),
  /**
   * Set by the server only: when the customer proved the e-mail or mobile number above with a
   * one-time code on a public registration (docs/decisions/public-otp.md). Never taken from input.
   */
  emailVerifiedAt: z.string().optional(),
  phoneVerifiedAt: z.string().optional(),
});
export type TContactInfo = z.infer<typeof ZContactInfo>;

export const ZEnhancedDueDiligence = z.object({
  dateOfEdd: date('Date of EDD').optional(),
  isScrutinyPerformed: flag.optional(),
  scrutinyRemarks: text('Scrutiny remarks', 2000).optional(),
  isCustBusInquired: flag.optional(),
  custBusInquiredRemarks: text('Customer business inquiry remarks', 2000).optional(),
  isManagementApproval: flag.optional(),
  managementApprovalRemarks: text('Management approval remarks', 2000).optional(),
  isFirstPayment: flag.optional(),
  firstPaymentRemarks: text('First payment remarks', 2000).optional(),
});
export type TEnhancedDueDiligence = z.infer<typeof ZEnhancedDueDiligence>;

export const ZAccountInfo = z.object({
  /** Product codes (the product factor values of the segment's risk configuration). */
  products: z.array(code('Product')).max(50, 'At most 50 products').optional(),
  isf2f: flag.optional(),
  isStr: flag.optional(),
  strDate: date('STR date').optional(),
  strReason: text('STR reason', 2000).optional(),
  enhancedDueDiligence: ZEnhancedDueDiligence.optional(),
});
export type TAccountInfo = z.infer<typeof ZAccountInfo>;

/** Every documentInfo entry the spec lists; each holds fileName and originalFileName. */
export const DOCUMENT_ENTRIES = [
  'utility',
  'identity',
  'identityBack',
  'video',
  'visaPage',
  'fieldEmiratesID',
  'fieldEmiratesIDBack',
  'fieldAddressProof',
  'fundsEvidenceDocument',
  'wealthEvidenceDocument',
  'licenseFront',
  'licenseBack',
  'additionalDocument',
  'proofOfEmployment',
  'EducationalDocument',
  'consentForm',
  'ocrPicture',
  'scrutiny',
  'custBusInquired',
  'managementApproval',
  'firstPayment',
] as const;
export type TDocumentEntry = (typeof DOCUMENT_ENTRIES)[number];

export const ZDocumentInfo = z.object({
  ...(Object.fromEntries(DOCUMENT_ENTRIES.map((entry) => [entry, ZFileRef.optional()])) as Record<
    TDocumentEntry,
    z.ZodOptional<typeof ZFileRef>
  >),
  /** The kind of address proof uploaded in fieldAddressProof (from the onboarding configuration). */
  addressProofDocumentType: text('Address proof document type', 100).optional(),
});
export type TDocumentInfo = z.infer<typeof ZDocumentInfo>;

/**
 * A form builder's file or signature answer as dynamicInputValues keeps it: the stored file and the
 * kind of field that took it, so the profile links the file or shows the signature image.
 */
export const ZCustomFileValue = z.object({
  kind: z.enum(['file', 'signature']),
  fileName: z.string().regex(STORED_FILE_NAME, 'A custom file must be a stored file'),
  originalFileName: text('File name', 255).optional(),
});
export type TCustomFileValue = z.infer<typeof ZCustomFileValue>;

/** Custom fields from the form builder: names to plain values (or a stored file), bounded so a record stays small. */
const ZCustomValue = z.union([
  text('Custom field', 2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(text('Custom field', 500)).max(50),
  ZCustomFileValue,
]);
export const ZCustomFields = z
  .record(z.string().max(100), ZCustomValue)
  .refine((fields) => Object.keys(fields).length <= 200, { message: 'At most 200 custom fields' });

export const ZAdditionalInfo = z.object({
  /** A band code or an amount; the risk engine reads either. */
  investment: z.union([text('Investment', 100), z.number().nonnegative('Investment cannot be negative')]).optional(),
  gccNational: flag.optional(),
});
export type TAdditionalInfo = z.infer<typeof ZAdditionalInfo>;

/** The other holder of a joint account, or the minor's guardian: who they are. */
const relatedPersonFields = {
  name: text('Name', 200).optional(),
  relation: text('Relation', 100).optional(),
  idNumber: text('ID number', 64).optional(),
  email: ZEmail.or(z.literal('')).optional(),
  address: text('Address', 500).optional(),
  phoneNumber: ZPhoneNumber.or(z.literal('')).optional(),
  isdCode: text('ISD code', 8).optional(),
};
export const ZJointAccountInfo = z.object({ isJointAccount: flag.optional(), ...relatedPersonFields });
export const ZMinorAccountInfo = z.object({ isMinorAccount: flag.optional(), ...relatedPersonFields });

export const ZCrsCountry = z.object({
  countryId: code('Tax country').optional(),
  country: text('Tax country', 100).optional(),
  tin: text('TIN', 64).optional(),
  reason: text('Reason', 200).optional(),
  otherReason: text('Other reason', 500).optional(),
});
export const ZCrsInfo = z.object({
  taxCountries: z.array(ZCrsCountry).max(CRS_MAX_COUNTRIES, `At most ${CRS_MAX_COUNTRIES} tax countries can be added`).optional(),
});
export type TCrsInfo = z.infer<typeof ZCrsInfo>;

export const ZFatcaInfo = z.object({
  name: text('Name', 200).optional(),
  idNumber: text('ID number', 64).optional(),
  placeOfBirthId: code('Place of birth').optional(),
  placeOfBirth: text('Place of birth', 100).optional(),
  hasOtherResidency: flag.optional(),
  otherResidency: text('Other residency', 200).optional(),
  isCountryTax: flag.optional(),
  taxCountries: z.array(code('Tax country')).max(10, 'At most 10 tax countries').optional(),
  nationalities: z.array(code('Nationality')).max(10, 'At most 10 nationalities').optional(),
  isPowerAttorney: flag.optional(),
  powerAttorneyName: text('Power of attorney name', 200).optional(),
  powerAttorneyAddress: text('Power of attorney address', 500).optional(),
});
export type TFatcaInfo = z.infer<typeof ZFatcaInfo>;

export { E_SIGN_CONSENT, SIGNATURE_FORBIDDEN, SIGNATURE_TEXT_MESSAGE, ZSignature, type TSignature } from './signature';

/**
 * A record's signature as stored: records written before the image was kept as a stored file
 * may hold the image itself, so reading accepts any bounded string in `sign`.
 */
const ZStoredSignature = ZSignature.extend({ sign: z.string().max(400_000).optional() });

/** Where the customer was: resolved on the server from the request's address, offline. */
export const ZIpLocationDetails = z.object({
  ip: z.string().max(64).optional(),
  countryCode: z.string().max(8).optional(),
  country: z.string().max(100).optional(),
});

/** Claims of a national digital identity (UAE Pass or another OpenID Connect provider) used to prefill. */
export const ZUaePassDetails = z.record(z.string().max(100), z.unknown());

/* ------------------------------------------------------------------ the record */

/** The registration record as stored and returned: every section of the spec. */
export const ZCustomerRecord = z.object({
  sanadId: z.string().optional(),
  isIphone: flag.optional(),
  dataSegmentId: z.string().optional(),
  /** Parent records (a company's related persons point to the company). */
  parents: z.array(z.string().max(64)).max(50).optional(),
  type: ZCustomerType.optional(),
  reference: text('Reference', 100).optional(),
  signature: ZStoredSignature.optional(),
  ipLocationDetails: ZIpLocationDetails.optional(),
  uaePassDetails: ZUaePassDetails.optional(),
  verificationStatus: ZVerificationStatus.optional(),
  customerVerificationStatus: ZCustomerVerificationStatus.optional(),
  hasInsolvencyHistory: flag.optional(),
  undeliverableRegisteredOfficeAddress: flag.optional(),
  confirmationStatementOverdue: flag.optional(),
  accountsOverdue: flag.optional(),
  registeredOfficeIsInDispute: flag.optional(),
  /** A company's own declaration (customers of type company). */
  companyInfo: ZCompanyInfo.optional(),
  /** A company's documents from its onboarding (customers of type company). */
  companyDocuments: z.array(ZCompanyDocument).max(COMPANY_DOCUMENT_KINDS.length).optional(),
  basicInfo: ZBasicInfo.optional(),
  identityInfo: ZIdentityInfo.optional(),
  occupationInfo: ZOccupationInfo.optional(),
  pepDeclaration: ZPepDeclaration.optional(),
  sourceOfWealth: ZSourceOf.optional(),
  sourceOfFunds: ZSourceOf.optional(),
  contactInfo: ZContactInfo.optional(),
  accountInfo: ZAccountInfo.optional(),
  documentInfo: ZDocumentInfo.optional(),
  customInfo: ZCustomFields.optional(),
  dynamicInputValues: ZCustomFields.optional(),
  additionalInfo: ZAdditionalInfo.optional(),
  jointAccountInfo: ZJointAccountInfo.optional(),
  minorAccountInfo: ZMinorAccountInfo.optional(),
  crsInfo: ZCrsInfo.optional(),
  fatcaInfo: ZFatcaInfo.optional(),
});
export type TCustomerRecord = z.infer<typeof ZCustomerRecord>;

/* ------------------------------------------------------------------ create input */

/** What staff must give in basicInfo: the names and facts screening and rating need. */
export const ZBasicInfoInput = ZBasicInfo.extend({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  dateOfBirth: requiredDate('Date of birth').refine((value) => value <= new Date().toISOString().slice(0, 10), {
    message: 'Date of birth cannot be in the future',
  }),
  nationalityId: requiredCode('Nationality'),
  countryOfResidenceId: requiredCode('Country of residence'),
});

export const ZIdentityInfoInput = ZIdentityInfo.extend({
  type: ZIdType,
  number: requiredText('ID number', 64),
});

export const ZContactInfoInput = ZContactInfo.omit({ emailVerifiedAt: true, phoneVerifiedAt: true }).extend({
  phoneNumber: ZPhoneNumber,
  email: ZEmail,
});

/**
 * POST customers/self-register: what a staff user submits at the end of the staff-assisted
 * self-register. Basic, identity, contact, occupation, PEP declaration and account info are
 * required; the rest is what the journey collected. Verification results, the sanadId, the data
 * segment and the location are set by the server, never taken from here.
 */
const customerSections = {
  isIphone: flag.optional(),
  reference: text('Reference', 100).optional(),
  signature: ZSignatureInput.optional(),
  uaePassDetails: ZUaePassDetails.optional(),
  basicInfo: ZBasicInfoInput,
  identityInfo: ZIdentityInfoInput,
  occupationInfo: ZOccupationInfo,
  pepDeclaration: ZPepDeclaration,
  contactInfo: ZContactInfoInput,
  accountInfo: ZAccountInfo,
  sourceOfWealth: ZSourceOf.optional(),
  sourceOfFunds: ZSourceOf.optional(),
  documentInfo: ZDocumentInfo.optional(),
  customInfo: ZCustomFields.optional(),
  dynamicInputValues: ZCustomFields.optional(),
  additionalInfo: ZAdditionalInfo.optional(),
  jointAccountInfo: ZJointAccountInfo.optional(),
  minorAccountInfo: ZMinorAccountInfo.optional(),
  crsInfo: ZCrsInfo.optional(),
  fatcaInfo: ZFatcaInfo.optional(),
};

function emailsMatch(input: { contactInfo: { email: string; confirmEmail?: string | undefined } }, context: z.RefinementCtx): void {
  const { email, confirmEmail } = input.contactInfo;
  if (confirmEmail !== undefined && confirmEmail !== '' && confirmEmail !== email)
    context.addIssue({ code: 'custom', path: ['contactInfo', 'confirmEmail'], message: 'Emails do not match' });
}

export const ZCustomerCreateInput = z
  .object({
    /**
     * A key the client generates once per registration (a UUID) and sends again on every retry:
     * a retried submission returns the customer the first one created instead of a second one.
     */
    submissionKey: z.uuid({ error: 'submissionKey must be a UUID' }).optional(),
    /** The active data segment the client adds to every create; checked against the caller's segments. */
    dataSegmentId: z.string().max(64).optional(),
    ...customerSections,
  })
  .superRefine(emailsMatch);
export type TCustomerCreateInput = z.infer<typeof ZCustomerCreateInput>;
export type TCustomerCreateBody = z.input<typeof ZCustomerCreateInput>;

/**
 * PUT customers/:id (edit profile): the whole record as the edit steps submit it, validated like a
 * registration, and the version the staff user loaded. The server-set sections (sanadId, segment,
 * verification results, location) are kept from the stored record, never taken from here.
 */
export const ZCustomerUpdateInput = z
  .object({
    /** The record version the edit started from; a customer changed since answers 409. */
    version: z.number({ error: 'version is required: send the version you edited' }).int().min(1),
    ...customerSections,
  })
  .superRefine(emailsMatch);
export type TCustomerUpdateInput = z.infer<typeof ZCustomerUpdateInput>;
export type TCustomerUpdateBody = z.input<typeof ZCustomerUpdateInput>;

/* ------------------------------------------------------------------ hits, list, detail, versions */

/**
 * A hit's determination, in the risk engine's words: open until reviewed, then genuine (the
 * spec's 'relevant') or a false positive ('not relevant'). The alert review sets it.
 */
export const HIT_DETERMINATIONS_STORED = ['open', 'genuine', 'false-positive'] as const;

/** One screening hit of a customer, with the spec's hit columns (SC-13, SC-14). */
export const ZCustomerHit = z.object({
  _id: z.string(),
  customerId: z.string(),
  fullName: z.string(),
  dob: z.string().nullable(),
  fatherOrHusband: z.string().nullable(),
  idNumber: z.string().nullable(),
  country: z.string().nullable(),
  associates: z.array(z.string()),
  publisherName: z.string(),
  sourceList: z.string(),
  score: z.number(),
  hitType: ZHitType,
  sanction: z.boolean(),
  pep: z.boolean(),
  specialInterest: z.boolean(),
  adverseMedia: z.boolean(),
  hitDetermination: z.enum(HIT_DETERMINATIONS_STORED),
  relevant: z.boolean(),
  notRelevant: z.boolean(),
  comments: z.string(),
  createdAt: z.string(),
});
export type TCustomerHit = z.infer<typeof ZCustomerHit>;

/**
 * The document status tags (DO-22), computed from the record when it is registered or edited:
 * the document's reading agrees with the entered identity, the identity document expires within
 * DOCUMENT_NEAR_EXPIRY_DAYS (or has expired), or the reading differs from the entered identity.
 */
export const DOCUMENT_STATUSES = ['Document Matched', 'Documents nearing expiry', 'Documents mismatched'] as const;
export const ZDocumentStatus = z.enum(DOCUMENT_STATUSES);
export type TDocumentStatus = z.infer<typeof ZDocumentStatus>;
export const DOCUMENT_NEAR_EXPIRY_DAYS = 30;

/** One row of the customer list: the searchable facts, never the whole record. */
export const ZCustomerListItem = z.object({
  _id: z.string(),
  sanadId: z.string(),
  dataSegmentId: z.string(),
  type: ZCustomerType,
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationalityId: z.string().nullable(),
  countryOfResidenceId: z.string().nullable(),
  idType: ZIdType.nullable(),
  idNumber: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  kycStatus: ZKycStatus,
  riskLevel: ZRiskLevel.nullable(),
  hitTypes: z.array(ZHitType),
  products: z.array(z.string()),
  documentStatuses: z.array(ZDocumentStatus),
  status: ZRecordStatus,
  source: ZCustomerSource,
  /** The campaign or branch a dynamic registration came through (the address's :source); else null. */
  campaign: z.string().nullable(),
  /** False once archived: ongoing monitoring (re-rating walks, periodic review) leaves the customer alone. */
  isMonitored: z.boolean(),
  /** The identity document's expiry date has passed (a lifetime document never expires). */
  isDocumentExpired: z.boolean(),
  /** The periodic review date has come. */
  isReviewDue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

/** Columns the customer list sorts by. */
export const CUSTOMER_SORTABLE = ['createdAt', 'updatedAt', 'fullName', 'sanadId', 'dateOfBirth', 'kycStatus', 'riskLevel'] as const;
export const ZCustomerSortBy = z.enum(CUSTOMER_SORTABLE, { error: `sortBy must be one of ${CUSTOMER_SORTABLE.join(', ')}` });

/** How a custom-field filter compares: the whole answer (or a multi-select's option), or any part of a text. */
export const CUSTOM_MATCHES = ['equals', 'contains'] as const;
export type TCustomMatch = (typeof CUSTOM_MATCHES)[number];

/** A query-string list: one value, a repeated parameter, or comma-separated values. */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      value === undefined || value === ''
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part])),
    z.array(item).max(10).optional(),
  );
}

const queryDate = (label: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarDate, { message: `${label} must be a date (YYYY-MM-DD)` })
    .optional();

/**
 * GET customers/: the common list query (startAt, perPage, keyword, sortBy, sortOrder) plus the
 * KYC filters and the advanced-search fields. The keyword matches name, sanadId, ID number,
 * e-mail and phone number.
 */
export const ZCustomerListFilters = ZListQuery.extend({
  sortBy: ZCustomerSortBy.optional(),
  kycStatus: queryList(ZKycStatus),
  riskLevel: queryList(ZRiskLevel),
  hitType: queryList(z.enum(HIT_TYPES, { error: 'hitType must be pep, enforcement, blackList or sanction' })),
  idType: queryList(ZIdType),
  product: safeString().trim().max(64).optional(),
  source: queryList(ZCustomerSource),
  /** The campaign or branch of a dynamic registration, exactly as in its address. */
  campaign: safeString().trim().max(64).optional(),
  /** active (default): archived customers left out; archived: only them; all: both. */
  status: z.enum(CUSTOMER_STATUS_FILTERS, { error: 'status must be active, archived or all' }).optional(),
  createdFrom: queryDate('createdFrom'),
  createdTo: queryDate('createdTo'),
  type: ZCustomerType.optional(),
  firstName: safeString().trim().max(100).optional(),
  middleName: safeString().trim().max(100).optional(),
  lastName: safeString().trim().max(100).optional(),
  genderId: safeString().trim().max(64).optional(),
  nationalityId: safeString().trim().max(64).optional(),
  countryOfResidenceId: safeString().trim().max(64).optional(),
  workTypeId: safeString().trim().max(64).optional(),
  industryId: safeString().trim().max(64).optional(),
  /**
   * A custom field of the segment's forms (its key in customInfo) and the answer to look for:
   * `equals` (select, yes/no — 'yes'/'no' —, number, date; a multi-select holding the option) or
   * `contains` (text, any part, case-insensitive). Both or neither.
   */
  customField: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'customField must be a custom field key')
    .optional(),
  customValue: safeString().trim().min(1, 'customValue must not be empty').max(200).optional(),
  customMatch: z.enum(CUSTOM_MATCHES, { error: 'customMatch must be equals or contains' }).optional(),
  /** Archived customers are left out unless asked for. */
  isArchivedIncluded: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** A creation range must not end before it starts. */
export const isCreatedRangeValid = (query: { createdFrom?: string; createdTo?: string }): boolean =>
  !query.createdFrom || !query.createdTo || query.createdFrom <= query.createdTo;
export const CREATED_RANGE_ERROR: { message: string; path: string[] } = {
  message: 'createdFrom must not be after createdTo',
  path: ['createdTo'],
};

/** A custom-field filter names both the field and the value. */
export const isCustomFilterValid = (query: { customField?: string; customValue?: string }): boolean =>
  !query.customField === !query.customValue;
export const CUSTOM_FILTER_ERROR: { message: string; path: string[] } = {
  message: 'customField and customValue go together',
  path: ['customValue'],
};

export const ZCustomerListQuery = ZCustomerListFilters.refine(isCreatedRangeValid, CREATED_RANGE_ERROR).refine(
  isCustomFilterValid,
  CUSTOM_FILTER_ERROR,
);
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuery>;

/** An on-boarding (or later) alert row as the customer detail lists it; the alerts issue reviews it. */
export const ALERT_TYPES = ['on boarding', 'triggered', 'periodic', 'manual', 'expiry'] as const;
export const ZCustomerAlert = z.object({
  _id: z.string(),
  type: z.enum(ALERT_TYPES),
  reason: z.string(),
  state: z.string(),
  createdAt: z.string(),
});
export type TCustomerAlert = z.infer<typeof ZCustomerAlert>;

/** GET customers/:id: the row facts, the whole record, its screening hits and alerts. */
export const ZCustomerDetail = ZCustomerListItem.extend({
  record: ZCustomerRecord,
  version: z.number().int(),
  isEddRequired: z.boolean(),
  nextReviewDate: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  hits: z.array(ZCustomerHit),
  alerts: z.array(ZCustomerAlert),
});
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

/** One kept version of the record: who changed it, when, and which fields changed. */
export const ZCustomerVersion = z.object({
  _id: z.string(),
  customerId: z.string(),
  version: z.number().int(),
  action: z.enum(['created', 'edited']),
  /** Dotted paths of the fields that differ from the previous version ('*' for the first). */
  changedFields: z.array(z.string()),
  record: ZCustomerRecord,
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
});
export type TCustomerVersion = z.infer<typeof ZCustomerVersion>;

export const CUSTOMER_MESSAGES = {
  registered: 'Customer registered successfully',
  updated: 'Customer updated successfully',
  unchanged: 'Nothing changed; the customer record is as it was',
  staleVersion: (current: number) =>
    `This customer was changed by someone else since you opened it (now version ${current}); reload the profile and make your change again`,
  alreadyRegistered: 'This registration was already submitted; here is the customer it created',
  listed: 'Customers',
  found: 'Customer details',
  versions: 'Customer record versions',
  duplicateIdNumber: (sanadId: string) => `A customer with this ID number already exists (${sanadId})`,
  duplicateNameAndBirth: (sanadId: string) => `A customer with this full name and date of birth already exists (${sanadId})`,
  duplicateHidden: 'A customer with these details already exists in this data segment',
} as const;
