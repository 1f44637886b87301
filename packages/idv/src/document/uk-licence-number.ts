/**
 * UK (DVLA) driving licence numbers, 16 characters: surname (5, padded with 9), decade of birth,
 * month of birth (+50 for women), day of birth, year of birth within the decade, two initials (9 when
 * absent), an arbitrary digit, two check characters. A two-digit issue number may follow.
 */
export interface UkLicenceNumber {
  number: string;
  surnamePart: string;
  /** Two-digit year of birth. */
  birthYear: number;
  birthMonth: number;
  birthDay: number;
  sex: 'M' | 'F';
  initials: string;
}

const PATTERN = /^([A-Z9]{5})(\d)(\d{2})(\d{2})(\d)([A-Z9]{2})(\d)([A-Z0-9]{2})$/;

export function parseUkLicenceNumber(text: string): UkLicenceNumber | null {
  const compact = text.trim().toUpperCase().replace(/\s+/g, '').slice(0, 16);
  const match = PATTERN.exec(compact);
  if (!match) return null;
  const [, surnamePart = '', decade = '', monthPart = '', dayPart = '', yearDigit = '', initials = ''] = match;
  // The padding 9s may only follow the letters of the surname.
  if (!/^[A-Z]+9*$/.test(surnamePart)) return null;
  const rawMonth = Number(monthPart);
  const isFemale = rawMonth > 50;
  const birthMonth = isFemale ? rawMonth - 50 : rawMonth;
  const birthDay = Number(dayPart);
  if (birthMonth < 1 || birthMonth > 12 || birthDay < 1 || birthDay > 31) return null;
  return {
    number: compact,
    surnamePart,
    birthYear: Number(decade + yearDigit),
    birthMonth,
    birthDay,
    sex: isFemale ? 'F' : 'M',
    initials: initials.replace(/9/g, ''),
  };
}

/** The surname part a licence number must start with: the first five letters, padded with 9. */
export function expectedLicenceSurnamePart(surname: string): string {
  const letters = surname
    .toUpperCase()
    .replace(/^MAC/, 'MC')
    .replace(/[^A-Z]/g, '');
  return letters.slice(0, 5).padEnd(5, '9');
}

/** What a look-alike read in a letter place or a digit place of the number must be. */
const AS_DIGIT: Readonly<Record<string, string>> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
const AS_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };

/**
 * Each place of the number holds a letter (or the padding 9) or a digit by its layout, so a
 * look-alike read in the wrong class is turned to the class the place holds (an initial O read 0,
 * a birth digit 0 read O); the number is still refused unless the whole of it then parses.
 */
function normaliseByPlace(candidate: string): string {
  return [...candidate]
    .map((char, index) => {
      const isLetterPlace = index < 5 || index === 11 || index === 12;
      const isDigitPlace = (index >= 5 && index <= 10) || index === 13;
      if (isLetterPlace && char !== '9') return AS_LETTER[char] ?? char;
      if (isDigitPlace) return AS_DIGIT[char] ?? char;
      return char;
    })
    .join('');
}

export function findUkLicenceNumber(text: string): UkLicenceNumber | null {
  const upper = text.toUpperCase();
  for (const match of upper.matchAll(/[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}/g)) {
    const parsed = parseUkLicenceNumber(match[0]);
    if (parsed) return parsed;
  }
  for (const match of upper.matchAll(/(?=([A-Z0-9]{16}))/g)) {
    const parsed = parseUkLicenceNumber(normaliseByPlace(match[1] ?? ''));
    if (parsed) return parsed;
  }
  return null;
}
