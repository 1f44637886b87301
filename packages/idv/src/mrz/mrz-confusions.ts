/**
 * Characters OCR confuses in OCR-B print. Each map gives what a misread character most likely is
 * in a field of the other class; the corrector only applies a swap where the field's class forces
 * it or a check digit confirms it.
 */
export const DIGIT_FOR_LETTER: Readonly<Record<string, string>> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  J: '1',
  T: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
  A: '4',
};

export const LETTER_FOR_DIGIT: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};

/** The filler '<' comes out of a general-purpose model as one of these in long runs. */
export const FILLER_LOOKALIKES: ReadonlySet<string> = new Set(['K', 'L', 'C', 'E', 'X']);

/** Sex is M, F, X or '<'; these are the misreads seen for M and F. */
export const SEX_FOR_MISREAD: Readonly<Record<string, string>> = { H: 'M', N: 'M', W: 'M', E: 'F', P: 'F', K: '<', L: '<', C: '<' };

/** Alternatives worth trying at one position of an alphanumeric field, most likely first. */
export function getAlternatives(char: string): string[] {
  const alternatives: string[] = [];
  const digit = DIGIT_FOR_LETTER[char];
  if (digit) alternatives.push(digit);
  if (char === 'T') alternatives.push('7');
  const letter = LETTER_FOR_DIGIT[char];
  if (letter) alternatives.push(letter);
  if (char === '0') alternatives.push('D');
  // Never the reverse: a letter read as '<' is rare, and trying letters in every filler would let
  // some wrong swap satisfy a check digit by chance.
  if (FILLER_LOOKALIKES.has(char)) alternatives.push('<');
  return alternatives;
}
