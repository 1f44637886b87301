/**
 * Reads, for each factor, the value codes (or amounts) a customer's facts select. A factor may
 * select several values (every nationality, every product, every 'yes' PEP answer); the rating
 * scores the worst. `undefined` means the fact is missing.
 */
import { isCustomFactorKey, type BuiltInFactorKey, type FactorKey } from './risk-factor.schema';
import { PEP_NONE_CODE, PEP_QUESTIONS, type RiskFacts } from './risk-facts';

export type FactInput = string | number;
export type FactExtractor = (facts: RiskFacts) => readonly FactInput[] | undefined;

/** Value codes the engine derives from booleans and statuses; the default tables use the same codes. */
export const CHANNEL_CODES = { faceToFace: 'face-to-face', nonFaceToFace: 'non-face-to-face' } as const;
export const YES_NO_CODES = { yes: 'yes', no: 'no' } as const;
export const DOCUMENT_VERIFICATION_CODES = {
  documentMatched: 'document-matched',
  documentNearingExpiry: 'document-nearing-expiry',
  documentExpired: 'document-expired',
  documentMismatched: 'document-mismatched',
  faceMatched: 'face-matched',
  faceNotMatched: 'face-not-matched',
  livenessPassed: 'liveness-passed',
  livenessFailed: 'liveness-failed',
} as const;

function one(value: FactInput | undefined): readonly FactInput[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  return [value];
}

function many(values: readonly (string | undefined)[] | undefined): readonly FactInput[] | undefined {
  if (!values) return undefined;
  const present = values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return present.length > 0 ? present : undefined;
}

function yesNo(value: boolean | undefined): readonly FactInput[] | undefined {
  if (value === undefined) return undefined;
  return [value ? YES_NO_CODES.yes : YES_NO_CODES.no];
}

function readPepAnswers(facts: RiskFacts): readonly FactInput[] | undefined {
  const answers = facts.pepAnswers;
  if (!answers) return undefined;
  let isAnswered = false;
  const yes: string[] = [];
  for (const question of PEP_QUESTIONS) {
    const answer = answers[question];
    if (answer === undefined) continue;
    isAnswered = true;
    if (answer) yes.push(question);
  }
  if (yes.length > 0) return yes;
  return isAnswered ? [PEP_NONE_CODE] : undefined;
}

function readDocumentVerification(facts: RiskFacts): readonly FactInput[] | undefined {
  const codes: string[] = [];
  if (facts.documentStatus) codes.push(`document-${facts.documentStatus}`);
  if (facts.faceMatch) codes.push(`face-${facts.faceMatch}`);
  if (facts.liveness) codes.push(`liveness-${facts.liveness}`);
  return codes.length > 0 ? codes : undefined;
}

const BUILT_IN_EXTRACTORS: Readonly<Record<BuiltInFactorKey, FactExtractor>> = {
  nationality: (facts) => many(facts.nationalities),
  country: (facts) => many([facts.countryOfResidence, facts.countryOfIncorporation]),
  state: (facts) => one(facts.state),
  workType: (facts) => one(facts.workType),
  industry: (facts) => one(facts.industry),
  product: (facts) => many(facts.products),
  relationship: (facts) => one(facts.relationship),
  investment: (facts) => one(facts.investment),
  channel: (facts) =>
    facts.isFaceToFace === undefined ? undefined : [facts.isFaceToFace ? CHANNEL_CODES.faceToFace : CHANNEL_CODES.nonFaceToFace],
  purposeOfAction: (facts) => one(facts.purposeOfAction),
  gender: (facts) => one(facts.gender),
  aum: (facts) => one(facts.assetsUnderManagement),
  sar: (facts) => yesNo(facts.hasSarHistory),
  adverseMedia: (facts) => one(facts.adverseMedia),
  entityType: (facts) => one(facts.entityType),
  pep: readPepAnswers,
  documentVerification: readDocumentVerification,
  // Hits are read by the rating itself: they carry a type and a determination, not a code.
  nameScreening: () => undefined,
};

export function getFactExtractor(key: FactorKey): FactExtractor {
  if (isCustomFactorKey(key)) {
    const field = key.slice('custom:'.length);
    return (facts) => {
      const value = facts.custom?.[field];
      return typeof value === 'boolean' ? yesNo(value) : one(value);
    };
  }
  return BUILT_IN_EXTRACTORS[key];
}
