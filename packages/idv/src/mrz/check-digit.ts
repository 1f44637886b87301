/**
 * ICAO 9303 check digits: each character's value (digits as themselves, A–Z as 10–35, the filler
 * '<' as 0) is weighted 7, 3, 1 repeating; the digit is the sum modulo 10.
 */
const WEIGHTS = [7, 3, 1] as const;

export function getMrzCharValue(char: string): number | null {
  if (char === '<') return 0;
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return null;
}

/** Returns null when the text holds a character outside the MRZ alphabet. */
export function computeCheckDigit(text: string): number | null {
  let sum = 0;
  for (let index = 0; index < text.length; index += 1) {
    const value = getMrzCharValue(text[index] ?? '');
    if (value === null) return null;
    sum += value * (WEIGHTS[index % 3] ?? 1);
  }
  return sum % 10;
}

/**
 * A field left entirely empty ('<' only) may carry '<' as its check digit (ICAO 9303-3 §4.9);
 * otherwise the check character must be the computed digit.
 */
export function isCheckDigitValid(text: string, checkChar: string): boolean {
  if (checkChar === '<') return /^<*$/.test(text);
  const expected = computeCheckDigit(text);
  return expected !== null && checkChar === String(expected);
}
