import { z } from 'zod';
import { ZFileRef } from './customers';
import { safeString } from './safe-text';
import { ZMessageLanguage } from './temp-customers';

/**
 * Document requests (docs/decisions/document-upload-link.md): staff, or the document-expiry job,
 * ask an existing customer for further documents through a public document-upload link
 * (/:dataSegmentId/:token/document-upload: upload, preview, finish). The completion attaches them
 * to the customer's record: proof of address to documentInfo.fieldAddressProof (with its type),
 * source-of-funds evidence to documentInfo.fundsEvidenceDocument, a renewed identity document to
 * documentInfo.identity / identityBack with its new expiry date in identityInfo.
 */

/** What a request asks for. */
export const ZRequestedDocuments = z.object({
  /** The kinds of proof of address accepted (the onboarding configuration's types); empty: none asked. */
  addressProofTypes: z.array(safeString().trim().min(1).max(100)).max(20),
  isFundsEvidence: z.boolean(),
  isIdentityDocument: z.boolean(),
});
export type TRequestedDocuments = z.infer<typeof ZRequestedDocuments>;

export const DOCUMENT_REQUEST_MESSAGES = {
  sent: 'Document request sent',
  nothingRequested: 'Choose at least one document to request',
  noEmail: 'The customer has no e-mail address: add one in Edit profile first',
  addressProofType: (allowed: readonly string[]) => `Choose a proof of address document type: ${allowed.join(', ')}`,
  uploadRequired: (label: string) => `Upload the ${label}`,
  expiryRequired: 'Enter the expiry date of the new document',
  expiryPast: 'The new document must not have expired',
  received: 'Documents received',
  linkInvalid: 'This link is not valid. It may have expired, been replaced by a newer link, or been used already.',
  notYourFile: 'Upload the file first',
  tooManyRequests: 'Too many requests, please wait a minute and try again',
  fileFormat: 'File format not supported',
  placeholder: 'Select scan copy (JPG, PNG, PDF or JPEG file)',
} as const;

/** Staff ask a customer for documents (edit-profile): the link is e-mailed to the customer's address. */
export const ZDocumentRequestInput = z
  .object({
    requested: ZRequestedDocuments,
    note: safeString().trim().max(1000, 'The note must be at most 1000 characters').default(''),
    /** The e-mail's language; absent: the language of the customer's own registration journey, else English. */
    language: ZMessageLanguage.optional(),
    dataSegmentId: z.string().max(64).optional(),
  })
  .superRefine((value, context) => {
    const { requested } = value;
    if (requested.addressProofTypes.length === 0 && !requested.isFundsEvidence && !requested.isIdentityDocument)
      context.addIssue({ code: 'custom', path: ['requested'], message: DOCUMENT_REQUEST_MESSAGES.nothingRequested });
  });
export type TDocumentRequestInput = z.infer<typeof ZDocumentRequestInput>;

export const DOCUMENT_REQUEST_STATUSES = ['active', 'completed', 'revoked', 'expired'] as const;

/** A request as staff see it on the profile, with its link's state. */
export const ZDocumentRequest = z.object({
  _id: z.string(),
  customerId: z.string(),
  requested: ZRequestedDocuments,
  note: z.string(),
  reason: z.enum(['staff', 'document-expiry']),
  status: z.enum(DOCUMENT_REQUEST_STATUSES),
  email: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  completedAt: z.string().nullable(),
});
export type TDocumentRequest = z.infer<typeof ZDocumentRequest>;

/** The public page opens the link (its token in the x-onboarding-token header). */
export const ZDocumentUploadOpen = z.object({ dataSegmentId: z.string().min(1).max(64) });

/** What the customer is shown: the request and their first name, nothing else of the record. */
export const ZDocumentUploadSession = z.object({
  firstName: z.string(),
  requested: ZRequestedDocuments,
  note: z.string(),
  expiresAt: z.string(),
});
export type TDocumentUploadSession = z.infer<typeof ZDocumentUploadSession>;

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date of the new document');

/** The documents the customer sends; each file was uploaded through the same link first. */
export const ZDocumentUploadSubmission = z.object({
  dataSegmentId: z.string().min(1).max(64),
  /** The page's key for this completion: a retry with the same key answers the first result. */
  submissionKey: z.uuid('Submission key must be a UUID'),
  addressProof: ZFileRef.extend({ documentType: safeString().trim().min(1).max(100) }).optional(),
  fundsEvidence: ZFileRef.optional(),
  identity: z.object({ front: ZFileRef, back: ZFileRef.optional(), expiryDate: isoDay }).optional(),
});
export type TDocumentUploadSubmission = z.infer<typeof ZDocumentUploadSubmission>;

export const ZDocumentUploadResult = z.object({
  firstName: z.string(),
  /** The documents received, by label, in the order shown on the page. */
  received: z.array(z.string()),
  completedAt: z.string(),
});
export type TDocumentUploadResult = z.infer<typeof ZDocumentUploadResult>;

/** The labels the page, the e-mail and the timeline use. */
export const DOCUMENT_LABELS = {
  addressProof: 'Proof of address',
  fundsEvidence: 'Source of funds evidence',
  identity: 'Identity document',
} as const;

/** What a request asks for, in words (the e-mail, the staff list). */
export function requestedLabels(requested: TRequestedDocuments): string[] {
  const labels: string[] = [];
  if (requested.addressProofTypes.length > 0) labels.push(`${DOCUMENT_LABELS.addressProof} (${requested.addressProofTypes.join(', ')})`);
  if (requested.isFundsEvidence) labels.push(DOCUMENT_LABELS.fundsEvidence);
  if (requested.isIdentityDocument) labels.push(DOCUMENT_LABELS.identity);
  return labels;
}
