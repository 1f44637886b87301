/**
 * Default tables for the account and relationship: products, expected investment, assets under
 * management, channel, purpose and SAR history. Amount bands are in the data segment's reporting
 * currency and sized for a PKR book (the spec's default country is Pakistan); a segment working in
 * another currency must reset the band limits.
 */
import type { RiskConfigInput } from '../risk-config.schema';
import { CHANNEL_CODES, YES_NO_CODES } from '../factor-extractors';

type FactorInput = RiskConfigInput['factors'][number];

const BANKING_GUIDANCE = 'FATF Guidance for a Risk-Based Approach: The Banking Sector (2014)';
const AMOUNT_NOTE = "Band limits are in the segment's reporting currency, sized for PKR; reset them for another currency.";

export function buildProductFactor(): FactorInput {
  return {
    key: 'product',
    title: 'Product',
    kind: 'code',
    weight: 8,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: 50,
    reason: 'Every product the customer holds is scored and the worst counts. Unknown scores medium.',
    source: BANKING_GUIDANCE,
    values: [
      {
        code: 'pension-fund',
        title: 'Pension fund',
        score: 10,
        reason: 'Locked until retirement; little room to move money.',
        source: 'Directive (EU) 2015/849 Annex II (pension schemes as a lower-risk factor)',
      },
      { code: 'savings-account', title: 'Savings account', score: 20, reason: 'Simple deposit product.', source: BANKING_GUIDANCE },
      { code: 'term-deposit', title: 'Term deposit', score: 20, reason: 'Funds locked for a term.', source: BANKING_GUIDANCE },
      {
        code: 'consumer-loan',
        title: 'Consumer loan',
        score: 20,
        reason: 'Money flows from the firm, repayments are traceable.',
        source: BANKING_GUIDANCE,
      },
      {
        code: 'current-account',
        title: 'Current account',
        score: 30,
        reason: 'Unlimited transactions in and out.',
        source: BANKING_GUIDANCE,
      },
      {
        code: 'mutual-fund',
        title: 'Mutual fund units',
        score: 30,
        reason: "Redeemable to the investor's own account.",
        source: 'FATF Guidance for a Risk-Based Approach: Securities Sector (2018)',
      },
      {
        code: 'life-insurance-investment',
        title: 'Life insurance with investment element',
        score: 40,
        reason: 'Early surrender can return laundered premiums as clean money.',
        source: 'FATF Guidance for a Risk-Based Approach: Life Insurance Sector (2018)',
      },
      {
        code: 'brokerage-account',
        title: 'Securities brokerage account',
        score: 50,
        reason: 'Trading can move value between parties and markets.',
        source: 'FATF Guidance for a Risk-Based Approach: Securities Sector (2018)',
      },
      {
        code: 'discretionary-portfolio',
        title: 'Discretionary portfolio management',
        score: 50,
        reason: 'Large balances managed across many instruments.',
        source: 'FATF Guidance for a Risk-Based Approach: Securities Sector (2018)',
      },
      {
        code: 'prepaid-card',
        title: 'Prepaid card',
        score: 60,
        reason: 'Reloadable and portable value, sometimes anonymous.',
        source: 'FATF Guidance for a Risk-Based Approach: Prepaid Cards, Mobile Payments and Internet-Based Payment Services (2013)',
      },
      {
        code: 'safe-deposit-box',
        title: 'Safe deposit box',
        score: 60,
        reason: 'Contents are unknown to the firm.',
        source: BANKING_GUIDANCE,
      },
      {
        code: 'remittance',
        title: 'Remittance / wire transfer service',
        score: 70,
        reason: 'Cross-border transfers for the customer.',
        source: 'FATF Recommendation 16 (wire transfers)',
      },
      {
        code: 'trade-finance',
        title: 'Trade finance',
        score: 70,
        reason: 'Exposed to over- and under-invoicing.',
        source: 'FATF Trade-Based Money Laundering Risk Indicators (2021)',
      },
      {
        code: 'private-banking',
        title: 'Private banking / wealth management',
        score: 80,
        reason: 'Large wealth, complex structures and confidential service.',
        source: `${BANKING_GUIDANCE}; Wolfsberg Group Private Banking Principles`,
      },
      {
        code: 'correspondent-banking',
        title: 'Correspondent banking',
        score: 90,
        reason: "The firm processes another institution's customers it never sees.",
        source: 'FATF Recommendation 13; FATF Guidance on Correspondent Banking Services (2016)',
      },
      {
        code: 'virtual-asset-trading',
        title: 'Virtual asset trading or custody',
        score: 90,
        reason: 'Fast, cross-border, pseudonymous value transfer.',
        source: 'FATF Recommendation 15',
      },
      { code: 'other', title: 'Other', score: 50, reason: 'Not classified: medium until assessed.', source: BANKING_GUIDANCE },
    ],
  };
}

function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US');
}

function buildAmountBands(prefix: string, limits: readonly [number, number, number]): FactorInput['values'] {
  const [first, second, third] = limits;
  const source = 'Directive (EU) 2015/849 Annex III (unusually large transactions); FATF Recommendation 10';
  return [
    {
      code: `${prefix}-band-1`,
      title: `Up to ${formatAmount(first)}`,
      min: 0,
      max: first,
      score: 20,
      reason: `Small amounts. ${AMOUNT_NOTE}`,
      source,
    },
    {
      code: `${prefix}-band-2`,
      title: `${formatAmount(first)} to ${formatAmount(second)}`,
      min: first,
      max: second,
      score: 40,
      reason: `Moderate amounts. ${AMOUNT_NOTE}`,
      source,
    },
    {
      code: `${prefix}-band-3`,
      title: `${formatAmount(second)} to ${formatAmount(third)}`,
      min: second,
      max: third,
      score: 60,
      reason: `Large amounts warrant source-of-wealth evidence. ${AMOUNT_NOTE}`,
      source,
    },
    {
      code: `${prefix}-band-4`,
      title: `Over ${formatAmount(third)}`,
      min: third,
      score: 80,
      reason: `Very large amounts. ${AMOUNT_NOTE}`,
      source,
    },
  ];
}

export function buildInvestmentFactor(): FactorInput {
  return {
    key: 'investment',
    title: 'Expected investment',
    kind: 'band',
    weight: 3,
    appliesTo: ['individual', 'company'],
    missing: 'exclude',
    unknownScore: 50,
    reason:
      'The amount the customer expects to invest (additionalInfo.investment). Excluded when missing: the field is optional on registration.',
    source: 'FATF Recommendation 10 (intended nature of the business relationship)',
    values: buildAmountBands('investment', [1_000_000, 10_000_000, 50_000_000]),
  };
}

export function buildAumFactor(): FactorInput {
  return {
    key: 'aum',
    title: 'Assets under management',
    kind: 'band',
    weight: 3,
    appliesTo: ['individual', 'company'],
    missing: 'exclude',
    unknownScore: 50,
    reason: "The customer's assets held with the firm. Excluded when missing: a new customer has none yet.",
    source: 'FATF Guidance for a Risk-Based Approach: Securities Sector (2018)',
    values: buildAmountBands('aum', [5_000_000, 50_000_000, 250_000_000]),
  };
}

const NON_F2F_SOURCE = 'Directive (EU) 2015/849 Annex III(2)(c); UK MLR 2017 reg. 33(6); FATF Guidance on Digital Identity (2020)';

export function buildChannelFactor(): FactorInput {
  return {
    key: 'channel',
    title: 'Channel',
    kind: 'code',
    weight: 6,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: 60,
    reason: 'Face to face or remote (accountInfo.isf2f). Not recorded as face to face scores as remote.',
    source: NON_F2F_SOURCE,
    values: [
      {
        code: CHANNEL_CODES.faceToFace,
        title: 'Face to face',
        score: 20,
        reason: 'The person was seen with their document.',
        source: NON_F2F_SOURCE,
      },
      {
        code: CHANNEL_CODES.nonFaceToFace,
        title: 'Non face to face',
        score: 60,
        reason:
          'Remote onboarding is a listed higher-risk factor; reliable digital identity checks (document, face match, liveness) keep it at medium rather than high.',
        source: NON_F2F_SOURCE,
      },
    ],
  };
}

const PURPOSE_SOURCE = 'FATF Recommendation 10 (purpose and intended nature of the business relationship)';

export function buildPurposeFactor(): FactorInput {
  return {
    key: 'purposeOfAction',
    title: 'Purpose of action',
    kind: 'code',
    weight: 5,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: 50,
    reason: 'Why the customer opens the relationship. Unknown scores medium: understanding the purpose is part of due diligence.',
    source: PURPOSE_SOURCE,
    values: [
      { code: 'savings', title: 'Savings', score: 20, reason: 'Own money kept with the firm.', source: PURPOSE_SOURCE },
      { code: 'salary', title: 'Salary / pension receipt', score: 20, reason: 'Regular, evidenced income.', source: PURPOSE_SOURCE },
      { code: 'education', title: 'Education expenses', score: 20, reason: 'Small, explained payments.', source: PURPOSE_SOURCE },
      { code: 'investment', title: 'Investment', score: 30, reason: 'Own funds invested.', source: PURPOSE_SOURCE },
      { code: 'securities-trading', title: 'Securities trading', score: 40, reason: 'Frequent movements.', source: PURPOSE_SOURCE },
      {
        code: 'business-transactions',
        title: 'Business transactions',
        score: 50,
        reason: 'Third-party flows through the account.',
        source: PURPOSE_SOURCE,
      },
      {
        code: 'property-purchase',
        title: 'Property purchase',
        score: 60,
        reason: 'Large one-off sums into real estate.',
        source: 'FATF Guidance for a Risk-Based Approach for the Real Estate Sector (2022)',
      },
      {
        code: 'foreign-remittances',
        title: 'Foreign remittances',
        score: 70,
        reason: 'Cross-border transfers.',
        source: 'FATF Recommendation 16',
      },
      {
        code: 'third-party-payments',
        title: 'Payments on behalf of others',
        score: 80,
        reason: 'Acting for others can hide who owns the money.',
        source: 'FATF Recommendation 10 (persons acting on behalf of a customer)',
      },
      { code: 'other', title: 'Other', score: 50, reason: 'Not classified: medium until assessed.', source: PURPOSE_SOURCE },
    ],
  };
}

const SAR_SOURCE = 'FATF Recommendation 20 (reporting suspicious transactions)';

export function buildSarFactor(): FactorInput {
  return {
    key: 'sar',
    title: 'SAR history',
    kind: 'code',
    weight: 5,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: 10,
    reason:
      'Whether the firm has filed a suspicious activity report on this customer (accountInfo.isStr). Not set means none was recorded, so it scores as no.',
    source: SAR_SOURCE,
    values: [
      { code: YES_NO_CODES.no, title: 'No SAR filed', score: 10, reason: 'No suspicion reported.', source: SAR_SOURCE },
      {
        code: YES_NO_CODES.yes,
        title: 'SAR filed',
        score: 100,
        overrideTo: 'high',
        reason: 'The firm itself suspected money laundering: the relationship needs enhanced monitoring.',
        source: SAR_SOURCE,
      },
    ],
  };
}
