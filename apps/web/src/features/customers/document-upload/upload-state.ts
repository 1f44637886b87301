import type { TFileRef } from '@sanad/contracts/customers';
import {
  DOCUMENT_LABELS,
  DOCUMENT_REQUEST_MESSAGES,
  type TDocumentUploadResult,
  type TDocumentUploadSession,
  type TDocumentUploadSubmission,
} from '@sanad/contracts/document-requests';

/** The three steps of the document-upload link, each at its own address. */
export const UPLOAD_STEPS = [
  { name: 'upload', label: 'Upload' },
  { name: 'preview', label: 'Preview' },
  { name: 'finish', label: 'Finish' },
] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number]['name'];

export const isUploadStep = (value: unknown): value is UploadStep => UPLOAD_STEPS.some((step) => step.name === value);

/** The address of a step; upload is the link's own address. */
export function documentUploadPath(dataSegmentId: string, token: string, step: UploadStep): string {
  const base = `/${dataSegmentId}/${token}/document-upload`;
  return step === 'upload' ? base : `${base}/${step}`;
}

/** One uploaded file, with what the preview shows of it (a local image address while the page is open). */
export interface UploadedFile extends TFileRef {
  contentType: string;
  previewUrl: string | null;
}

export type UploadSlot = 'addressProof' | 'fundsEvidence' | 'identityFront' | 'identityBack';

/** What the customer has done on this link so far, kept while the tab is open. */
export interface UploadState {
  session: TDocumentUploadSession;
  files: Partial<Record<UploadSlot, UploadedFile>>;
  addressProofType: string | null;
  expiryDate: string;
  /** One key for the completion, so a retried send answers the first result. */
  submissionKey: string;
  result: TDocumentUploadResult | null;
}

export function newUploadState(session: TDocumentUploadSession, submissionKey: string): UploadState {
  const types = session.requested.addressProofTypes;
  return {
    session,
    files: {},
    addressProofType: types.length === 1 ? (types[0] ?? null) : null,
    expiryDate: '',
    submissionKey,
    result: null,
  };
}

/** What is still missing before the preview, by field; empty when the step is complete. */
export function missingUploads(state: UploadState, today: string): Partial<Record<UploadSlot | 'addressProofType' | 'expiryDate', string>> {
  const { requested } = state.session;
  const errors: Partial<Record<UploadSlot | 'addressProofType' | 'expiryDate', string>> = {};
  if (requested.addressProofTypes.length > 0) {
    if (!state.addressProofType) errors.addressProofType = DOCUMENT_REQUEST_MESSAGES.addressProofType(requested.addressProofTypes);
    if (!state.files.addressProof)
      errors.addressProof = DOCUMENT_REQUEST_MESSAGES.uploadRequired(DOCUMENT_LABELS.addressProof.toLowerCase());
  }
  if (requested.isFundsEvidence && !state.files.fundsEvidence)
    errors.fundsEvidence = DOCUMENT_REQUEST_MESSAGES.uploadRequired(DOCUMENT_LABELS.fundsEvidence.toLowerCase());
  if (requested.isIdentityDocument) {
    if (!state.files.identityFront) errors.identityFront = DOCUMENT_REQUEST_MESSAGES.uploadRequired('front of the identity document');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(state.expiryDate)) errors.expiryDate = DOCUMENT_REQUEST_MESSAGES.expiryRequired;
    else if (state.expiryDate < today) errors.expiryDate = DOCUMENT_REQUEST_MESSAGES.expiryPast;
  }
  return errors;
}

const refOf = (file: UploadedFile): TFileRef => ({
  fileName: file.fileName,
  ...(file.originalFileName ? { originalFileName: file.originalFileName } : {}),
});

/** The completion's body: only what was requested. */
export function submissionOf(state: UploadState, dataSegmentId: string): TDocumentUploadSubmission {
  const { requested } = state.session;
  const { addressProof, fundsEvidence, identityFront, identityBack } = state.files;
  return {
    dataSegmentId,
    submissionKey: state.submissionKey,
    ...(requested.addressProofTypes.length > 0 && addressProof
      ? { addressProof: { ...refOf(addressProof), documentType: state.addressProofType ?? '' } }
      : {}),
    ...(requested.isFundsEvidence && fundsEvidence ? { fundsEvidence: refOf(fundsEvidence) } : {}),
    ...(requested.isIdentityDocument && identityFront
      ? { identity: { front: refOf(identityFront), ...(identityBack ? { back: refOf(identityBack) } : {}), expiryDate: state.expiryDate } }
      : {}),
  };
}

/** The link's state for this tab, by link; the page's steps share it. */
const states = new Map<string, UploadState>();

export const uploadStates = {
  get: (key: string): UploadState | undefined => states.get(key),
  set: (key: string, state: UploadState): void => {
    states.set(key, state);
  },
};
