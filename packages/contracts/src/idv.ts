import { z } from 'zod';

/** Card sides as the client sends them (000 §7); any case. */
export const ZCardSide = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['FRONT', 'BACK']));

/** POST customers/ocr (000 §7): filePath is the server-assigned name of an uploaded document. */
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

/** Staff create a public onboarding link for an end customer (register-customer). */
export const ZOnboardingLinkRequest = z.object({
  purpose: z.enum(['deep-register', 'dynamic-register', 'document-upload']).default('deep-register'),
  email: z.email('Enter a valid email address').optional(),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number')
    .optional(),
  validForDays: z.number().int().min(1, 'A link is valid for 1 to 30 days').max(30, 'A link is valid for 1 to 30 days').default(7),
  dataSegmentId: z.string().max(64).optional(),
});
export type TOnboardingLinkRequest = z.infer<typeof ZOnboardingLinkRequest>;

export const ZOnboardingLink = z.object({
  _id: z.string(),
  purpose: z.string(),
  status: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Present only in the answer that created the link: the token is never stored or shown again. */
  url: z.string().optional(),
});
export type TOnboardingLink = z.infer<typeof ZOnboardingLink>;

const ZStoredFile = z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/, 'Upload the file first');

/** Compare the document's portrait with a selfie or a video frame (both uploaded first). */
export const ZFaceMatchRequest = z.object({
  documentFile: ZStoredFile,
  selfieFile: ZStoredFile,
  dataSegmentId: z.string().max(64).optional(),
});

/** The verification status values the record keeps (000 §3 verificationStatus), shown with the spec's badges. */
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
