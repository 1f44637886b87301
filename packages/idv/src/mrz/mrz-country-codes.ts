/**
 * Codes an MRZ may carry as issuing state or nationality (ICAO Doc 9303-3 §5): the ISO 3166-1
 * alpha-3 codes, Germany's 'D', the British nationality classes, the UN and stateless codes, the EU,
 * international organisations (INP is what INTERPOL prints on its travel documents), Kosovo as
 * printed by several states, and ICAO's specimen state 'UTO'.
 */
const ISO_3166_ALPHA_3 =
  'ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN ' +
  'BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN ' +
  'CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU ' +
  'DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR ' +
  'GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV ' +
  'HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM ' +
  'KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA ' +
  'MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM ' +
  'NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL ' +
  'PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE ' +
  'SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK ' +
  'TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB ' +
  'VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE';

const ICAO_SPECIAL_CODES = 'D GBD GBN GBO GBP GBS UNO UNA UNK XXA XXB XXC XXX EUE XBA XCC XCE XCO XEC XES XIM XOM XPO INP RKS UTO';

export const MRZ_STATE_CODES: ReadonlySet<string> = new Set(`${ISO_3166_ALPHA_3} ${ICAO_SPECIAL_CODES}`.split(' '));

/**
 * Letters the recogniser confuses in OCR-B at MRZ resolution, each pair differing by one short
 * stroke or a corner. Symmetric; a code is only ever moved one step along one of these.
 */
const CONFUSABLE_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ['I', 'J'],
  ['I', 'L'],
  ['I', 'T'],
  ['O', 'D'],
  ['O', 'Q'],
  ['O', 'U'],
  ['C', 'G'],
  ['E', 'F'],
  ['F', 'P'],
  ['P', 'R'],
  ['B', 'E'],
  ['B', 'R'],
  ['M', 'N'],
  ['M', 'H'],
  ['N', 'H'],
  ['M', 'W'],
  ['K', 'X'],
  ['V', 'Y'],
  ['U', 'V'],
];

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function confusablesOf(char: string): string[] {
  // A filler inside a code stands for an unread letter: any letter may take its place.
  if (char === '<') return [...ALPHABET];
  return CONFUSABLE_LETTERS.flatMap(([a, b]) => (a === char ? [b] : b === char ? [a] : []));
}

export function isMrzStateCode(field: string): boolean {
  return MRZ_STATE_CODES.has(field.replace(/<+$/, ''));
}

/**
 * The valid codes one confusable letter away from a code that is not valid, as the field would be
 * printed (padded with '<' to its width). Empty for a valid code.
 */
export function findNearbyStateCodes(field: string): string[] {
  if (isMrzStateCode(field)) return [];
  const found = new Set<string>();
  for (let position = 0; position < field.length; position += 1) {
    for (const letter of confusablesOf(field[position] ?? '')) {
      const candidate = field.slice(0, position) + letter + field.slice(position + 1);
      if (isMrzStateCode(candidate)) found.add(candidate);
    }
  }
  return [...found];
}
