/**
 * Default tables for facts about a person: work type, gender, relationship to a company and the PEP
 * declaration. Work types score by how easily the source of funds can be evidenced.
 */
import type { RiskConfigInput } from '../risk-config.schema';
import { PEP_NONE_CODE } from '../risk-facts';

type FactorInput = RiskConfigInput['factors'][number];

const SOURCE_OF_FUNDS = 'FATF Recommendation 10 (source of funds as part of customer due diligence)';

export function buildWorkTypeFactor(): FactorInput {
  return {
    key: 'workType',
    title: 'Work type',
    kind: 'code',
    weight: 5,
    appliesTo: ['individual'],
    missing: 'score-unknown',
    unknownScore: 50,
    reason: 'How the person earns: the harder the income is to evidence, the higher the score. Unknown scores medium.',
    source: SOURCE_OF_FUNDS,
    values: [
      {
        code: 'salaried-private',
        title: 'Salaried (private sector)',
        score: 20,
        reason: 'Payslips and employer evidence income.',
        source: SOURCE_OF_FUNDS,
      },
      {
        code: 'salaried-government',
        title: 'Salaried (government / public sector)',
        score: 40,
        reason: 'Evidenced income, but possible proximity to public office and procurement.',
        source: 'FATF Guidance on Politically Exposed Persons (2013)',
      },
      {
        code: 'professional',
        title: 'Self-employed professional',
        score: 40,
        reason: 'Fee income evidenced by tax returns rather than payslips.',
        source: SOURCE_OF_FUNDS,
      },
      {
        code: 'business-owner',
        title: 'Business owner / self-employed',
        score: 50,
        reason: 'Income mixes with business takings; source of funds needs business records.',
        source: SOURCE_OF_FUNDS,
      },
      {
        code: 'freelancer',
        title: 'Freelancer',
        score: 50,
        reason: 'Irregular income from many payers, often abroad.',
        source: SOURCE_OF_FUNDS,
      },
      {
        code: 'agriculturist',
        title: 'Agriculturist / landowner',
        score: 50,
        reason: 'Often cash-based and lightly documented income.',
        source: SOURCE_OF_FUNDS,
      },
      {
        code: 'homemaker',
        title: 'Homemaker',
        score: 40,
        reason: 'Funds come from another person, whose source must be understood.',
        source: SOURCE_OF_FUNDS,
      },
      { code: 'student', title: 'Student', score: 30, reason: 'Small, usually family-funded amounts.', source: SOURCE_OF_FUNDS },
      { code: 'retired', title: 'Retired', score: 30, reason: 'Pension and savings income, usually evidenced.', source: SOURCE_OF_FUNDS },
      { code: 'unemployed', title: 'Unemployed', score: 60, reason: 'No earned income to explain deposits.', source: SOURCE_OF_FUNDS },
      { code: 'other', title: 'Other', score: 50, reason: 'Not classified: medium until assessed.', source: SOURCE_OF_FUNDS },
    ],
  };
}

export function buildGenderFactor(): FactorInput {
  const neutral = {
    score: 10,
    reason: 'Gender is not a money-laundering risk indicator; kept as reference data only.',
    source: 'FATF Recommendations (no gender-based risk factor); equal-treatment law',
  };
  return {
    key: 'gender',
    title: 'Gender',
    kind: 'code',
    weight: 0,
    appliesTo: ['individual'],
    missing: 'exclude',
    unknownScore: 10,
    reason:
      'Weight 0 and equal scores: no AML source treats gender as a risk indicator and weighting it would be discriminatory. The table exists because the spec has a gender page and the gender dropdown is served from it.',
    source: neutral.source,
    values: [
      { code: 'male', title: 'Male', ...neutral },
      { code: 'female', title: 'Female', ...neutral },
      { code: 'other', title: 'Other', ...neutral },
      { code: 'undisclosed', title: 'Prefer not to say', ...neutral },
    ],
  };
}

const BENEFICIAL_OWNERSHIP = 'FATF Recommendations 24 and 25 (beneficial ownership of legal persons and arrangements)';

export function buildRelationshipFactor(): FactorInput {
  return {
    key: 'relationship',
    title: 'Company relationship',
    kind: 'code',
    weight: 4,
    appliesTo: ['individual'],
    missing: 'exclude',
    unknownScore: 50,
    reason: "A person's role in the company they are onboarded for. Excluded when missing: most individual customers act for no company.",
    source: BENEFICIAL_OWNERSHIP,
    values: [
      {
        code: 'ubo',
        title: 'Ultimate beneficial owner',
        score: 50,
        reason: "Owns or controls the company; their wealth is the company's risk.",
        source: BENEFICIAL_OWNERSHIP,
      },
      { code: 'director', title: 'Director', score: 40, reason: 'Controls the company.', source: BENEFICIAL_OWNERSHIP },
      { code: 'shareholder', title: 'Shareholder', score: 40, reason: 'Owns part of the company.', source: BENEFICIAL_OWNERSHIP },
      { code: 'partner', title: 'Partner', score: 40, reason: 'Owns and controls a partnership.', source: BENEFICIAL_OWNERSHIP },
      {
        code: 'authorised-signatory',
        title: 'Authorised signatory',
        score: 40,
        reason: "Moves the company's money.",
        source: BENEFICIAL_OWNERSHIP,
      },
      {
        code: 'trustee',
        title: 'Trustee',
        score: 60,
        reason: 'Trusts separate legal and beneficial ownership.',
        source: BENEFICIAL_OWNERSHIP,
      },
      {
        code: 'settlor',
        title: 'Settlor',
        score: 60,
        reason: 'Trusts separate legal and beneficial ownership.',
        source: BENEFICIAL_OWNERSHIP,
      },
      {
        code: 'beneficiary',
        title: 'Beneficiary',
        score: 60,
        reason: 'Trusts separate legal and beneficial ownership.',
        source: BENEFICIAL_OWNERSHIP,
      },
      {
        code: 'nominee',
        title: 'Nominee shareholder or director',
        score: 90,
        reason: 'Nominees act for an undisclosed person: the textbook way to hide the beneficial owner.',
        source: 'FATF Recommendation 24 (revised 2022, nominee arrangements); FATF–Egmont Group Concealment of Beneficial Ownership (2018)',
      },
      { code: 'employee', title: 'Employee', score: 20, reason: "Acts under the company's control.", source: BENEFICIAL_OWNERSHIP },
      { code: 'other', title: 'Other', score: 50, reason: 'Not classified: medium until assessed.', source: BENEFICIAL_OWNERSHIP },
    ],
  };
}

const PEP_SOURCE = 'FATF Recommendation 12 (politically exposed persons); Directive (EU) 2015/849 Arts. 20–23';

/** Value codes are the pepDeclaration question names; each 'yes' answer selects its row. */
export function buildPepFactor(): FactorInput {
  return {
    key: 'pep',
    title: 'PEP declaration',
    kind: 'code',
    weight: 8,
    appliesTo: ['individual'],
    missing: 'score-unknown',
    unknownScore: 50,
    reason:
      "The customer's own PEP declaration; every 'yes' answer is scored and the worst counts. An unanswered declaration scores medium: it is a gap in due diligence.",
    source: PEP_SOURCE,
    values: [
      { code: PEP_NONE_CODE, title: 'No PEP connection declared', score: 10, reason: 'Every answer given was no.', source: PEP_SOURCE },
      {
        code: 'anyPublicPos',
        title: 'Holds a prominent public position',
        score: 100,
        overrideTo: 'high',
        reason: 'A PEP: enhanced due diligence and senior management approval are mandatory.',
        source: PEP_SOURCE,
      },
      {
        code: 'posLastTwoMonths',
        title: 'Held a prominent public position recently',
        score: 100,
        overrideTo: 'high',
        reason: 'PEP measures continue for at least 12 months after leaving office.',
        source: `${PEP_SOURCE}; Directive (EU) 2015/849 Art. 22`,
      },
      {
        code: 'everPublicPosition',
        title: 'Has ever held a prominent public position',
        score: 80,
        overrideTo: 'high',
        reason:
          'The declaration does not say when the position ended; PEP measures apply for at least 12 months after leaving and then by risk. High until the officer assesses it (manual overwrite with a reason).',
        source: `${PEP_SOURCE}; Directive (EU) 2015/849 Art. 22`,
      },
      {
        code: 'diplomaticImmunity',
        title: 'Holds diplomatic immunity',
        score: 90,
        overrideTo: 'high',
        reason: 'Diplomats are foreign PEPs, and immunity hinders enforcement.',
        source: PEP_SOURCE,
      },
      {
        code: 'relativeTwelveMonths',
        title: 'Family member of a PEP',
        score: 90,
        overrideTo: 'high',
        reason: 'PEP measures extend to family members.',
        source: PEP_SOURCE,
      },
      {
        code: 'closeAssociateTwelveMonths',
        title: 'Close associate of a PEP',
        score: 90,
        overrideTo: 'high',
        reason: 'PEP measures extend to known close associates.',
        source: PEP_SOURCE,
      },
      {
        code: 'conviction',
        title: 'Declared a criminal conviction',
        score: 100,
        overrideTo: 'high',
        reason: 'A declared conviction points to possible proceeds of crime; not a PEP answer but asked on the same form.',
        source: 'FATF Recommendation 10 (higher-risk customers require enhanced measures)',
      },
      {
        code: 'other',
        title: 'Other declared connection',
        score: 60,
        reason: 'Something declared that is not a listed case: medium until assessed.',
        source: PEP_SOURCE,
      },
    ],
  };
}
