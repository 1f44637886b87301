/**
 * Number words and ordinals to digits, so that 'Brigade Forty-Four' meets 'Brigade 44' and
 * 'First International Bank' meets '1st International Bank'.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const DIGITS = /^\d+$/;

/** The value of a folded word when it is a number word or digits, else undefined. */
export function readNumberWord(word: string): number | undefined {
  if (DIGITS.test(word)) return Number(word);
  // Own keys only: 'constructor' is a name word, not Object.prototype's function.
  if (Object.hasOwn(UNITS, word)) return UNITS[word];
  return Object.hasOwn(TENS, word) ? TENS[word] : undefined;
}

export function isTensWord(word: string): boolean {
  return Object.hasOwn(TENS, word) || (DIGITS.test(word) && Number(word) % 10 === 0 && Number(word) >= 20 && Number(word) < 100);
}

/**
 * Replaces number words by digits and merges a tens word with the unit that follows it
 * ('forty' 'four' → '44', 'forty' '4' → '44').
 */
export function mergeNumberWords(words: readonly string[]): string[] {
  const merged: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const value = readNumberWord(word);
    if (value === undefined) {
      merged.push(word);
      continue;
    }
    const next = words[index + 1];
    const nextValue = next === undefined ? undefined : readNumberWord(next);
    if (isTensWord(word) && nextValue !== undefined && nextValue > 0 && nextValue < 10) {
      merged.push(String(value + nextValue));
      index += 1;
      continue;
    }
    merged.push(String(value));
  }
  return merged;
}
