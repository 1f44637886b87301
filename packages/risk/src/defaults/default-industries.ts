/**
 * Default industry table. Sectors the FATF treats as designated non-financial businesses, as
 * payment/value-transfer businesses, or names in its typology reports for cash or trade-based
 * laundering score high; the rest sit at a baseline. The same rows feed the industry dropdown.
 */
import type { RiskConfigInput } from '../risk-config.schema';

type FactorInput = RiskConfigInput['factors'][number];
type ValueInput = FactorInput['values'][number];

const BASELINE_SOURCE = 'No FATF sector guidance or typology singles this sector out; baseline score.';

export const DEFAULT_INDUSTRIES: readonly ValueInput[] = [
  {
    code: 'money-services',
    title: 'Money service business (exchange house, remittance, hawala)',
    score: 90,
    reason: 'Moves value for third parties, often in cash and across borders; a classic channel for layering.',
    source: 'FATF Recommendations 14 and 16; FATF Guidance for a Risk-Based Approach: Money or Value Transfer Services (2016)',
  },
  {
    code: 'virtual-assets',
    title: 'Crypto-asset / virtual asset service provider',
    score: 90,
    reason: 'Fast, cross-border, pseudonymous transfers; mixers and unhosted wallets hide the trail.',
    source: 'FATF Recommendation 15; FATF Updated Guidance for a Risk-Based Approach to Virtual Assets and VASPs (2021)',
  },
  {
    code: 'gambling',
    title: 'Casino, betting and gaming',
    score: 90,
    reason: 'Cash-intensive; chips and winnings let criminal cash be presented as gambling proceeds.',
    source:
      'FATF Recommendations 22 and 23 (casinos are designated non-financial businesses); FATF report Vulnerabilities of Casinos and Gaming Sector (2009)',
  },
  {
    code: 'precious-metals-stones',
    title: 'Dealer in precious metals and stones, jeweller',
    score: 90,
    reason: 'High value in small volume, easily carried and traded for cash.',
    source:
      'FATF Recommendations 22 and 23; FATF–Egmont Group report Money Laundering and Terrorist Financing through Trade in Diamonds (2013)',
  },
  {
    code: 'arms-defence',
    title: 'Arms, ammunition and defence goods',
    score: 90,
    reason: 'Export-controlled goods with corruption and proliferation-financing exposure.',
    source:
      'FATF Recommendation 7 (proliferation financing); FATF Guidance on Proliferation Financing Risk Assessment and Mitigation (2021)',
  },
  {
    code: 'real-estate',
    title: 'Real estate agent, broker or developer',
    score: 80,
    reason: 'Property absorbs large sums at once and can be bought through companies that hide the owner.',
    source: 'FATF Recommendation 22; FATF Guidance for a Risk-Based Approach for the Real Estate Sector (2022)',
  },
  {
    code: 'trust-company-services',
    title: 'Trust and company service provider',
    score: 80,
    reason: 'Creates and runs the companies and trusts used to conceal beneficial ownership.',
    source: 'FATF Recommendation 22; FATF Guidance for a Risk-Based Approach for Trust and Company Service Providers (2019)',
  },
  {
    code: 'used-car-dealers',
    title: 'Used car and vehicle dealer',
    score: 75,
    reason: 'High-value goods commonly paid in cash and exported; used in trade-based laundering.',
    source: 'FATF–Egmont Group Trade-Based Money Laundering: Trends and Developments (2020)',
  },
  {
    code: 'art-antiquities',
    title: 'Art, antiquities dealer or auction house',
    score: 75,
    reason: 'Subjective prices and private sales let value move unseen.',
    source:
      'Directive (EU) 2018/843 (art traders brought into AML scope); FATF report Money Laundering and Terrorist Financing in the Art and Antiquities Market (2023)',
  },
  {
    code: 'cash-intensive-retail',
    title: 'Cash-intensive retail and services (convenience stores, restaurants, car washes, laundries, parking)',
    score: 70,
    reason: 'Criminal cash is easily mixed with genuine takings.',
    source:
      'FATF report Money Laundering through the Physical Transportation of Cash (2015); FATF Guidance on National Money Laundering and Terrorist Financing Risk Assessment (2013)',
  },
  {
    code: 'pawnbrokers-lenders',
    title: 'Pawnbroker or non-bank money lender',
    score: 70,
    reason: 'Cash loans against goods with light oversight.',
    source: 'FATF Guidance on National Money Laundering and Terrorist Financing Risk Assessment (2013)',
  },
  {
    code: 'extractive',
    title: 'Oil, gas and mining',
    score: 70,
    reason: 'Licences and concessions concentrate bribery and corruption risk.',
    source: 'OECD Foreign Bribery Report (2014); FATF Guidance on Politically Exposed Persons (2013)',
  },
  {
    code: 'import-export',
    title: 'Import/export and wholesale trading',
    score: 70,
    reason: 'Over- and under-invoicing of goods moves value across borders.',
    source:
      'FATF–Egmont Group Trade-Based Money Laundering: Trends and Developments (2020); FATF Trade-Based Money Laundering Risk Indicators (2021)',
  },
  {
    code: 'non-profit',
    title: 'Non-profit organisation, charity',
    score: 60,
    reason:
      'Some NPOs are abused for terrorist financing; FATF warns against treating all NPOs as high risk, so medium pending assessment.',
    source: 'FATF Recommendation 8 (revised 2023); FATF Best Practices on Combating the Abuse of Non-Profit Organisations (2023)',
  },
  {
    code: 'construction',
    title: 'Construction and public works contracting',
    score: 60,
    reason: 'Public procurement, cash wages and subcontracting chains carry bribery risk.',
    source: 'OECD Foreign Bribery Report (2014)',
  },
  {
    code: 'legal-accounting',
    title: 'Lawyer, notary or accountant',
    score: 60,
    reason: 'Gatekeepers who hold client money and set up structures.',
    source:
      'FATF Recommendation 22; FATF Guidance for a Risk-Based Approach for Legal Professionals (2019) and for the Accounting Profession (2019)',
  },
  {
    code: 'shipping-logistics',
    title: 'Shipping, freight and logistics',
    score: 50,
    reason: 'Exposure to trade-based laundering and sanctions evasion through vessels and cargo.',
    source: 'FATF Trade-Based Money Laundering Risk Indicators (2021)',
  },
  {
    code: 'government-public',
    title: 'Government and public administration',
    score: 50,
    reason: 'Proximity to public office and procurement.',
    source: 'FATF Guidance on Politically Exposed Persons (2013)',
  },
  {
    code: 'hospitality',
    title: 'Hotels and hospitality',
    score: 50,
    reason: 'Partly cash-based takings.',
    source: 'FATF report Money Laundering through the Physical Transportation of Cash (2015)',
  },
  {
    code: 'agriculture',
    title: 'Agriculture, livestock and fisheries',
    score: 40,
    reason: 'Often cash-based and lightly documented income.',
    source: BASELINE_SOURCE,
  },
  { code: 'retail', title: 'Retail (not cash-intensive)', score: 40, reason: 'Mostly card and bank payments.', source: BASELINE_SOURCE },
  { code: 'transport', title: 'Passenger and road transport', score: 40, reason: 'Some cash fares.', source: BASELINE_SOURCE },
  {
    code: 'professional-services',
    title: 'Consulting and other professional services',
    score: 40,
    reason: 'Fees are hard to benchmark, so invoices can be inflated.',
    source: BASELINE_SOURCE,
  },
  {
    code: 'financial-regulated',
    title: 'Regulated financial institution',
    score: 30,
    reason: 'Itself supervised for AML.',
    source: 'Directive (EU) 2015/849 Annex II (lower-risk factors)',
  },
  { code: 'manufacturing', title: 'Manufacturing', score: 30, reason: 'Invoiced, bank-paid trade.', source: BASELINE_SOURCE },
  {
    code: 'information-technology',
    title: 'Information technology and software',
    score: 30,
    reason: 'Invoiced, bank-paid services.',
    source: BASELINE_SOURCE,
  },
  { code: 'telecommunications', title: 'Telecommunications', score: 30, reason: 'Invoiced, bank-paid services.', source: BASELINE_SOURCE },
  {
    code: 'healthcare',
    title: 'Healthcare and pharmaceuticals',
    score: 30,
    reason: 'Largely insured or bank-paid.',
    source: BASELINE_SOURCE,
  },
  {
    code: 'media-entertainment',
    title: 'Media and entertainment',
    score: 30,
    reason: 'Invoiced, bank-paid services.',
    source: BASELINE_SOURCE,
  },
  { code: 'education', title: 'Education', score: 20, reason: 'Fee income, usually bank-paid.', source: BASELINE_SOURCE },
  {
    code: 'other',
    title: 'Other',
    score: 50,
    reason: 'Not classified: medium until the officer assesses the business.',
    source: BASELINE_SOURCE,
  },
];

export function buildIndustryFactor(): FactorInput {
  return {
    key: 'industry',
    title: 'Industry',
    kind: 'code',
    weight: 10,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: 50,
    reason: "The customer's (or employer's) sector. Unknown scores medium: the nature of the business is part of customer due diligence.",
    source:
      'FATF Recommendation 10 (understanding the nature of the business); FATF Recommendation 22 (designated non-financial businesses)',
    values: DEFAULT_INDUSTRIES.map((value) => ({ ...value })),
  };
}
