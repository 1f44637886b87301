/**
 * Default tables for what screening and identity verification find: adverse media, the document
 * verification outcome and name-screening hits (by hit type and match-score band), plus the
 * company entity type.
 */
import type { RiskConfigInput } from '../risk-config.schema';
import { DOCUMENT_VERIFICATION_CODES as DOC } from '../factor-extractors';
import { NO_HIT_CODE, type HitType } from '../risk-factor.schema';

type FactorInput = RiskConfigInput['factors'][number];
type ValueInput = FactorInput['values'][number];

const AM_SOURCE = 'FATF Recommendation 10 (ongoing due diligence); Wolfsberg Group guidance on negative news screening';

export function buildAdverseMediaFactor(): FactorInput {
  return {
    key: 'adverseMedia',
    title: 'Adverse media',
    kind: 'code',
    weight: 8,
    appliesTo: ['individual', 'company'],
    missing: 'exclude',
    unknownScore: 50,
    reason: 'The adverse-media search outcome. Excluded until the search has run; the customer is re-rated when it completes.',
    source: AM_SOURCE,
    values: [
      { code: 'none', title: 'No adverse media', score: 10, reason: 'Nothing found.', source: AM_SOURCE },
      {
        code: 'unconfirmed',
        title: 'Adverse media found, not yet reviewed',
        score: 60,
        reason: 'May or may not be this person.',
        source: AM_SOURCE,
      },
      {
        code: 'confirmed',
        title: 'Adverse media confirmed',
        score: 100,
        overrideTo: 'high',
        reason: 'Credible reports link the customer to crime or corruption.',
        source: AM_SOURCE,
      },
    ],
  };
}

const IDV_SOURCE =
  'FATF Recommendation 10 (verifying identity using reliable, independent sources); FATF Guidance on Digital Identity (2020)';

export function buildDocumentVerificationFactor(): FactorInput {
  return {
    key: 'documentVerification',
    title: 'Document verification',
    kind: 'code',
    weight: 6,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: 50,
    reason: 'Document status tags, face match and liveness; the worst counts. Not yet verified scores medium.',
    source: IDV_SOURCE,
    values: [
      { code: DOC.documentMatched, title: 'Document matched', score: 10, reason: 'The document checks out.', source: IDV_SOURCE },
      {
        code: DOC.documentNearingExpiry,
        title: 'Document nearing expiry',
        score: 40,
        reason: 'A new document must be collected soon.',
        source: IDV_SOURCE,
      },
      {
        code: DOC.documentExpired,
        title: 'Document expired',
        score: 80,
        reason: 'Identity rests on an invalid document until renewed.',
        source: IDV_SOURCE,
      },
      {
        code: DOC.documentMismatched,
        title: 'Document mismatched',
        score: 100,
        overrideTo: 'high',
        reason: 'The document does not match the declared identity: possible impersonation or forgery.',
        source: IDV_SOURCE,
      },
      { code: DOC.faceMatched, title: 'Face matched', score: 10, reason: 'The person is the document holder.', source: IDV_SOURCE },
      {
        code: DOC.faceNotMatched,
        title: 'Face not matched',
        score: 100,
        overrideTo: 'high',
        reason: 'The person may not be the document holder.',
        source: IDV_SOURCE,
      },
      { code: DOC.livenessPassed, title: 'Liveness passed', score: 10, reason: 'A live person was present.', source: IDV_SOURCE },
      {
        code: DOC.livenessFailed,
        title: 'Liveness failed',
        score: 100,
        overrideTo: 'high',
        reason: 'Possible presentation attack (photo, screen or mask).',
        source: `${IDV_SOURCE}; ISO/IEC 30107-3 (presentation attack detection)`,
      },
    ],
  };
}

const SCREENING_SOURCE =
  'FATF Recommendations 6 and 12 (targeted financial sanctions, PEPs); band edges follow common screening practice (below 70 weak, 70–85 possible, 85+ strong match)';

/** Weak / possible / strong match-score bands per hit type; the strongest band scores a genuine hit. */
const HIT_BAND_SCORES: Readonly<Record<HitType, readonly [number, number, number]>> = {
  pep: [40, 70, 90],
  enforcement: [50, 75, 90],
  blackList: [50, 80, 95],
  sanction: [60, 90, 100],
};

const HIT_TITLES: Readonly<Record<HitType, string>> = {
  pep: 'PEP hit',
  enforcement: 'Enforcement hit',
  blackList: 'Black list hit',
  sanction: 'Sanction hit',
};

function buildHitBands(hitType: HitType): ValueInput[] {
  const [weak, possible, strong] = HIT_BAND_SCORES[hitType];
  const title = HIT_TITLES[hitType];
  return [
    {
      code: `${hitType}-weak`,
      title: `${title}, score below 70`,
      hitType,
      min: 0,
      max: 70,
      score: weak,
      reason: 'A weak name match, most likely another person.',
      source: SCREENING_SOURCE,
    },
    {
      code: `${hitType}-possible`,
      title: `${title}, score 70 to 85`,
      hitType,
      min: 70,
      max: 85,
      score: possible,
      reason: 'A possible match awaiting review.',
      source: SCREENING_SOURCE,
    },
    {
      code: `${hitType}-strong`,
      title: `${title}, score 85 or more (or confirmed)`,
      hitType,
      min: 85,
      score: strong,
      ...(hitType === 'sanction' ? { overrideTo: 'high' as const } : {}),
      reason:
        hitType === 'sanction'
          ? 'A strong sanctions match: high until reviewed, so nobody is onboarded as low risk while it is open. Confirmed, it rates sanction.'
          : 'A strong or confirmed match.',
      source: SCREENING_SOURCE,
    },
  ];
}

export function buildNameScreeningFactor(): FactorInput {
  return {
    key: 'nameScreening',
    title: 'Name screening',
    kind: 'hit-band',
    weight: 10,
    appliesTo: ['individual', 'company'],
    missing: 'exclude',
    unknownScore: 50,
    reason: 'Open and confirmed hits, placed by hit type and match score; false positives do not count. Excluded until screening has run.',
    source: SCREENING_SOURCE,
    values: [
      { code: NO_HIT_CODE, title: 'No hit', score: 10, reason: 'Screening ran and found nothing that counts.', source: SCREENING_SOURCE },
      ...buildHitBands('pep'),
      ...buildHitBands('enforcement'),
      ...buildHitBands('blackList'),
      ...buildHitBands('sanction'),
    ],
  };
}

const ENTITY_SOURCE = 'FATF Recommendations 24 and 25; FATF–Egmont Group Concealment of Beneficial Ownership (2018)';

export function buildEntityTypeFactor(): FactorInput {
  return {
    key: 'entityType',
    title: 'Entity type',
    kind: 'code',
    weight: 8,
    appliesTo: ['company'],
    missing: 'score-unknown',
    unknownScore: 60,
    reason:
      'The legal form of a company customer: the more opaque its ownership, the higher. Unknown scores above medium: the legal form is basic company due diligence.',
    source: ENTITY_SOURCE,
    values: [
      {
        code: 'public-listed',
        title: 'Company listed on a regulated market',
        score: 20,
        reason: 'Disclosure rules make ownership transparent.',
        source: 'Directive (EU) 2015/849 Annex II(1)(a)',
      },
      {
        code: 'regulated-financial-institution',
        title: 'Regulated financial institution',
        score: 20,
        reason: 'Itself supervised for AML.',
        source: 'Directive (EU) 2015/849 Annex II',
      },
      {
        code: 'government-entity',
        title: 'Government body or state-owned enterprise',
        score: 40,
        reason: 'Transparent ownership but exposure to public-sector corruption.',
        source: 'FATF Guidance on Politically Exposed Persons (2013)',
      },
      {
        code: 'private-limited',
        title: 'Private limited company',
        score: 40,
        reason: 'Ownership recorded in the registry but not always verified.',
        source: ENTITY_SOURCE,
      },
      {
        code: 'public-unlisted',
        title: 'Public unlisted company',
        score: 40,
        reason: 'Ownership recorded in the registry.',
        source: ENTITY_SOURCE,
      },
      { code: 'cooperative', title: 'Cooperative', score: 40, reason: 'Many members, each with a small stake.', source: ENTITY_SOURCE },
      { code: 'partnership', title: 'Partnership', score: 50, reason: 'Partners may not be publicly registered.', source: ENTITY_SOURCE },
      {
        code: 'llp',
        title: 'Limited liability partnership',
        score: 50,
        reason: 'Partners may not be publicly registered.',
        source: ENTITY_SOURCE,
      },
      {
        code: 'sole-proprietorship',
        title: 'Sole proprietorship',
        score: 50,
        reason: 'Business and personal funds mix.',
        source: ENTITY_SOURCE,
      },
      {
        code: 'club-association',
        title: 'Club or association',
        score: 50,
        reason: 'Control rests with a committee that changes.',
        source: ENTITY_SOURCE,
      },
      {
        code: 'non-profit',
        title: 'NGO, NPO or charity',
        score: 60,
        reason: 'Some NPOs are abused for terrorist financing; medium pending assessment.',
        source: 'FATF Recommendation 8 (revised 2023)',
      },
      {
        code: 'foundation',
        title: 'Foundation',
        score: 70,
        reason: 'No shareholders; control sits with a council or founder.',
        source: ENTITY_SOURCE,
      },
      {
        code: 'trust',
        title: 'Trust or similar legal arrangement',
        score: 80,
        reason: 'Separates legal from beneficial ownership.',
        source: 'FATF Recommendation 25',
      },
      {
        code: 'offshore-company',
        title: 'Offshore / international business company',
        score: 80,
        reason: 'Incorporated where it does no business, often to hide its owners.',
        source: ENTITY_SOURCE,
      },
      {
        code: 'bearer-shares',
        title: 'Company with bearer shares or bearer share warrants',
        score: 100,
        overrideTo: 'high',
        reason: 'Whoever holds the paper owns the company: ownership cannot be established.',
        source: 'FATF Recommendation 24 (revised 2022: bearer shares prohibited or immobilised)',
      },
      { code: 'other', title: 'Other', score: 60, reason: 'Not classified: above medium until assessed.', source: ENTITY_SOURCE },
    ],
  };
}
