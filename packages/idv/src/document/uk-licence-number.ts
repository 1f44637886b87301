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

export function findUkLicenceNumber(text: string): UkLicenceNumber | null {
  for (const match of text.toUpperCase().matchAll(/[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}/g)) {
    const parsed = parseUkLicenceNumber(match[0]);
    if (parsed) return parsed;
  }
  return null;
}
