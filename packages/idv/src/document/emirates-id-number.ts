/**
 * Emirates ID numbers: 784-YYYY-NNNNNNN-C, 15 digits starting with the UAE's ISO numeric code 784,
 * then the holder's birth year, a serial, and a Luhn check digit over the first 14.
 */
export interface EmiratesIdNumber {
  /** 784-1980-1234567-8 */
  formatted: string;
  digits: string;
  birthYear: number;
}

export function hasValidLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return sum % 10 === 0;
}

export function parseEmiratesIdNumber(text: string): EmiratesIdNumber | null {
  const compact = text.trim();
  if (!/^(784-\d{4}-\d{7}-\d|784\d{12})$/.test(compact)) return null;
  const digits = compact.replace(/-/g, '');
  if (!hasValidLuhn(digits)) return null;
  return {
    formatted: `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7, 14)}-${digits.slice(14)}`,
    digits,
    birthYear: Number(digits.slice(3, 7)),
  };
}

export function findEmiratesIdNumber(text: string): EmiratesIdNumber | null {
  for (const match of text.matchAll(/784\s?[-–]?\s?(\d{4})\s?[-–]?\s?(\d{7})\s?[-–]?\s?(\d)/g)) {
    const parsed = parseEmiratesIdNumber(`784-${match[1]}-${match[2]}-${match[3]}`);
    if (parsed) return parsed;
  }
  return null;
}
