import type { Validity } from './document-dates';
import type { QualityLabel } from './image-quality';
import type { OcrFields } from './ocr-fields';

/** document_summary of the spec: each entry carries its finding and the summary text. */
export interface DocumentSummary {
  document_name: string | null;
  heading: string;
  image_quality: { score: number; label: QualityLabel; message: string };
  missing_text_fields: { fields: string[]; message: string };
  damaged: { isDamaged: boolean; message: string };
  validity: { status: Validity; expiryDate: string | null; message: string };
  portrait: { isFound: boolean; message: string };
}

/** The spec's OCR result: what POST customers/ocr returns to the client. */
export interface OcrResult {
  /** True when the document can be accepted as read (status_code 200). */
  result: boolean;
  status_code: number;
  /** The user-facing text for status_code. */
  message: string;
  document_summary: DocumentSummary;
  card_type: string | null;
  ocr: { ocr_results: OcrFields };
  face: { face_image: string | null };
}

export const SUMMARY_TEXT = {
  documentDetected: 'Document detected',
  noDocument: 'No document detected',
  textClear: 'Text is clear',
  textNotClear: 'Text is not clear',
  damaged: 'The card is damaged',
  notDamaged: 'The card is not damaged',
  valid: 'Document is valid',
  nearExpiry: 'Document is near to expiry',
  expired: 'Document has expired',
  expiryUnknown: 'Expiry date could not be read',
  faceFound: 'Face found',
  noFace: "Can't find face",
} as const;

export function describeImageQuality(label: QualityLabel): string {
  return `Image quality is ${label}`;
}

export function describeValidity(status: Validity): string {
  if (status === 'valid') return SUMMARY_TEXT.valid;
  if (status === 'near_expiry') return SUMMARY_TEXT.nearExpiry;
  if (status === 'expired') return SUMMARY_TEXT.expired;
  return SUMMARY_TEXT.expiryUnknown;
}
