import { ISO_COUNTRIES } from './country-table';

/**
 * Spellings the lists use beyond ISO's names: OFAC's inverted forms ('Korea, North'), UN and EU
 * official names, short forms, and the ISO 3166-3 codes of states that no longer exist (SU, YU,
 * CS, AN), which old listings still name as a place of birth. XK (Kosovo) is the code the EU,
 * OFAC and FollowTheMoney use although ISO has not assigned it.
 */
const EXTRA_NAMES: Readonly<Record<string, readonly string[]>> = {
  AE: ['UAE', 'U.A.E.'],
  AN: ['Netherlands Antilles'],
  BA: ['Bosnia-Herzegovina', 'Bosnia'],
  BN: ['Brunei'],
  BS: ['Bahamas, The', 'The Bahamas'],
  CD: ['Congo, Democratic Republic of the', 'Democratic Republic of Congo', 'DRC', 'D.R. Congo', 'Congo (Kinshasa)', 'Zaire'],
  CG: ['Congo, Republic of the', 'Republic of Congo', 'Congo (Brazzaville)'],
  CI: ["Cote d'Ivoire", 'Ivory Coast'],
  CN: ['PRC'],
  CS: ['Serbia and Montenegro'],
  CV: ['Cape Verde'],
  CZ: ['Czech Republic'],
  FM: ['Micronesia, Federated States of'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  GM: ['Gambia, The', 'The Gambia'],
  HK: ['Hong Kong SAR', 'Hong Kong, China', 'Hong Kong Special Administrative Region', 'China, Hong Kong Special Administrative Region'],
  IR: ['Iran (Islamic Republic of)'],
  KG: ['Kyrgyz Republic'],
  KP: ['Korea, North', 'DPRK', 'North Korea', 'Korea, Democratic People’s Republic of', 'Democratic Peoples Republic of Korea'],
  KR: ['Korea, South', 'South Korea', 'Republic of Korea'],
  LY: ['Libyan Arab Jamahiriya'],
  MK: ['Macedonia', 'The former Yugoslav Republic of Macedonia', 'FYROM'],
  MM: ['Burma'],
  MO: ['Macau'],
  NL: ['The Netherlands', 'Holland'],
  PS: [
    'Palestine',
    'Palestinian',
    'State of Palestine',
    'Occupied Palestinian Territory',
    'Palestinian Territories',
    'West Bank',
    'Gaza',
    'Gaza Strip',
  ],
  RU: ['Russia'],
  SK: ['Slovak Republic'],
  SU: ['Soviet Union', 'USSR', 'Union of Soviet Socialist Republics'],
  SZ: ['Swaziland'],
  TL: ['East Timor'],
  TR: ['Turkey', 'Turkiye'],
  US: ['USA', 'U.S.A.', 'U.S.', 'United States of America', 'United States'],
  VA: ['Vatican', 'Vatican City'],
  VG: ['Virgin Islands, British', 'British Virgin Islands'],
  VI: ['Virgin Islands, U.S.', 'US Virgin Islands'],
  XK: ['Kosovo'],
  YU: ['Yugoslavia'],
};

/**
 * Nationalities as adjectives, as the UN and UK lists sometimes print them; the ones that occur in
 * sanctions lists, not every demonym (an unknown one is a warning, never a wrong code).
 */
const DEMONYMS: Readonly<Record<string, readonly string[]>> = {
  AE: ['Emirati'],
  AF: ['Afghan'],
  AZ: ['Azerbaijani'],
  BD: ['Bangladeshi'],
  BH: ['Bahraini'],
  BY: ['Belarusian'],
  CF: ['Central African'],
  CN: ['Chinese'],
  CO: ['Colombian'],
  CU: ['Cuban'],
  DE: ['German'],
  DZ: ['Algerian'],
  EG: ['Egyptian'],
  ER: ['Eritrean'],
  ET: ['Ethiopian'],
  FR: ['French'],
  GB: ['British'],
  ID: ['Indonesian'],
  IN: ['Indian'],
  IQ: ['Iraqi'],
  IR: ['Iranian'],
  JO: ['Jordanian'],
  KE: ['Kenyan'],
  KP: ['North Korean'],
  KW: ['Kuwaiti'],
  KZ: ['Kazakh'],
  LB: ['Lebanese'],
  LY: ['Libyan'],
  MA: ['Moroccan'],
  ML: ['Malian'],
  MR: ['Mauritanian'],
  MX: ['Mexican'],
  MY: ['Malaysian'],
  NG: ['Nigerian'],
  NI: ['Nicaraguan'],
  OM: ['Omani'],
  PH: ['Filipino', 'Philippine'],
  PK: ['Pakistani'],
  PS: ['Palestinian'],
  QA: ['Qatari'],
  RU: ['Russian'],
  RW: ['Rwandan'],
  SA: ['Saudi', 'Saudi Arabian'],
  SD: ['Sudanese'],
  SO: ['Somali', 'Somalian'],
  SY: ['Syrian'],
  TD: ['Chadian'],
  TJ: ['Tajik'],
  TN: ['Tunisian'],
  TR: ['Turkish'],
  UA: ['Ukrainian'],
  UG: ['Ugandan'],
  US: ['American'],
  UZ: ['Uzbek'],
  VE: ['Venezuelan'],
  YE: ['Yemeni'],
};

/** Hedges and notes around a country that do not change which country it is. */
const HEDGES =
  /^(?:possibly|probably|reportedly|allegedly|believed to be|presumably|former|formerly)\s+|\s+(?:by birth|citizen(?:ship)?|national)$/i;

const NON_ISO_CODES = ['AN', 'CS', 'SU', 'XK', 'YU'];

const byName = buildNameIndex();
const alpha2 = new Set([...ISO_COUNTRIES.map((row) => row[0] ?? ''), ...NON_ISO_CODES]);
const alpha3 = new Map(ISO_COUNTRIES.map((row) => [row[1] ?? '', row[0] ?? '']));

/**
 * ISO 3166-1 alpha-2 code for a country name, alpha-3 or alpha-2 code as watch lists write them;
 * undefined when the text names no country this resolver knows (the importer then keeps the
 * source text and records a warning).
 */
export function resolveCountry(text: string): string | undefined {
  const cached = resolved.get(text);
  if (cached !== undefined || resolved.has(text)) return cached;
  const code = resolveUncached(text);
  // Lists repeat the same few hundred country spellings thousands of times.
  if (resolved.size < 50_000) resolved.set(text, code);
  return code;
}

const resolved = new Map<string, string | undefined>();

function resolveUncached(text: string): string | undefined {
  const trimmed = text.trim().replace(/[.;,]+$/, '');
  if (!trimmed) return undefined;
  if (/^[A-Za-z]{2}$/.test(trimmed) && alpha2.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  if (/^[A-Z]{3}$/.test(trimmed) && alpha3.has(trimmed)) return alpha3.get(trimmed);
  // 'Afghanistan (since 2009)', 'possibly Palestinian', 'Man, Isle of': try the text without its
  // note or hedge, and in both orders around a comma.
  const withoutNote = trimmed
    .replaceAll(/\s*\([^)]*\)\s*/g, ' ')
    .replace(/^[A-Za-z0-9 ]+:\s*/, '')
    .replace(HEDGES, '')
    .replace(HEDGES, '')
    .trim();
  for (const candidate of [trimmed, withoutNote]) {
    const found = byName.get(normalizeCountryName(candidate)) ?? byName.get(normalizeCountryName(invertComma(candidate)));
    if (found) return found;
  }
  return undefined;
}

function invertComma(name: string): string {
  const comma = name.indexOf(', ');
  return comma > 0 ? `${name.slice(comma + 2)} ${name.slice(0, comma)}` : name;
}

export function normalizeCountryName(name: string): string {
  return name
    .normalize('NFD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replaceAll(/[’'`]/g, ' ')
    .replaceAll(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .replaceAll(/\bst\b/g, 'saint')
    .trim();
}

function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const add = (name: string, code: string): void => {
    // 'Korea, Republic of' is also written 'Republic of Korea'.
    for (const form of [name, invertComma(name)]) {
      const key = normalizeCountryName(form);
      if (key && !index.has(key)) index.set(key, code);
    }
  };
  for (const [code, names] of Object.entries(EXTRA_NAMES)) for (const name of names) add(name, code);
  for (const [code, names] of Object.entries(DEMONYMS)) for (const name of names) add(name, code);
  for (const [code = '', , ...names] of ISO_COUNTRIES) for (const name of names) add(name, code);
  return index;
}
