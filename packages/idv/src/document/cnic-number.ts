/**
 * Pakistani CNIC / NICOP numbers: 13 digits written 5-7-1. The first digit is the province (1 Khyber
 * Pakhtunkhwa, 2 FATA, 3 Punjab, 4 Sindh, 5 Balochistan, 6 Islamabad, 7 Gilgit-Baltistan); the last is
 * odd for men and even for women. There is no checksum. Decision: first digits 0, 8 and 9 are refused
 * (python-stdnum's rule), because no province carries them and OCR noise often produces them.
 */
export const CNIC_PROVINCES: Readonly<Record<string, string>> = {
  '1': 'Khyber Pakhtunkhwa',
  '2': 'FATA',
  '3': 'Punjab',
  '4': 'Sindh',
  '5': 'Balochistan',
  '6': 'Islamabad',
  '7': 'Gilgit-Baltistan',
};

export interface CnicNumber {
  /** 12345-1234567-1 */
  formatted: string;
  digits: string;
  province: string;
  sex: 'M' | 'F';
}

/** Accepts the number with or without its dashes; null when it is not a valid CNIC number. */
export function parseCnicNumber(text: string): CnicNumber | null {
  const compact = text.trim();
  if (!/^(\d{5}-\d{7}-\d|\d{13})$/.test(compact)) return null;
  const digits = compact.replace(/-/g, '');
  const province = CNIC_PROVINCES[digits[0] ?? ''];
  if (!province) return null;
  const last = Number(digits[12]);
  return {
    formatted: `${digits.slice(0, 5)}-${digits.slice(5, 12)}-${digits.slice(12)}`,
    digits,
    province,
    sex: last % 2 === 1 ? 'M' : 'F',
  };
}

/** Finds a CNIC number in free OCR text, tolerating spaces around the dashes. */
export function findCnicNumber(text: string): CnicNumber | null {
  for (const match of text.matchAll(/(\d{5})\s?[-–]\s?(\d{7})\s?[-–]\s?(\d)\b/g)) {
    const parsed = parseCnicNumber(`${match[1]}-${match[2]}-${match[3]}`);
    if (parsed) return parsed;
  }
  for (const match of text.matchAll(/\b\d{13}\b/g)) {
    const parsed = parseCnicNumber(match[0]);
    if (parsed) return parsed;
  }
  return null;
}
