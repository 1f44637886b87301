import { getCardFamily, isCardTypeAllowedBy } from './card-types';
import type { DetectedCardType } from './card-type-detector';
import { OCR_STATUS, type OcrStatusCode } from './ocr-status';

export interface CardTypeRequest {
  /** The type the user selected, full ('PKR CNIC 1 FRONT') or a family ('GBR BRP'). */
  cardType?: string;
  cardSide?: string;
  /** Types this data segment accepts; empty or absent accepts any. */
  cardTypeList?: readonly string[];
}

export interface CardTypeDecision {
  status: OcrStatusCode | null;
  reason: string | null;
}

const ACCEPTED: CardTypeDecision = { status: null, reason: null };

function normalise(value: string | undefined): string {
  return (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
}

/**
 * Checks a detected card type against what the caller asked for:
 * - 1003 when it is the right document but the other side (by cardType's side or cardSide);
 * - 1000 when the caller selected a type and a different one (or none) was found;
 * - 1005 when the type found is not in cardTypeList, or no type could be told while a list applies.
 */
export function checkCardType(detected: DetectedCardType, request: CardTypeRequest): CardTypeDecision {
  const requested = normalise(request.cardType);
  const side = normalise(request.cardSide);
  const allowed = (request.cardTypeList ?? []).map(normalise).filter(Boolean);
  const found = detected.cardType;

  if (!found) {
    if (requested) return { status: OCR_STATUS.selectedTypeNotFound, reason: `no document of type ${requested} found` };
    if (allowed.length > 0) return { status: OCR_STATUS.typeNotAllowed, reason: 'document type could not be determined' };
    return ACCEPTED;
  }
  const family = getCardFamily(found);
  const requestedFamily = getCardFamily(requested);
  const wantsSide = side === 'FRONT' || side === 'BACK' ? side : requested.split(' ')[3];
  const isSameDocument = !requested || isCardTypeAllowedBy(found, requestedFamily);
  if (wantsSide && detected.side && wantsSide !== detected.side && isSameDocument) {
    return {
      status: OCR_STATUS.wrongCardSide,
      reason: `${family} ${detected.side.toLowerCase()} side found, ${wantsSide.toLowerCase()} side expected`,
    };
  }
  if (requested && !isCardTypeAllowedBy(found, requested) && !(requested.split(' ').length <= 2 && family === requestedFamily)) {
    return { status: OCR_STATUS.selectedTypeNotFound, reason: `${found} found, ${requested} selected` };
  }
  if (allowed.length > 0 && !allowed.some((entry) => isCardTypeAllowedBy(found, entry))) {
    const flipped = found.replace(/ (FRONT|BACK)$/, (_, current: string) => (current === 'FRONT' ? ' BACK' : ' FRONT'));
    const otherSideAllowed = flipped !== found && allowed.some((entry) => isCardTypeAllowedBy(flipped, entry));
    if (otherSideAllowed) return { status: OCR_STATUS.wrongCardSide, reason: `${found} found; only other sides of ${family} are accepted` };
    return { status: OCR_STATUS.typeNotAllowed, reason: `${found} is not among the accepted types` };
  }
  return ACCEPTED;
}
