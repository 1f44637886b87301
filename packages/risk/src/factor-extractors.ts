/**
 * Reads, for each factor, the value codes (or amounts) a customer's facts select. A factor may
 * select several values (every nationality, every product, every 'yes' PEP answer); the rating
 * scores the worst. `undefined` means the fact is missing. These run for every factor of every
 * rating, so they use plain loops and precomputed codes rather than building strings.
 */
import { isCustomFactorKey, type BuiltInFactorKey, type FactorKey } from './risk-factor.schema';
import { PEP_NONE_CODE, PEP_QUESTIONS, type RiskFacts } from './risk-facts';

export type FactInput = string | number;
/** One input, several, or undefined when the fact is missing. A lone input is not wrapped: most factors have one. */
export type FactExtractor = (facts: RiskFacts) => FactInput | readonly FactInput[] | undefined;

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

const DOCUMENT_CODES: Readonly<Record<NonNullable<RiskFacts['documentStatus']>, string>> = {
  matched: DOCUMENT_VERIFICATION_CODES.documentMatched,
  'nearing-expiry': DOCUMENT_VERIFICATION_CODES.documentNearingExpiry,
  expired: DOCUMENT_VERIFICATION_CODES.documentExpired,
  mismatched: DOCUMENT_VERIFICATION_CODES.documentMismatched,
};
const FACE_CODES: Readonly<Record<NonNullable<RiskFacts['faceMatch']>, string>> = {
  matched: DOCUMENT_VERIFICATION_CODES.faceMatched,
  'not-matched': DOCUMENT_VERIFICATION_CODES.faceNotMatched,
};
const LIVENESS_CODES: Readonly<Record<NonNullable<RiskFacts['liveness']>, string>> = {
  passed: DOCUMENT_VERIFICATION_CODES.livenessPassed,
  failed: DOCUMENT_VERIFICATION_CODES.livenessFailed,
};

function isPresent(value: FactInput | undefined): value is FactInput {
  return typeof value === 'string' ? value !== '' : typeof value === 'number' && Number.isFinite(value);
}

function one(value: FactInput | undefined): FactInput | undefined {
  return isPresent(value) ? value : undefined;
}

function many(values: readonly (string | undefined)[] | undefined): readonly FactInput[] | undefined {
  if (!values) return undefined;
  let present: string[] | undefined;
  for (const value of values) {
    if (value === undefined || value === '') continue;
    (present ??= []).push(value);
  }
  return present;
}

function yesNo(value: boolean | undefined): FactInput | undefined {
  return value === undefined ? undefined : value ? YES_NO_CODES.yes : YES_NO_CODES.no;
}

function readCountries(facts: RiskFacts): FactInput | readonly FactInput[] | undefined {
  const residence = facts.countryOfResidence;
  const incorporation = facts.countryOfIncorporation;
  const hasResidence = residence !== undefined && residence !== '';
  const hasIncorporation = incorporation !== undefined && incorporation !== '';
  if (hasResidence && hasIncorporation) return [residence, incorporation];
  if (hasResidence) return residence;
  return hasIncorporation ? incorporation : undefined;
}

function readPepAnswers(facts: RiskFacts): FactInput | readonly FactInput[] | undefined {
  const answers = facts.pepAnswers;
  if (!answers) return undefined;
  let isAnswered = false;
  let yes: string[] | undefined;
  for (const question of PEP_QUESTIONS) {
    const answer = answers[question];
    if (answer === undefined) continue;
    isAnswered = true;
    if (answer) (yes ??= []).push(question);
  }
  if (yes) return yes;
  return isAnswered ? PEP_NONE_CODE : undefined;
}

function readDocumentVerification(facts: RiskFacts): readonly FactInput[] | undefined {
  let codes: string[] | undefined;
  if (facts.documentStatus) (codes ??= []).push(DOCUMENT_CODES[facts.documentStatus]);
  if (facts.faceMatch) (codes ??= []).push(FACE_CODES[facts.faceMatch]);
  if (facts.liveness) (codes ??= []).push(LIVENESS_CODES[facts.liveness]);
  return codes;
}

const BUILT_IN_EXTRACTORS: Readonly<Record<BuiltInFactorKey, FactExtractor>> = {
  nationality: (facts) => many(facts.nationalities),
  country: readCountries,
  state: (facts) => one(facts.state),
  workType: (facts) => one(facts.workType),
  industry: (facts) => one(facts.industry),
  product: (facts) => many(facts.products),
  relationship: (facts) => one(facts.relationship),
  investment: (facts) => one(facts.investment),
  channel: (facts) =>
    facts.isFaceToFace === undefined ? undefined : facts.isFaceToFace ? CHANNEL_CODES.faceToFace : CHANNEL_CODES.nonFaceToFace,
  purposeOfAction: (facts) => one(facts.purposeOfAction),
  gender: (facts) => one(facts.gender),
  aum: (facts) => one(facts.assetsUnderManagement),
  sar: (facts) => yesNo(facts.hasSarHistory),
  adverseMedia: (facts) => one(facts.adverseMedia),
  entityType: (facts) => one(facts.entityType),
  pep: readPepAnswers,
  documentVerification: readDocumentVerification,
  // Hits are read by the scoring itself: they carry a type and a determination, not a code.
  nameScreening: () => undefined,
};

export function getFactExtractor(key: FactorKey): FactExtractor {
  if (isCustomFactorKey(key)) {
    const field = key.slice('custom:'.length);
    return (facts) => {
      const value = facts.custom?.[field];
      if (typeof value === 'boolean') return yesNo(value);
      // A multi-select's options are all scored and the worst counts; none chosen is a missing answer.
      return Array.isArray(value) ? many(value) : one(value);
    };
  }
  return BUILT_IN_EXTRACTORS[key];
}
