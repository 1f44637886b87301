/**
 * Fronts of documents without an MRZ, made up for evaluation: the Pakistani CNIC and NICOP (English
 * fields with the holder's name also in Urdu), the UK driving licence (numbered fields 1–5, 4a–4c,
 * 8, 9) and the Emirates ID (2021 design: English and Arabic labels). Field positions, label words
 * and order follow the real cards; fonts are DejaVu Sans and Sans Mono from the dejavu-fonts-ttf
 * npm package (DejaVu Sans draws the Arabic script). Holders are random, valid by each number's
 * own rules (CNIC province and sex digit, the licence number's encoding, the Emirates ID's Luhn).
 */
import { hasValidLuhn } from '../document/emirates-id-number';
import type { DocumentDrawing, TextItem } from './document-renderer';
import type { Random } from './generated-mrz-documents';

export type PrintedCardKind = 'PKR CNIC' | 'PKR NICOP' | 'GBR DL' | 'ARE ID';

export interface PrintedCard {
  kind: PrintedCardKind;
  drawing: DocumentDrawing;
  /** The OCR fields the card prints, as the reader should return them (dates ISO). */
  expected: Record<string, string>;
  /** Drawn but not expected to be read: the holder's name in Urdu or Arabic script. */
  scriptName: string;
}

const GIVEN = [
  'Ahmed',
  'Bilal',
  'Sana',
  'Ayesha',
  'Omar',
  'Fatima',
  'Hassan',
  'Zainab',
  'Imran',
  'Hina',
  'Usman',
  'Maryam',
  'Tariq',
  'Nadia',
];
const FAMILY = ['Khan', 'Raza', 'Malik', 'Qureshi', 'Siddiqui', 'Hussain', 'Chaudhry', 'Sheikh', 'Butt', 'Mirza', 'Javed', 'Akhtar'];
const UK_GIVEN = ['SARAH', 'JAMES', 'OLIVER', 'EMILY', 'THOMAS', 'CHLOE', 'HARRY', 'GRACE', 'DANIEL', 'LUCY'];
const UK_FAMILY = ['MORGAN', 'TAYLOR', 'JOHNSON', 'WILLIAMS', 'BROWN', 'EVANS', 'WRIGHT', 'HUGHES', 'EDWARDS', 'COX'];
const NATIONALITIES = ['Jordan', 'India', 'Pakistan', 'Egypt', 'Philippines', 'Syria', 'Lebanon', 'Sudan'];
/** Urdu/Arabic spellings of the given and family names above, same order. */
const URDU_GIVEN: Record<string, string> = {
  Ahmed: 'احمد',
  Bilal: 'بلال',
  Sana: 'ثنا',
  Ayesha: 'عائشہ',
  Omar: 'عمر',
  Fatima: 'فاطمہ',
  Hassan: 'حسن',
  Zainab: 'زینب',
  Imran: 'عمران',
  Hina: 'حنا',
  Usman: 'عثمان',
  Maryam: 'مریم',
  Tariq: 'طارق',
  Nadia: 'نادیہ',
};
const URDU_FAMILY: Record<string, string> = {
  Khan: 'خان',
  Raza: 'رضا',
  Malik: 'ملک',
  Qureshi: 'قریشی',
  Siddiqui: 'صدیقی',
  Hussain: 'حسین',
  Chaudhry: 'چوہدری',
  Sheikh: 'شیخ',
  Butt: 'بٹ',
  Mirza: 'مرزا',
  Javed: 'جاوید',
  Akhtar: 'اختر',
};
const FEMALE = new Set(['Sana', 'Ayesha', 'Fatima', 'Zainab', 'Hina', 'Maryam', 'Nadia', 'SARAH', 'EMILY', 'CHLOE', 'GRACE', 'LUCY']);

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => String(Math.floor(random() * 10))).join('');
}

function randomDate(random: Random, fromYear: number, toYear: number): { day: number; month: number; year: number } {
  return {
    day: 1 + Math.floor(random() * 28),
    month: 1 + Math.floor(random() * 12),
    year: fromYear + Math.floor(random() * (toYear - fromYear + 1)),
  };
}

const two = (value: number): string => String(value).padStart(2, '0');
const iso = (date: { day: number; month: number; year: number }): string => `${date.year}-${two(date.month)}-${two(date.day)}`;
const dotted = (date: { day: number; month: number; year: number }): string => `${two(date.day)}.${two(date.month)}.${date.year}`;
const slashed = (date: { day: number; month: number; year: number }): string => `${two(date.day)}/${two(date.month)}/${date.year}`;

function text(value: string, x: number, y: number, size: number, extra: Partial<TextItem> = {}): TextItem {
  return { text: value, x, y, size, isSans: true, ...extra };
}

/** CNIC / NICOP front (2012 smart-card layout): English labels in green above the values, Urdu name under the English one, portrait right. */
export function generateCnicFront(random: Random, isNicop: boolean): PrintedCard {
  const given = pick(random, GIVEN);
  const family = pick(random, FAMILY);
  const father = `${pick(
    random,
    GIVEN.filter((name) => !FEMALE.has(name)),
  )} ${pick(random, FAMILY)}`;
  const isFemale = FEMALE.has(given);
  const province = pick(random, ['1', '3', '4', '5', '6', '7']);
  const lastDigit = String(Math.floor(random() * 5) * 2 + (isFemale ? 0 : 1));
  const idNumber = `${province}${digits(random, 4)}-${digits(random, 7)}-${lastDigit}`;
  const birth = randomDate(random, 1960, 2004);
  const issue = randomDate(random, 2016, 2024);
  const expiry = { ...issue, year: issue.year + 10 };
  const stay = isNicop ? pick(random, ['United Kingdom', 'Saudi Arabia', 'Canada', 'Norway']) : 'Pakistan';
  const label = (value: string, x: number, y: number): TextItem => text(value, x, y, 15, { color: '#2b6a3a' });
  const value = (entry: string, x: number, y: number): TextItem => text(entry, x, y, 22, { color: '#111111' });
  const scriptName = `${URDU_GIVEN[given] ?? ''} ${URDU_FAMILY[family] ?? ''}`;
  return {
    kind: isNicop ? 'PKR NICOP' : 'PKR CNIC',
    scriptName,
    expected: {
      name: `${given} ${family}`,
      father_name: father,
      id_number: idNumber,
      dob: iso(birth),
      doe: iso(expiry),
      sex: isFemale ? 'F' : 'M',
      country_of_stay: stay,
    },
    drawing: {
      width: 856,
      height: 540,
      background: '#e3f1e4',
      portrait: { x: 630, y: 130, width: 190, height: 235 },
      texts: [
        text('PAKISTAN', 40, 26, 26, { bold: true, color: '#1e5a2c' }),
        text(isNicop ? 'National Identity Card for Overseas Pakistani' : 'National Identity Card', 210, 32, 16, { color: '#1e5a2c' }),
        text('ISLAMIC REPUBLIC OF PAKISTAN', 210, 56, 12, { color: '#1e5a2c' }),
        label('Name', 40, 110),
        value(`${given} ${family}`, 40, 132),
        text(scriptName, 40, 166, 20, { color: '#111111' }),
        label('Father Name', 40, 210),
        value(father, 40, 232),
        label('Gender', 40, 280),
        value(isFemale ? 'F' : 'M', 40, 302),
        label('Country of Stay', 200, 280),
        value(stay, 200, 302),
        label('Identity Number', 40, 350),
        value(idNumber, 40, 372),
        label('Date of Birth', 330, 350),
        value(dotted(birth), 330, 372),
        label('Date of Issue', 40, 420),
        value(dotted(issue), 40, 442),
        label('Date of Expiry', 330, 420),
        value(dotted(expiry), 330, 442),
      ],
    },
  };
}

/** The 16-character DVLA number for a holder (see uk-licence-number). */
function licenceNumber(
  surname: string,
  given: string,
  birth: { day: number; month: number; year: number },
  isFemale: boolean,
  random: Random,
): string {
  const surnamePart = surname.slice(0, 5).padEnd(5, '9');
  const year = two(birth.year % 100);
  const month = two(birth.month + (isFemale ? 50 : 0));
  return `${surnamePart}${year[0]}${month}${two(birth.day)}${year[1]}${given[0]}9${digits(random, 1)}${pick(random, ['AB', 'CD', 'XY', 'LM', 'QR'])}`;
}

/** UK photocard licence front: numbered fields right of the portrait, pink background. */
export function generateUkLicenceFront(random: Random): PrintedCard {
  const given = pick(random, UK_GIVEN);
  const middle = pick(
    random,
    UK_GIVEN.filter((name) => name !== given),
  );
  const surname = pick(random, UK_FAMILY);
  const isFemale = FEMALE.has(given);
  const birth = randomDate(random, 1955, 2004);
  const issue = randomDate(random, 2016, 2024);
  const expiry = { ...issue, year: issue.year + 10 };
  const number = licenceNumber(surname, given, birth, isFemale, random);
  const field = (key: string, value: string, y: number, size = 20): TextItem => text(`${key} ${value}`, 290, y, size, { color: '#111111' });
  return {
    kind: 'GBR DL',
    scriptName: '',
    expected: {
      surname,
      name: `${given} ${middle}`,
      dob: iso(birth),
      doe: iso(expiry),
      license_no: number,
      sex: isFemale ? 'F' : 'M',
    },
    drawing: {
      width: 856,
      height: 540,
      background: '#f4e3ec',
      portrait: { x: 30, y: 120, width: 230, height: 290 },
      texts: [
        text('DRIVING LICENCE', 290, 30, 28, { bold: true, color: '#233a7a' }),
        text('UK', 40, 40, 30, { bold: true, color: '#233a7a' }),
        field('1.', surname, 100),
        field('2.', `${given} ${middle}`, 140),
        field('3.', `${dotted(birth)} UNITED KINGDOM`, 180),
        field('4a.', dotted(issue), 220),
        field('4b.', dotted(expiry), 260),
        field('4c.', 'DVLA', 300),
        field('5.', number, 340),
        field('8.', `${1 + Math.floor(random() * 98)} HIGH STREET, LONDON`, 400, 15),
        field('9.', 'AM/A/B1/B/f/k/l/q', 440, 15),
      ],
    },
  };
}

function emiratesIdNumber(random: Random, birthYear: number): string {
  for (;;) {
    const body = `784${birthYear}${digits(random, 7)}`;
    for (let check = 0; check < 10; check += 1) {
      if (hasValidLuhn(`${body}${check}`)) return `784-${birthYear}-${body.slice(7)}-${check}`;
    }
  }
}

/** Emirates ID front, 2021 design: bilingual header, ID number, name in English and Arabic, nationality, birth, sex, dates. */
export function generateEmiratesIdFront(random: Random): PrintedCard {
  const given = pick(random, GIVEN);
  const family = pick(random, FAMILY);
  const isFemale = FEMALE.has(given);
  const birth = randomDate(random, 1960, 2004);
  const issue = randomDate(random, 2021, 2024);
  const expiry = { ...issue, year: issue.year + 5 };
  const nationality = pick(random, NATIONALITIES);
  const idNumber = emiratesIdNumber(random, birth.year);
  const scriptName = `${URDU_GIVEN[given] ?? ''} ${URDU_FAMILY[family] ?? ''}`;
  const line = (value: string, y: number, size = 18): TextItem => text(value, 300, y, size, { color: '#111111' });
  return {
    kind: 'ARE ID',
    scriptName,
    expected: {
      id_number: idNumber,
      name: `${given} ${family}`,
      nationality,
      dob: iso(birth),
      doe: iso(expiry),
      sex: isFemale ? 'F' : 'M',
    },
    drawing: {
      width: 856,
      height: 540,
      background: '#eef0e6',
      portrait: { x: 40, y: 130, width: 220, height: 280 },
      texts: [
        text('دولة الإمارات العربية المتحدة', 300, 24, 18, { color: '#5a4a1e' }),
        text('UNITED ARAB EMIRATES', 300, 52, 22, { bold: true, color: '#5a4a1e' }),
        text('RESIDENT IDENTITY CARD', 300, 84, 15, { color: '#5a4a1e' }),
        line(`ID Number: ${idNumber}`, 130, 20),
        line(`الاسم: ${scriptName}`, 170),
        line(`Name: ${given} ${family}`, 205),
        line(`Date of Birth: ${slashed(birth)}`, 245),
        line(`Nationality: ${nationality}`, 285),
        line(`Sex: ${isFemale ? 'F' : 'M'}`, 325),
        line(`Issuing Date: ${slashed(issue)}`, 365),
        line(`Expiry Date: ${slashed(expiry)}`, 405),
      ],
    },
  };
}

export function generatePrintedCard(random: Random, kind: PrintedCardKind): PrintedCard {
  if (kind === 'PKR CNIC') return generateCnicFront(random, false);
  if (kind === 'PKR NICOP') return generateCnicFront(random, true);
  if (kind === 'GBR DL') return generateUkLicenceFront(random);
  return generateEmiratesIdFront(random);
}
