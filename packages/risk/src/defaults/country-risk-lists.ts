/**
 * Public jurisdiction lists behind the default country and nationality scores. Written down from
 * the publications named below, as of the dates given. These lists change several times a year
 * (FATF after each plenary in February, June and October; the EU when the Commission amends its
 * delegated regulation): a compliance officer must compare them with the current publications
 * and update the segment's country and nationality tables. Nothing here is fetched at run time.
 */
export interface JurisdictionList {
  id: string;
  title: string;
  publisher: string;
  /** The publication date this list reflects (YYYY-MM-DD). */
  asOf: string;
  publication: string;
  url: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: readonly string[];
  note: string;
}

export const FATF_CALL_FOR_ACTION: JurisdictionList = {
  id: 'fatf-call-for-action',
  title: 'FATF High-Risk Jurisdictions subject to a Call for Action ("black list")',
  publisher: 'Financial Action Task Force (FATF)',
  asOf: '2025-10-24',
  publication:
    'FATF public statement after the October 2025 plenary (list unchanged since February 2020 apart from Myanmar, added October 2022)',
  url: 'https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html',
  // Democratic People's Republic of Korea and Iran: countermeasures; Myanmar: enhanced due diligence.
  countries: ['KP', 'IR', 'MM'],
  note: 'FATF calls on members to apply enhanced due diligence, and for DPRK and Iran countermeasures.',
};

export const FATF_INCREASED_MONITORING: JurisdictionList = {
  id: 'fatf-increased-monitoring',
  title: 'FATF Jurisdictions under Increased Monitoring ("grey list")',
  publisher: 'Financial Action Task Force (FATF)',
  asOf: '2025-10-24',
  publication:
    'FATF "Jurisdictions under Increased Monitoring – October 2025". Changes that year: February 2025 added Lao PDR and Nepal, removed the Philippines; June 2025 added Bolivia and the British Virgin Islands, removed Croatia, Mali and Tanzania; October 2025 removed Burkina Faso, Mozambique, Nigeria and South Africa.',
  url: 'https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html',
  countries: [
    'DZ', // Algeria
    'AO', // Angola
    'BO', // Bolivia
    'BG', // Bulgaria
    'CM', // Cameroon
    'CI', // Côte d'Ivoire
    'CD', // Democratic Republic of the Congo
    'HT', // Haiti
    'KE', // Kenya
    'LA', // Lao PDR
    'LB', // Lebanon
    'MC', // Monaco
    'NA', // Namibia
    'NP', // Nepal
    'SS', // South Sudan
    'SY', // Syria
    'VE', // Venezuela
    'VN', // Viet Nam
    'VG', // British Virgin Islands
    'YE', // Yemen
  ],
  note: 'Jurisdictions actively working with the FATF to address strategic deficiencies. The UK (MLR 2017 reg. 33) and others require enhanced due diligence for them.',
};

export const EU_HIGH_RISK_THIRD_COUNTRIES: JurisdictionList = {
  id: 'eu-high-risk-third-countries',
  title: 'EU list of high-risk third countries (Commission Delegated Regulation (EU) 2016/1675, as amended)',
  publisher: 'European Commission',
  asOf: '2025-06-10',
  publication:
    "Annex to Delegated Regulation (EU) 2016/1675 as amended by Commission Delegated Regulation (EU) 2025/1184 of 10 June 2025 (added Algeria, Angola, Côte d'Ivoire, Kenya, Lao PDR, Lebanon, Monaco, Namibia, Nepal and Venezuela; removed Barbados, Gibraltar, Jamaica, Panama, the Philippines, Senegal, Uganda and the United Arab Emirates). Later amendments that follow the FATF's June and October 2025 changes must be checked in the Official Journal.",
  url: 'https://finance.ec.europa.eu/financial-crime/anti-money-laundering-and-countering-financing-terrorism-international-level_en',
  countries: [
    'AF', // Afghanistan
    'DZ', // Algeria
    'AO', // Angola
    'BF', // Burkina Faso
    'CM', // Cameroon
    'CI', // Côte d'Ivoire
    'CD', // Democratic Republic of the Congo
    'KP', // DPRK
    'HT', // Haiti
    'IR', // Iran
    'KE', // Kenya
    'LA', // Lao PDR
    'LB', // Lebanon
    'ML', // Mali
    'MC', // Monaco
    'MZ', // Mozambique
    'MM', // Myanmar
    'NA', // Namibia
    'NP', // Nepal
    'NG', // Nigeria
    'ZA', // South Africa
    'SS', // South Sudan
    'SY', // Syria
    'TZ', // Tanzania
    'TT', // Trinidad and Tobago
    'VU', // Vanuatu
    'VE', // Venezuela
    'VN', // Viet Nam
    'YE', // Yemen
  ],
  note: 'EU obliged entities must apply enhanced due diligence (Directive (EU) 2015/849 Art. 18a) to relationships involving these countries.',
};

/**
 * Not a high-risk-jurisdiction list, but jurisdictions under broad financial sanctions where
 * sanctions evasion is a known money-laundering typology. Scored up, not overridden: sanctions on
 * persons are caught by screening, not by country.
 */
export const BROAD_SANCTIONS_JURISDICTIONS: JurisdictionList = {
  id: 'broad-sanctions-jurisdictions',
  title: 'Jurisdictions under broad EU/UK/US financial sanctions',
  publisher: 'FATF; Council of the European Union; UK HM Treasury (OFSI)',
  asOf: '2025-10-24',
  publication:
    'FATF statement of 24 February 2023 suspending the membership of the Russian Federation; Council Regulation (EU) No 833/2014 (Russia) and No 765/2006 (Belarus), as amended; The Russia (Sanctions) (EU Exit) Regulations 2019.',
  url: 'https://www.fatf-gafi.org/en/publications/Fatfgeneral/fatf-statement-russia-february-2023.html',
  countries: ['RU', 'BY'],
  note: 'Raised score for sanctions-evasion risk; review against the sanctions regimes your firm is bound by.',
};

export const JURISDICTION_LISTS: readonly JurisdictionList[] = [
  FATF_CALL_FOR_ACTION,
  FATF_INCREASED_MONITORING,
  EU_HIGH_RISK_THIRD_COUNTRIES,
  BROAD_SANCTIONS_JURISDICTIONS,
];
