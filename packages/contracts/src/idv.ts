import { z } from 'zod';

/** Card sides as the client sends them, in any case. */
export const ZCardSide = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['FRONT', 'BACK']));

/** POST customers/ocr: filePath is the server-assigned name of an uploaded document. */
export const ZOcrRequest = z.object({
  cardSide: ZCardSide.optional(),
  cardType: z.string().trim().max(40).optional(),
  cardTypeList: z.union([z.array(z.string().trim().max(40)).max(50), z.string().max(2000)]).optional(),
  filePath: z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/, 'Upload the document first'),
  isAuthenticated: z.boolean().optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TOcrRequest = z.infer<typeof ZOcrRequest>;

export const NEAR_EXPIRY_DAYS_DEFAULT = 30;

/**
 * Identity verification settings of a data segment (the IDV configuration screen): which card
 * types onboarding accepts, the face-match threshold (null keeps the engine's calibrated one),
 * whether liveness asks for an active challenge, and how many days before expiry a document
 * counts as nearly expired.
 */
export const ZIdvSettings = z.object({
  acceptedCardTypes: z.array(z.string().trim().min(1).max(40)).min(1, 'Accept at least one document type').max(100),
  faceMatchThreshold: z.number().min(0, 'Use a threshold between 0 and 100').max(100, 'Use a threshold between 0 and 100').nullable(),
  isLivenessChallengeOn: z.boolean(),
  nearExpiryDays: z.number().int('Use whole days').min(0, 'Use between 0 and 365 days').max(365, 'Use between 0 and 365 days'),
});
export type TIdvSettings = z.infer<typeof ZIdvSettings>;

export const DEFAULT_IDV_SETTINGS: TIdvSettings = {
  acceptedCardTypes: [
    'PKR CNIC 0 FRONT',
    'PKR CNIC 0 BACK',
    'PKR CNIC 1 FRONT',
    'PKR CNIC 1 BACK',
    'NON PT 0 FRONT',
    'GBR PT 0 FRONT',
    'GBR BRP',
    'GBR DL',
    'ARE ID',
    'QAT RP',
  ],
  faceMatchThreshold: null,
  isLivenessChallengeOn: true,
  nearExpiryDays: NEAR_EXPIRY_DAYS_DEFAULT,
};

const ZStoredFile = z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/, 'Upload the file first');

/** Compare the document's portrait with a selfie or a video frame (both uploaded first). */
export const ZFaceMatchRequest = z.object({
  documentFile: ZStoredFile,
  selfieFile: ZStoredFile,
  dataSegmentId: z.string().max(64).optional(),
});

/** The verification status values the record keeps (verificationStatus), shown with their badges. */
export type TFaceStatus = 'matched' | 'notmatched' | 'notfound';
export type TLivenessStatus = 'completed' | 'rejected';

export const ZFaceMatchResult = z.object({
  score: z.number(),
  threshold: z.number(),
  match: z.boolean(),
  issues: z.array(z.string()),
  verificationStatus: z.object({ face: z.enum(['matched', 'notmatched', 'notfound']) }),
});

export const ZLivenessChallenge = z.object({
  challengeId: z.string(),
  challenge: z.string(),
  instructions: z.string(),
  expiresAt: z.string(),
  isRequired: z.boolean(),
});
export type TLivenessChallenge = z.infer<typeof ZLivenessChallenge>;

export const ZLivenessRequest = z.object({
  videoFile: ZStoredFile,
  challengeId: z.uuid('Ask for a challenge first'),
  referenceFile: ZStoredFile.optional(),
  isMirrored: z.boolean().optional(),
  dataSegmentId: z.string().max(64).optional(),
});
export type TLivenessRequest = z.infer<typeof ZLivenessRequest>;

export const ZLivenessResult = z.object({
  live: z.boolean(),
  reasons: z.array(z.string()),
  challenge: z.string(),
  challengeCompleted: z.boolean(),
  framesAnalysed: z.number().int(),
  faceMatch: z.object({ score: z.number(), threshold: z.number(), match: z.boolean() }).nullable(),
  verificationStatus: z.object({
    liveness: z.enum(['completed', 'rejected']),
    face: z.enum(['matched', 'notmatched', 'notfound']).nullable(),
  }),
});
export type TLivenessResult = z.infer<typeof ZLivenessResult>;

const ZSummaryFinding = z.object({ message: z.string() });

/** document_summary of an OCR answer: each finding with the sentence shown for it. */
export const ZDocumentSummary = z.object({
  document_name: z.string().nullable(),
  heading: z.string(),
  image_quality: ZSummaryFinding.extend({ score: z.number(), label: z.enum(['Good', 'Average', 'Poor']) }),
  missing_text_fields: ZSummaryFinding.extend({ fields: z.array(z.string()) }),
  damaged: ZSummaryFinding.extend({ isDamaged: z.boolean() }),
  validity: ZSummaryFinding.extend({ status: z.enum(['valid', 'near_expiry', 'expired', 'unknown']), expiryDate: z.string().nullable() }),
  portrait: ZSummaryFinding.extend({ isFound: z.boolean() }),
});

const text = z.string().nullable();

/** ocr.ocr_results: every field as read (dates ISO YYYY-MM-DD), or null when it was not read. */
export const ZOcrFields = z.object({
  name: text,
  surname: text,
  dob: text,
  sex: text,
  gender: text,
  nationality: text,
  country_of_stay: text,
  id_number: text,
  passport_no: text,
  license_no: text,
  permit_no: text,
  doe: text,
  expiry: text,
  father_name: text,
});

/** The reading mapped onto the customer record's fields, only those that were read. */
export const ZCustomerRecordPatch = z.object({
  basicInfo: z.object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    fatherName: z.string().optional(),
    dateOfBirth: z.string().optional(),
    gender: z.string().optional(),
    genderId: z.string().optional(),
    nationality: z.string().optional(),
    nationalityId: z.string().optional(),
  }),
  identityInfo: z.object({
    cardType: z.string().optional(),
    number: z.string().optional(),
    expiryDate: z.string().optional(),
    documentSummary: ZDocumentSummary.optional(),
    documentSummaryBack: ZDocumentSummary.optional(),
    passport: z
      .object({ number: z.string().optional(), expiryDate: z.string().optional(), documentSummary: ZDocumentSummary.optional() })
      .optional(),
  }),
  documentInfo: z.object({ ocrPicture: z.object({ fileName: z.string() }).optional() }),
});

/** POST customers/ocr answers the reading (result, status code and its message, summary, fields, portrait) and the record patch. */
export const ZOcrAnswer = z.object({
  result: z.boolean(),
  status_code: z.number().int(),
  message: z.string(),
  document_summary: ZDocumentSummary,
  card_type: z.string().nullable(),
  ocr: z.object({ ocr_results: ZOcrFields }),
  /** The portrait crop as base64 JPEG, or null when none was found. */
  face: z.object({ face_image: z.string().nullable() }),
  record: ZCustomerRecordPatch,
});
export type TOcrAnswer = z.infer<typeof ZOcrAnswer>;

export const ZLivenessChallengeRequest = z.object({ dataSegmentId: z.string().max(64).optional() });

export const ZIdvSettingsQuery = z.object({ dataSegmentId: z.string().max(64).optional() });
export const ZIdvSettingsSave = ZIdvSettings.extend({ dataSegmentId: z.string().max(64).optional() });

export const IDV_MESSAGES = {
  facesCompared: 'Faces compared',
  challengeIssued: 'Challenge issued',
  livenessChecked: 'Liveness checked',
  documentRead: 'Document read',
  settingsSaved: 'Identity verification settings saved',
} as const;
