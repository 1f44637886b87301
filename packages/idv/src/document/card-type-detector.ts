import type { MrzParseResult } from '../mrz/mrz-parser';
import { findBrpNumber } from './brp-number';
import { findCardType, getCardFamily, type CardSide } from './card-types';
import { findCnicNumber } from './cnic-number';
import { findEmiratesIdNumber } from './emirates-id-number';
import { findUkLicenceNumber } from './uk-licence-number';

export interface CardTypeEvidence {
  mrz: MrzParseResult | null;
  /** Full OCR text of the document, any case. */
  text: string;
  /** The type the caller expects, used only to settle the variant within a detected family. */
  requestedType?: string;
}

export interface DetectedCardType {
  cardType: string | null;
  family: string | null;
  side: CardSide | null;
  /** What the decision rests on, for the result's explanation. */
  reasons: string[];
}

const NONE: DetectedCardType = { cardType: null, family: null, side: null, reasons: ['no MRZ and no known document keywords'] };

function has(text: string, ...phrases: string[]): boolean {
  return phrases.some((phrase) => text.includes(phrase));
}

/** Variant digits cannot be told apart from English print alone; the caller's selection settles them. */
function pickVariant(family: string, side: CardSide, requestedType: string | undefined, fallback = 0): number {
  const requested = requestedType ? findCardType(requestedType.trim().toUpperCase()) : undefined;
  if (requested && getCardFamily(requested.code) === family && findCardType(`${family} ${requested.variant} ${side}`))
    return requested.variant;
  return fallback;
}

function build(family: string, side: CardSide, variant: number, reasons: string[]): DetectedCardType {
  const code = `${family} ${variant} ${side}`;
  const cardType = findCardType(code)?.code ?? findCardType(`${family} 0 ${side}`)?.code ?? null;
  return { cardType, family, side, reasons };
}

function detectFromMrz(mrz: MrzParseResult, evidence: CardTypeEvidence): DetectedCardType {
  const { format, fields } = mrz;
  const code = fields.documentCode;
  const state = fields.issuingState;
  const reasons = [`MRZ ${format}, document code ${code || '-'}, issuing state ${state || '-'}`];
  if (format === 'MRVA' || format === 'MRVB') return build('NON VISA', 'FRONT', 0, reasons);
  if (format === 'TD3' && code.startsWith('P')) {
    const family = { GBR: 'GBR PT', PAK: 'PKR PT', QAT: 'QAT PT', ARE: 'ARE PT' }[state] ?? 'NON PT';
    return build(family, 'FRONT', 0, reasons);
  }
  // ID-1 cards carry their TD1 zone on the back; TD2 documents on the data side.
  const side: CardSide = format === 'TD1' ? 'BACK' : 'FRONT';
  if (state === 'GBR' && /^(IR|RP|RF|IP)/.test(code)) return build('GBR BRP', side, 0, reasons);
  if (state === 'ARE') {
    const isNewDesign = has(evidence.text.toUpperCase(), 'FEDERAL AUTHORITY FOR IDENTITY, CITIZENSHIP');
    return build('ARE ID', side, pickVariant('ARE ID', side, evidence.requestedType, isNewDesign ? 1 : 0), reasons);
  }
  if (state === 'QAT') return build('QAT RP', side, 0, reasons);
  const isResidencePermit = /^(A|C|R)/.test(code) || code[1] === 'R';
  return build(isResidencePermit ? 'NON RP' : 'NON ID', isResidencePermit ? 'BACK' : side, 0, reasons);
}

function detectFromText(evidence: CardTypeEvidence): DetectedCardType {
  const text = evidence.text.toUpperCase().replace(/\s+/g, ' ');
  if (has(text, 'PAKISTAN') && has(text, 'IDENTITY', 'FATHER NAME', 'HUSBAND NAME', 'COUNTRY OF STAY')) {
    const family = has(text, 'OVERSEAS', 'NICOP') ? 'PKR NICOP' : 'PKR CNIC';
    const isFront = has(text, 'FATHER NAME', 'HUSBAND NAME', 'DATE OF BIRTH', 'COUNTRY OF STAY');
    const side: CardSide = isFront ? 'FRONT' : 'BACK';
    const number = findCnicNumber(evidence.text);
    return build(family, side, pickVariant(family, side, evidence.requestedType), [
      `keywords for ${family} ${side.toLowerCase()}`,
      ...(number ? [`CNIC number ${number.formatted}`] : []),
    ]);
  }
  if (
    has(text, 'UNITED ARAB EMIRATES', 'EMIRATES') &&
    (has(text, 'IDENTITY', 'ID NUMBER', 'RESIDENT') || findEmiratesIdNumber(evidence.text))
  ) {
    const isBack = has(text, 'CARD NUMBER', 'OCCUPATION', 'EMPLOYER') && !has(text, 'NAME');
    const side: CardSide = isBack ? 'BACK' : 'FRONT';
    const showsBirthDate = has(text, 'DATE OF BIRTH');
    return build('ARE ID', side, pickVariant('ARE ID', side, evidence.requestedType, showsBirthDate ? 1 : 0), [
      'keywords for an Emirates ID',
    ]);
  }
  if (has(text, 'DRIVING LICENCE', 'DRIVING LICENSE')) {
    const isFront = Boolean(findUkLicenceNumber(evidence.text.replace(/ /g, ''))) || /\b4B[.,]/.test(text);
    return build('GBR DL', isFront ? 'FRONT' : 'BACK', 0, ['keywords for a UK driving licence']);
  }
  if (has(text, 'RESIDENCE PERMIT') && findBrpNumber(evidence.text))
    return build('GBR BRP', 'FRONT', 0, ['keywords and number of a UK BRP']);
  if (has(text, 'QATAR') && has(text, 'RESIDENCY', 'RESIDENCE', 'ID NO'))
    return build('QAT RP', 'FRONT', 0, ['keywords for a Qatar residence permit']);
  if (has(text, 'PASSPORT')) return build('NON PT', 'FRONT', 0, ['the word PASSPORT, without a readable MRZ']);
  return NONE;
}

/**
 * The card type of a document, from the MRZ when one was read (its document code and issuing state
 * are definitive), else from printed keywords. See README "Card types" for the full table.
 */
export function detectCardType(evidence: CardTypeEvidence): DetectedCardType {
  if (evidence.mrz) return detectFromMrz(evidence.mrz, evidence);
  return detectFromText(evidence);
}
