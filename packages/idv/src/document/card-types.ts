/**
 * Card type strings of the spec: country, document, variant and side, e.g.
 * 'PKR CNIC 1 FRONT'. The spec names some types without variant and side ('GBR BRP', 'QAT RP'); those
 * short forms are family names that allow every variant and side of the family.
 */
export type CardSide = 'FRONT' | 'BACK';
export type IdType = 'passport' | 'lisence' | 'id';

export interface CardTypeDefinition {
  code: string;
  country: string;
  document: string;
  variant: number;
  side: CardSide;
  name: string;
  /** The spec's ID type, spelled as the spec spells it. */
  idType: IdType;
  hasPortrait: boolean;
  /** Fields a clean read of this side should yield; those missing are reported. */
  expectedFields: string[];
}

const PASSPORT_FIELDS = ['name', 'surname', 'dob', 'sex', 'nationality', 'passport_no', 'expiry'];

function define(code: string, name: string, idType: IdType, hasPortrait: boolean, expectedFields: string[]): CardTypeDefinition {
  const [country = '', document = '', variant = '0', side = 'FRONT'] = code.split(' ');
  return { code, country, document, variant: Number(variant), side: side as CardSide, name, idType, hasPortrait, expectedFields };
}

export const CARD_TYPES: readonly CardTypeDefinition[] = [
  define('PKR CNIC 0 FRONT', 'Pakistan CNIC (front)', 'id', true, [
    'name',
    'father_name',
    'gender',
    'country_of_stay',
    'id_number',
    'dob',
    'expiry',
  ]),
  define('PKR CNIC 0 BACK', 'Pakistan CNIC (back)', 'id', false, ['id_number']),
  define('PKR CNIC 1 FRONT', 'Pakistan smart CNIC (front)', 'id', true, [
    'name',
    'father_name',
    'gender',
    'country_of_stay',
    'id_number',
    'dob',
    'expiry',
  ]),
  define('PKR CNIC 1 BACK', 'Pakistan smart CNIC (back)', 'id', false, ['id_number']),
  define('PKR CNIC 2 FRONT', 'Pakistan CNIC, Urdu (front)', 'id', true, ['id_number', 'dob', 'expiry']),
  define('PKR CNIC 2 BACK', 'Pakistan CNIC, Urdu (back)', 'id', false, ['id_number']),
  define('PKR NICOP 0 FRONT', 'Pakistan NICOP (front)', 'id', true, ['name', 'father_name', 'gender', 'id_number', 'dob', 'expiry']),
  define('PKR NICOP 0 BACK', 'Pakistan NICOP (back)', 'id', false, ['id_number']),
  define('PKR NICOP 1 FRONT', 'Pakistan smart NICOP (front)', 'id', true, ['name', 'father_name', 'gender', 'id_number', 'dob', 'expiry']),
  define('PKR NICOP 1 BACK', 'Pakistan smart NICOP (back)', 'id', false, ['id_number']),
  define('PKR PT 0 FRONT', 'Pakistan passport', 'passport', true, PASSPORT_FIELDS),
  define('GBR PT 0 FRONT', 'UK passport', 'passport', true, PASSPORT_FIELDS),
  define('GBR BRP 0 FRONT', 'UK biometric residence permit (front)', 'id', true, ['name', 'surname', 'permit_no', 'expiry']),
  define('GBR BRP 0 BACK', 'UK biometric residence permit (back)', 'id', false, [
    'name',
    'surname',
    'dob',
    'sex',
    'nationality',
    'permit_no',
    'expiry',
  ]),
  define('GBR DL 0 FRONT', 'UK driving licence (front)', 'lisence', true, ['name', 'surname', 'dob', 'license_no', 'expiry']),
  define('GBR DL 0 BACK', 'UK driving licence (back)', 'lisence', false, []),
  define('QAT RP 0 FRONT', 'Qatar residence permit (front)', 'id', true, ['name', 'id_number', 'dob', 'nationality', 'expiry']),
  define('QAT RP 0 BACK', 'Qatar residence permit (back)', 'id', false, []),
  define('QAT PT 0 FRONT', 'Qatar passport', 'passport', true, PASSPORT_FIELDS),
  define('ARE ID 0 FRONT', 'Emirates ID (front)', 'id', true, ['name', 'id_number', 'nationality']),
  define('ARE ID 0 BACK', 'Emirates ID (back)', 'id', false, ['name', 'surname', 'dob', 'sex', 'nationality', 'expiry']),
  define('ARE ID 1 FRONT', 'Emirates ID, 2021 design (front)', 'id', true, ['name', 'id_number', 'dob', 'nationality', 'expiry']),
  define('ARE ID 1 BACK', 'Emirates ID, 2021 design (back)', 'id', false, ['name', 'surname', 'dob', 'sex', 'nationality', 'expiry']),
  define('ARE PT 0 FRONT', 'UAE passport', 'passport', true, PASSPORT_FIELDS),
  define('NON PT 0 FRONT', 'Passport', 'passport', true, PASSPORT_FIELDS),
  define('NON ID 0 FRONT', 'Identity card (front)', 'id', true, ['name', 'surname']),
  define('NON ID 0 BACK', 'Identity card (back)', 'id', false, ['name', 'surname', 'dob', 'sex', 'nationality', 'id_number', 'expiry']),
  define('NON RP 0 BACK', 'Residence permit (back)', 'id', false, ['name', 'surname', 'dob', 'sex', 'nationality', 'permit_no', 'expiry']),
  define('NON VISA 0 FRONT', 'Visa', 'passport', true, ['name', 'surname', 'dob', 'sex', 'nationality', 'passport_no']),
];

/** The spec's groups, keyed as the configuration screen names them. */
export const CARD_TYPE_GROUPS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  PK: {
    default: ['PKR CNIC 0 FRONT', 'PKR CNIC 0 BACK'],
    URDU: ['PKR CNIC 2 FRONT', 'PKR CNIC 2 BACK'],
    SMART: ['PKR CNIC 1 FRONT', 'PKR CNIC 1 BACK'],
    nicopOld: ['PKR NICOP 0 FRONT', 'PKR NICOP 0 BACK'],
    nicopNew: ['PKR NICOP 1 FRONT', 'PKR NICOP 1 BACK'],
  },
  UK: {
    default: ['GBR PT 0 FRONT', 'GBR BRP', 'GBR DL'],
    passport: ['GBR PT 0 FRONT'],
    passportMRZ: ['NON PT 0 FRONT', 'GBR PT 0 FRONT'],
    brp: ['GBR BRP'],
    license: ['GBR DL'],
    qrp: ['QAT RP'],
    'uae resident cards': ['ARE ID'],
  },
  QA: {
    default: ['QAT RP', 'QAT PT 0 FRONT'],
  },
  AE: {
    default: ['ARE ID', 'ARE PT 0 FRONT'],
  },
};

export function findCardType(code: string): CardTypeDefinition | undefined {
  return CARD_TYPES.find((definition) => definition.code === code);
}

/**
 * A card type the reader knows, or the family of at least one ('GBR BRP', 'PKR CNIC'): getCardFamily
 * alone answers any two words, so the family must be one a known type belongs to.
 */
export function isKnownCardTypeOrFamily(code: string): boolean {
  return findCardType(code) !== undefined || CARD_TYPES.some((definition) => getCardFamily(definition.code) === code);
}

/** 'GBR BRP' allows 'GBR BRP 0 BACK'; a full code allows only itself. */
export function isCardTypeAllowedBy(detected: string, allowed: string): boolean {
  const want = allowed.trim().toUpperCase().replace(/\s+/g, ' ');
  return detected === want || detected.startsWith(`${want} `);
}

/** Country and document of a code ('PKR CNIC'), which is what a 'wrong side' comparison needs. */
export function getCardFamily(code: string): string {
  return code.split(' ').slice(0, 2).join(' ');
}

/** The same family and variant on the other side, when the catalogue has it. */
export function getOtherSide(code: string): string | undefined {
  const definition = findCardType(code);
  if (!definition) return undefined;
  const other = `${definition.country} ${definition.document} ${definition.variant} ${definition.side === 'FRONT' ? 'BACK' : 'FRONT'}`;
  return findCardType(other)?.code;
}
