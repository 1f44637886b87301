import { isCheckDigitValid } from './check-digit';
import { DIGIT_FOR_LETTER, LETTER_FOR_DIGIT, SEX_FOR_MISREAD, getAlternatives, FILLER_LOOKALIKES } from './mrz-confusions';
import { findNearbyStateCodes } from './mrz-country-codes';
import { getMrzLayout, readSpan, type MrzCheckSpec, type MrzFieldSpec, type MrzFormat, type MrzLayout } from './mrz-format';

export interface MrzCorrection {
  line: number;
  position: number;
  from: string;
  to: string;
  /** `format`: the field cannot hold the character read; otherwise the check digit that confirmed it. */
  confirmedBy: 'format' | MrzCheckSpec['name'];
}

export interface CorrectedMrz {
  lines: string[];
  corrections: MrzCorrection[];
}

/**
 * One swap per field: every candidate tried has a one-in-ten chance of satisfying a check digit by
 * luck, so trying pairs would confirm wrong readings often. Misreads beyond one swap are left to the
 * agreement between preprocessing variants (mrz-fusion).
 */
const MAX_SWAPS = 1;

function setChar(lines: string[], line: number, position: number, char: string): void {
  const text = lines[line] ?? '';
  lines[line] = text.slice(0, position) + char + text.slice(position + 1);
}

function applyFormatRules(lines: string[], layout: MrzLayout, corrections: MrzCorrection[]): void {
  const replace = (line: number, position: number, to: string): void => {
    const from = lines[line]?.[position] ?? '';
    if (from === to) return;
    setChar(lines, line, position, to);
    corrections.push({ line, position, from, to, confirmedBy: 'format' });
  };
  for (const field of layout.fields) {
    for (let position = field.start; position < field.end; position += 1) {
      const char = lines[field.line]?.[position] ?? '';
      if (field.charClass === 'numeric' && DIGIT_FOR_LETTER[char]) replace(field.line, position, DIGIT_FOR_LETTER[char] ?? char);
      if (field.charClass === 'alpha' && LETTER_FOR_DIGIT[char]) replace(field.line, position, LETTER_FOR_DIGIT[char] ?? char);
      if (field.charClass === 'sex' && SEX_FOR_MISREAD[char]) replace(field.line, position, SEX_FOR_MISREAD[char] ?? char);
    }
  }
  for (const check of layout.checks) {
    const char = lines[check.line]?.[check.position] ?? '';
    if (DIGIT_FOR_LETTER[char]) replace(check.line, check.position, DIGIT_FOR_LETTER[char] ?? char);
  }
  // ICAO document codes start with a letter (A, C, I, P or V).
  const code = layout.fields.find((field) => field.name === 'documentCode');
  const first = code ? (lines[code.line]?.[code.start] ?? '') : '';
  if (code && LETTER_FOR_DIGIT[first]) replace(code.line, code.start, LETTER_FOR_DIGIT[first] ?? first);
  // Its second character is a letter or a filler; a few national cards print a digit (C1, A3), but
  // OCR-B's 0 and O are one shape to every reader, and no check digit covers the place: the round
  // glyph is the letter Doc 9303 uses (PO, IO), never the digit.
  if (code && code.end - code.start > 1 && lines[code.line]?.[code.start + 1] === '0') replace(code.line, code.start + 1, 'O');
  repairNameFiller(lines, layout, replace);
  repairSingleLetterState(lines, layout, replace);
  repairStateCodes(lines, layout, replace);
}

/**
 * An issuing state or nationality that is no valid code becomes the one valid code a confusable
 * letter away (IPN → JPN); when several are that close, the one the other state field holds wins
 * (holders are mostly nationals of the issuing state), otherwise the code stays as read.
 */
function repairStateCodes(lines: string[], layout: MrzLayout, replace: (line: number, position: number, to: string) => void): void {
  const fields = layout.fields.filter((field) => field.name === 'issuingState' || field.name === 'nationality');
  const write = (field: MrzFieldSpec, code: string): void => {
    for (let offset = 0; offset < code.length; offset += 1) replace(field.line, field.start + offset, code[offset] ?? '<');
  };
  const ambiguous: Array<{ field: MrzFieldSpec; candidates: string[] }> = [];
  for (const field of fields) {
    const code = readSpan(lines, field);
    // All filler: the document leaves the field unspecified (a border crossing card's nationality).
    if (/^<*$/.test(code)) continue;
    const candidates = findNearbyStateCodes(code);
    if (candidates.length === 1) write(field, candidates[0] ?? '');
    else if (candidates.length > 1) ambiguous.push({ field, candidates });
  }
  for (const { field, candidates } of ambiguous) {
    const other = fields.find((entry) => entry !== field);
    const otherCode = other ? readSpan(lines, other) : '';
    if (candidates.includes(otherCode)) write(field, otherCode);
  }
}

/**
 * The name field is SURNAME<<GIVEN<NAMES followed by filler; once a second '<<' closes the given
 * names, nothing but filler can follow.
 */
function repairNameFiller(lines: string[], layout: MrzLayout, replace: (line: number, position: number, to: string) => void): void {
  const names = layout.fields.find((field) => field.name === 'names');
  if (!names) return;
  const text = readSpan(lines, names);
  const separator = text.indexOf('<<');
  if (separator === -1) return;
  const closing = text.indexOf('<<', separator + 2);
  const start = closing === -1 ? -1 : closing;
  if (start === -1) return;
  for (let offset = start; offset < text.length; offset += 1) replace(names.line, names.start + offset, '<');
}

/** 'D' (Germany) is the only one-letter state code; its two fillers are often read as letters. */
function repairSingleLetterState(lines: string[], layout: MrzLayout, replace: (line: number, position: number, to: string) => void): void {
  for (const field of layout.fields) {
    if (field.name !== 'issuingState' && field.name !== 'nationality') continue;
    const code = readSpan(lines, field);
    if (code[0] === 'D' && Array.from(code.slice(1)).every((char) => char === '<' || FILLER_LOOKALIKES.has(char))) {
      replace(field.line, field.start + 1, '<');
      replace(field.line, field.start + 2, '<');
    }
  }
}

function checkHolds(lines: readonly string[], check: MrzCheckSpec): boolean {
  const text = check.covers.map((span) => readSpan(lines, span)).join('');
  return isCheckDigitValid(text, lines[check.line]?.[check.position] ?? '');
}

interface Swap {
  line: number;
  position: number;
  to: string;
}

/**
 * Positions of the alphanumeric fields a check digit covers; dates and names are left to the format
 * rules. For the composite, fields that carry their own check digit are excluded: it only repairs
 * the optional data nothing else protects.
 */
function swappablePositions(layout: MrzLayout, check: MrzCheckSpec, lines: readonly string[]): Swap[][] {
  const ownChecked = new Set<string>();
  if (check.name === 'composite') {
    for (const other of layout.checks) {
      if (other === check) continue;
      for (const span of other.covers) {
        for (let position = span.start; position < span.end; position += 1) ownChecked.add(`${span.line}:${position}`);
      }
    }
  }
  const options: Swap[][] = [];
  for (const span of check.covers) {
    for (const field of layout.fields) {
      if (field.line !== span.line || field.charClass !== 'alnum') continue;
      const start = Math.max(field.start, span.start);
      const end = Math.min(field.end, span.end);
      for (let position = start; position < end; position += 1) {
        if (ownChecked.has(`${field.line}:${position}`)) continue;
        const char = lines[field.line]?.[position] ?? '';
        const alternatives = getAlternatives(char).map((to) => ({ line: field.line, position, to }));
        if (alternatives.length > 0) options.push(alternatives);
      }
    }
  }
  return options;
}

/** Letter/digit alternations in a field; a genuine number rarely alternates more than a misread one. */
export function countClassChanges(text: string): number {
  let changes = 0;
  let previous = '';
  for (const char of text) {
    const kind = /[0-9]/.test(char) ? 'digit' : /[A-Z]/.test(char) ? 'letter' : '';
    if (kind && previous && kind !== previous) changes += 1;
    if (kind) previous = kind;
  }
  return changes;
}

function fieldTextAfter(
  lines: readonly string[],
  layout: MrzLayout,
  swaps: readonly Swap[],
  candidate: readonly string[],
): Array<{ before: string; after: string }> {
  return layout.fields
    .filter((field) => swaps.some((swap) => swap.line === field.line && swap.position >= field.start && swap.position < field.end))
    .map((field) => ({ before: readSpan(lines, field), after: readSpan(candidate, field) }));
}

function* combinations(options: Swap[][], size: number, from = 0, chosen: Swap[] = []): Generator<Swap[]> {
  if (chosen.length === size) {
    yield chosen;
    return;
  }
  for (let index = from; index < options.length; index += 1) {
    for (const swap of options[index] ?? []) yield* combinations(options, size, index + 1, [...chosen, swap]);
  }
}

function applySwaps(lines: readonly string[], swaps: readonly Swap[]): string[] {
  const next = [...lines];
  for (const swap of swaps) setChar(next, swap.line, swap.position, swap.to);
  return next;
}

/**
 * Tries the fewest O/0-style swaps that make a failing check digit hold. A swap is kept only when
 * exactly one candidate holds — or exactly one also satisfies the composite, where the composite
 * weighs the field differently from its own digit (dates, personal number) — and never when it
 * would break a composite that held.
 */
function repairByCheckDigit(lines: string[], layout: MrzLayout, check: MrzCheckSpec, corrections: MrzCorrection[]): string[] {
  if (checkHolds(lines, check)) return lines;
  const options = swappablePositions(layout, check, lines);
  const composite = layout.checks.find((candidate) => candidate.name === 'composite' && candidate !== check);
  for (let size = 1; size <= MAX_SWAPS; size += 1) {
    const passing: string[][] = [];
    const passingSwaps: Swap[][] = [];
    for (const swaps of combinations(options, size)) {
      const candidate = applySwaps(lines, swaps);
      if (!checkHolds(candidate, check)) continue;
      // A swap that makes the number alternate more between letters and digits is not a repair.
      if (fieldTextAfter(lines, layout, swaps, candidate).some(({ before, after }) => countClassChanges(after) > countClassChanges(before)))
        continue;
      if (composite && !checkHolds(candidate, composite) && checkHolds(lines, composite)) continue;
      passing.push(candidate);
      passingSwaps.push(swaps);
    }
    const withComposite = composite ? passing.filter((candidate) => checkHolds(candidate, composite)) : [];
    const chosenIndex = withComposite.length === 1 ? passing.indexOf(withComposite[0] ?? []) : passing.length === 1 ? 0 : -1;
    if (chosenIndex >= 0) {
      for (const swap of passingSwaps[chosenIndex] ?? []) {
        corrections.push({
          line: swap.line,
          position: swap.position,
          from: lines[swap.line]?.[swap.position] ?? '',
          to: swap.to,
          confirmedBy: check.name,
        });
      }
      return passing[chosenIndex] ?? lines;
    }
    if (passing.length > 1) return lines;
  }
  return lines;
}

/**
 * Document numbers are mostly a short letter prefix followed by digits (ZU1234567, BAA000589,
 * 11810187). When the check digit fails, the number is re-read as its first 0–3 letters followed
 * by digits, turning the letters after the prefix into the digits they resemble; a version is kept
 * only if its check digit holds and no other prefix length also holds. The composite adds no
 * evidence here: it weighs the number's characters exactly as its own digit does.
 */
function repairDocumentNumberShape(lines: string[], layout: MrzLayout, corrections: MrzCorrection[]): string[] {
  const check = layout.checks.find((candidate) => candidate.name === 'documentNumber');
  const field = layout.fields.find((candidate) => candidate.name === 'documentNumber');
  if (!check || !field || checkHolds(lines, check)) return lines;
  const original = readSpan(lines, field);
  const body = original.replace(/<+$/, '');
  const passing: string[][] = [];
  for (let prefix = 0; prefix <= 3 && prefix <= body.length; prefix += 1) {
    let rebuilt = '';
    let isPossible = true;
    for (let index = 0; index < body.length; index += 1) {
      const char = body[index] ?? '';
      const wantsLetter = index < prefix;
      const isLetter = /[A-Z]/.test(char);
      // Letters read for digits are the common error; a digit is not turned into a letter here,
      // which also keeps a genuinely invalid all-digit number (a specimen) from being "repaired".
      if (wantsLetter === isLetter) rebuilt += char;
      else if (!wantsLetter && DIGIT_FOR_LETTER[char]) rebuilt += DIGIT_FOR_LETTER[char];
      else isPossible = false;
    }
    if (!isPossible || rebuilt === body) continue;
    const candidate = [...lines];
    const text = candidate[field.line] ?? '';
    candidate[field.line] = text.slice(0, field.start) + rebuilt + original.slice(body.length) + text.slice(field.end);
    if (checkHolds(candidate, check)) passing.push(candidate);
  }
  if (passing.length !== 1) return lines;
  const chosen = passing[0] ?? lines;
  for (let position = field.start; position < field.end; position += 1) {
    const from = lines[field.line]?.[position] ?? '';
    const to = chosen[field.line]?.[position] ?? '';
    if (from !== to) corrections.push({ line: field.line, position, from, to, confirmedBy: 'documentNumber' });
  }
  return chosen;
}

/**
 * Repairs OCR confusions in MRZ lines of a known format: first what the field's character class
 * forces (a letter in a date, a digit in a name), then alphanumeric swaps a check digit confirms.
 */
export function correctMrz(input: readonly string[], format: MrzFormat): CorrectedMrz {
  const layout = getMrzLayout(format);
  let lines = [...input];
  const corrections: MrzCorrection[] = [];
  applyFormatRules(lines, layout, corrections);
  lines = repairDocumentNumberShape(lines, layout, corrections);
  for (const check of layout.checks) {
    if (check.name === 'composite') continue;
    lines = repairByCheckDigit(lines, layout, check, corrections);
  }
  // A failing field explains a failing composite; only when every field holds can the composite
  // point at the optional data nothing else protects.
  const composite = layout.checks.find((check) => check.name === 'composite');
  const fieldsHold = layout.checks.every((check) => check.name === 'composite' || checkHolds(lines, check));
  if (composite && fieldsHold) lines = repairByCheckDigit(lines, layout, composite, corrections);
  return { lines, corrections };
}
