import type { CardTypeDecision } from './card-type-policy';
import type { Validity } from './document-dates';
import { OCR_STATUS, type OcrStatusCode } from './ocr-status';

/** Sharpness (0–100, see image-quality) below which text is too blurred to read: Gaussian σ ≈ 2.5 px on 1000 px. */
export const BLURRY_SHARPNESS = 40;
/** Quality below which missing fields are put down to the picture (glare, contrast) rather than the document. */
export const UNCLEAR_QUALITY = 55;

export type MrzState = 'none' | 'unreadable' | 'invalid' | 'valid';

export interface DocumentFindings {
  /** Anything document-like: an MRZ, printed text lines, or a card-shaped region. */
  hasDocument: boolean;
  /** Edges present but too soft to find anything in: the picture is blurred rather than empty. */
  hasBlurredContent: boolean;
  isTooSmall: boolean;
  isCutOff: boolean;
  /** Separate documents in the picture (distinct MRZs, or three or more cards). */
  documentCount: number;
  cardType: CardTypeDecision;
  sharpness: number;
  qualityScore: number;
  isDamaged: boolean;
  mrz: MrzState;
  /** For documents without an MRZ: the printed fields the type promises were mostly read. */
  isPrintedTextReadable: boolean;
  isPortraitExpected: boolean;
  isPortraitFound: boolean;
  validity: Validity;
}

export interface StatusDecision {
  code: OcrStatusCode;
  reasons: string[];
}

/**
 * One status code per reading, the first finding in this order: the picture (no document, too
 * small, cut off, several documents), the document type and side, the picture's quality (blur),
 * the document itself (damage), the text (MRZ unreadable 3001, printed text unreadable 3003, MRZ
 * check digits failing or text lost to glare 1008), the portrait (2001), expiry (1). A finding
 * earlier in the list makes the later ones moot for the user, who must first retake the picture.
 */
export function resolveOcrStatus(findings: DocumentFindings): StatusDecision {
  const reasons: string[] = [];
  const decide = (code: OcrStatusCode, reason: string): StatusDecision => ({ code, reasons: [reason, ...reasons] });
  if (!findings.hasDocument && findings.hasBlurredContent)
    return decide(OCR_STATUS.blurry, 'the picture has content but is too blurred to find a document in');
  if (!findings.hasDocument) return decide(OCR_STATUS.noDocument, 'no MRZ, printed text or card-shaped region found');
  if (findings.isTooSmall) return decide(OCR_STATUS.documentTooSmall, 'the document covers too little of the picture');
  if (findings.isCutOff) return decide(OCR_STATUS.documentCutOff, 'the document runs off the edge of the picture');
  if (findings.documentCount > 1) return decide(OCR_STATUS.multipleDocuments, `${findings.documentCount} documents found`);
  if (findings.cardType.status !== null) return decide(findings.cardType.status, findings.cardType.reason ?? 'card type not accepted');
  if (findings.sharpness < BLURRY_SHARPNESS) return decide(OCR_STATUS.blurry, `sharpness ${findings.sharpness} below ${BLURRY_SHARPNESS}`);
  if (findings.isDamaged) return decide(OCR_STATUS.damaged, 'the card outline has a missing corner or a tear');
  if (findings.mrz === 'unreadable') return decide(OCR_STATUS.mrzUnreadable, 'an MRZ was found but could not be read');
  if (findings.mrz === 'none' && !findings.isPrintedTextReadable) {
    if (findings.qualityScore < UNCLEAR_QUALITY)
      return decide(OCR_STATUS.notClear, `printed fields missing at image quality ${findings.qualityScore}`);
    return decide(OCR_STATUS.textUnreadable, 'the printed fields could not be read');
  }
  if (findings.mrz === 'invalid') return decide(OCR_STATUS.notClear, 'MRZ check digits do not hold');
  if (findings.isPortraitExpected && !findings.isPortraitFound)
    return decide(OCR_STATUS.noFace, 'no portrait found on a side that carries one');
  if (findings.validity === 'expired') return decide(OCR_STATUS.expired, 'the expiry date has passed');
  return decide(OCR_STATUS.success, 'document read');
}
