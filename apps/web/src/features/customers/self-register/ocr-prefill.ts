import type { TIdType } from '@sanad/contracts/customers';
import type { TOcrAnswer } from '@sanad/contracts/idv';
import type { SelfRegisterDraft } from './draft';

/** The ID type a card type names: passports (PT) and driving licences (DL); other cards are ID cards. */
export function idTypeOfCard(cardType: string | null | undefined): TIdType | null {
  if (!cardType) return null;
  const words = cardType.toUpperCase().split(/\s+/);
  if (words.includes('PT')) return 'passport';
  if (words.includes('DL')) return 'lisence';
  return 'id';
}

const filled = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined)));

/**
 * Puts what the reader found on one side into the draft: the names, date of birth, nationality and
 * gender into personal details, the card type, number and expiry into identity (what the staff
 * user typed is replaced only by a value that was read), the document summaries and the portrait.
 */
export function applyReading(draft: SelfRegisterDraft, answer: TOcrAnswer, side: 'FRONT' | 'BACK'): SelfRegisterDraft {
  const patch = answer.record;
  const basic = filled(patch.basicInfo);
  const { documentSummary, documentSummaryBack, passport, ...identityFields } = patch.identityInfo;
  const identity = filled(identityFields);
  const cardType = answer.card_type ?? (identity.cardType as string | undefined) ?? draft.document.cardType;
  const idType = idTypeOfCard(cardType);
  const number = (identity.number as string | undefined) ?? passport?.number;
  const expiryDate = (identity.expiryDate as string | undefined) ?? passport?.expiryDate;
  const prefilled = [
    ...Object.keys(basic).map((key) => `basicInfo.${key}`),
    ...(number ? ['identityInfo.number'] : []),
    ...(expiryDate ? ['identityInfo.expiryDate'] : []),
  ];
  const summaries =
    side === 'FRONT' ? (documentSummary ? { documentSummary } : {}) : { documentSummaryBack: documentSummaryBack ?? documentSummary };
  return {
    ...draft,
    record: {
      ...draft.record,
      basicInfo: { ...draft.record.basicInfo, ...basic },
      identityInfo: {
        ...draft.record.identityInfo,
        ...(cardType ? { cardType } : {}),
        ...(idType && !draft.record.identityInfo?.type ? { type: idType } : {}),
        ...(number ? { number } : {}),
        ...(expiryDate ? { expiryDate } : {}),
        ...summaries,
      },
      documentInfo: {
        ...draft.record.documentInfo,
        ...(patch.documentInfo.ocrPicture ? { ocrPicture: patch.documentInfo.ocrPicture } : {}),
      },
    },
    document: {
      ...draft.document,
      cardType: cardType ?? null,
      messages: [...draft.document.messages, `${side === 'FRONT' ? 'Front' : 'Back'}: ${answer.message}`],
      prefilled: [...new Set([...draft.document.prefilled, ...prefilled])],
    },
  };
}
