/**
 * Decodes an MRZ from several hypotheses per character instead of one reading: every position
 * carries a log-likelihood for each character (from the glyph's resemblance to the OCR-B typeface
 * and from the recogniser's readings), and each field is decoded as the likeliest string its
 * grammar allows — digits in dates, letters and fillers in names, a code from the ICAO list in the
 * state fields, fillers only after a name's last word — with its check digit as a constraint.
 *
 * The decision rule for check digits, stated once: a document printed with a wrong check digit is
 * rare, and a misread glyph is common, so a reading that satisfies the digit is preferred to the
 * likeliest reading that does not, provided it costs no more than INVALID_DIGIT_PENALTY nats of
 * glyph evidence (the log prior odds against a misprinted digit). A field whose glyphs clearly say
 * otherwise — a printed invalid digit, or a character no hypothesis can turn — stays as read and
 * is reported invalid: nothing is ever made valid against the recogniser's own evidence.
 */
import { getMrzCharValue, isCheckDigitValid } from './check-digit';
import { MRZ_STATE_CODES } from './mrz-country-codes';
import { getMrzLayout, MRZ_ALPHABET, readSpan, type MrzCheckSpec, type MrzFieldSpec, type MrzFormat, type MrzLayout } from './mrz-format';

/** Log-likelihood of each character at one position (nats); characters left out score MISSING. */
export type PositionScores = ReadonlyMap<string, number>;
/** Scores per line, per position; a line may be shorter than the format (missing positions know nothing). */
export type ZoneEvidence = ReadonlyArray<ReadonlyArray<PositionScores | undefined>>;

/** Log prior odds against a check digit printed wrong: the glyph evidence a valid reading may cost. */
export const INVALID_DIGIT_PENALTY = 4;
/**
 * A field whose digit holds is confirmed only when every other reading that holds too is this many
 * nats less likely. A check digit catches one misread glyph, but two look-alikes whose weights
 * cancel (O/0 at weights 7 and 3, 1/T) pass it one time in ten: where the glyph evidence cannot
 * tell the two readings apart, the digit is no witness and the field is reported uncertain.
 */
export const UNCERTAIN_MARGIN = 3.5;
/** A character nothing speaks for. */
const MISSING = -12;
/** Each word a name is split into costs this much: a split needs the glyph evidence of a filler. */
const NEW_WORD_COST = 0.3;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const WEIGHTS = [7, 3, 1] as const;

export interface LatticeDecision {
  /** A check digit name, or the field decoded by its grammar. */
  subject: string;
  /** Glyph evidence the chosen reading gave up against the likeliest reading of the same characters, in nats. */
  cost: number;
  /** The chosen reading satisfies its check digit. */
  holds: boolean;
  /**
   * False when the chosen reading is not well formed: a date with fillers among its digits, a
   * number with a filler inside. A date of zeros (an unknown day or month printed 00) is well formed.
   */
  wellFormed?: boolean;
  /**
   * Nats of glyph evidence between the chosen reading and the likeliest other reading that also
   * satisfies the digit (two look-alikes whose weights cancel in the sum); absent when none does.
   */
  margin?: number;
  /** That other reading, characters then digit: the composite may still tell the two apart. */
  rival?: { text: string; digit: string };
  /** The digit holds, but another reading holds on nearly the same evidence: the field is not confirmed. */
  isUncertain?: boolean;
}

export interface LatticeReading {
  lines: string[];
  /** Total log-likelihood of the chosen characters. */
  score: number;
  decisions: LatticeDecision[];
}

function scoreOf(evidence: ZoneEvidence, line: number, position: number, char: string): number {
  return evidence[line]?.[position]?.get(char) ?? MISSING;
}

/** Characters a position may hold, by the layout: a field's class or a check digit. */
export function allowedCharacters(layout: MrzLayout, line: number, position: number): string {
  if (layout.checks.some((check) => check.line === line && check.position === position)) return `${DIGITS}<`;
  const field = layout.fields.find((entry) => entry.line === line && position >= entry.start && position < entry.end);
  if (!field) return MRZ_ALPHABET;
  if (field.charClass === 'numeric') return `${DIGITS}<`;
  if (field.charClass === 'alpha') return `${LETTERS}<`;
  if (field.charClass === 'sex') return 'MFX<';
  // The code's second character is a letter or filler in Doc 9303, a digit on some national cards (C1, A3).
  if (field.charClass === 'code') return position === field.start ? LETTERS : MRZ_ALPHABET;
  return MRZ_ALPHABET;
}

function best(evidence: ZoneEvidence, line: number, position: number, allowed: string): { char: string; score: number } {
  let char = allowed[0] ?? '<';
  let score = -Infinity;
  for (const candidate of allowed) {
    const value = scoreOf(evidence, line, position, candidate);
    if (value > score) {
      score = value;
      char = candidate;
    }
  }
  return { char, score };
}

function setChar(lines: string[], line: number, position: number, char: string): void {
  const text = lines[line] ?? '';
  lines[line] = text.slice(0, position) + char + text.slice(position + 1);
}

/** YYMMDD with a real month and day, or wholly unknown ('<' throughout). */
function isValidDate(text: string): boolean {
  if (/^<{6}$/.test(text)) return true;
  if (!/^[0-9]{6}$/.test(text)) return false;
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

interface Hypothesis {
  text: string;
  score: number;
}

/**
 * The best string for each residue of the check-digit sum (weights 7, 3, 1 from `offset`), over
 * positions with their own allowed characters: an exact dynamic programme, ten states wide. With
 * `fillersTrail`, '<' may only pad the end (a document number). With `differFrom`, only strings
 * that differ from it somewhere count: the runner-up readings a chosen one is measured against.
 */
function bestByResidue(
  evidence: ZoneEvidence,
  cells: ReadonlyArray<{ line: number; position: number; allowed: string }>,
  offset: number,
  fillersTrail: boolean,
  differFrom?: string,
): Array<Hypothesis | null> {
  // State: residue + 10 × (filler started) + 20 × (differs from the reference so far).
  type State = Hypothesis | null;
  const width = 40;
  let states: State[] = Array.from({ length: width }, (_, index) => (index === 0 ? { text: '', score: 0 } : null));
  cells.forEach((cell, index) => {
    const weight = WEIGHTS[(offset + index) % 3] ?? 1;
    const next: State[] = Array.from({ length: width }, () => null);
    for (let state = 0; state < width; state += 1) {
      const current = states[state];
      if (!current) continue;
      const residue = state % 10;
      const hasFiller = state % 20 >= 10;
      const differs = state >= 20;
      for (const char of cell.allowed) {
        const isFiller = char === '<';
        if (fillersTrail && hasFiller && !isFiller) continue;
        const value = getMrzCharValue(char) ?? 0;
        const isDifferent = differs || (differFrom !== undefined && differFrom[index] !== char);
        const target = ((residue + value * weight) % 10) + (fillersTrail && (hasFiller || isFiller) ? 10 : 0) + (isDifferent ? 20 : 0);
        const score = current.score + scoreOf(evidence, cell.line, cell.position, char);
        const existing = next[target];
        if (!existing || score > existing.score) next[target] = { text: current.text + char, score };
      }
    }
    states = next;
  });
  const better = (a: State, b: State): State => (!a ? b : !b ? a : a.score >= b.score ? a : b);
  return Array.from({ length: 10 }, (_, residue) => {
    const different = better(states[residue + 20] ?? null, states[residue + 30] ?? null);
    if (differFrom !== undefined) return different;
    return better(better(states[residue] ?? null, states[residue + 10] ?? null), different);
  });
}

interface CheckedField {
  cells: Array<{ line: number; position: number; allowed: string }>;
  check: MrzCheckSpec;
}

function cellsOf(layout: MrzLayout, spans: MrzCheckSpec['covers'], skip: ReadonlySet<string>): CheckedField['cells'] {
  const cells: CheckedField['cells'] = [];
  for (const span of spans) {
    for (let position = span.start; position < span.end; position += 1) {
      if (!skip.has(`${span.line}:${position}`))
        cells.push({ line: span.line, position, allowed: allowedCharacters(layout, span.line, position) });
    }
  }
  return cells;
}

/** The likeliest date hypotheses: the best few digits at each position, combined and kept only when the date is real. */
function dateHypotheses(evidence: ZoneEvidence, cells: CheckedField['cells']): Hypothesis[] {
  const options = cells.map((cell) =>
    [...DIGITS]
      .map((char) => ({ char, score: scoreOf(evidence, cell.line, cell.position, char) }))
      .toSorted((a, b) => b.score - a.score)
      .slice(0, 3),
  );
  let partial: Hypothesis[] = [{ text: '', score: 0 }];
  for (const option of options)
    partial = partial.flatMap((hypothesis) =>
      option.map((entry) => ({ text: hypothesis.text + entry.char, score: hypothesis.score + entry.score })),
    );
  const unknown = { text: '<<<<<<', score: cells.reduce((sum, cell) => sum + scoreOf(evidence, cell.line, cell.position, '<'), 0) };
  return [...partial.filter((hypothesis) => isValidDate(hypothesis.text)), unknown];
}

function holds(candidate: { text: string; digit: string }): boolean {
  return isCheckDigitValid(candidate.text, candidate.digit);
}

/**
 * One field with its own check digit: the likeliest reading that holds against the likeliest that
 * does not; the holding one wins unless it costs more than INVALID_DIGIT_PENALTY (see the header).
 */
function decodeCheckedField(
  evidence: ZoneEvidence,
  layout: MrzLayout,
  check: MrzCheckSpec,
  lines: string[],
  decisions: LatticeDecision[],
): FieldAlternatives | null {
  const field = layout.fields.find((entry) => check.covers.some((span) => span.line === entry.line && span.start === entry.start));
  const cells = cellsOf(layout, check.covers, new Set());
  const digitScore = (char: string): number => scoreOf(evidence, check.line, check.position, char);
  const candidates: Array<Hypothesis & { digit: string }> = [];
  if (field?.charClass === 'numeric') {
    for (const hypothesis of dateHypotheses(evidence, cells)) {
      for (const digit of `${DIGITS}<`) candidates.push({ ...hypothesis, digit, score: hypothesis.score + digitScore(digit) });
    }
  } else {
    const byResidue = bestByResidue(evidence, cells, 0, field?.name === 'documentNumber');
    byResidue.forEach((hypothesis, residue) => {
      if (!hypothesis) return;
      for (const digit of DIGITS) candidates.push({ ...hypothesis, digit, score: hypothesis.score + digitScore(digit) });
      if (residue === 0) candidates.push({ ...hypothesis, digit: '<', score: hypothesis.score + digitScore('<') });
    });
    // An empty field may carry '<' as its digit.
    const empty = cells.reduce((sum, cell) => sum + scoreOf(evidence, cell.line, cell.position, '<'), 0);
    candidates.push({ text: '<'.repeat(cells.length), digit: '<', score: empty + digitScore('<') });
  }
  // The field as read, each glyph its likeliest character of its class, fillers included (a '<'
  // where a date digit or a check digit belongs): the reference every hypothesis' cost is measured
  // from, so a field whose glyphs cannot be read as the grammar wants is output as read, not invented.
  const readAt = (line: number, position: number, allowed: string): { char: string; score: number } =>
    best(evidence, line, position, allowed);
  const asRead = cells.map((cell) => readAt(cell.line, cell.position, cell.allowed));
  const asReadDigit = readAt(check.line, check.position, `${DIGITS}<`);
  candidates.push({
    text: asRead.map((entry) => entry.char).join(''),
    digit: asReadDigit.char,
    score: asRead.reduce((sum, entry) => sum + entry.score, 0) + asReadDigit.score,
  });
  const isGrammatical = (candidate: { text: string }): boolean =>
    [...candidate.text].every((char, index) => cells[index]?.allowed.includes(char) ?? false) &&
    (field?.charClass !== 'numeric' || isValidDate(candidate.text)) &&
    (field?.name !== 'documentNumber' || !/<[^<]/.test(candidate.text));
  const isWellFormed = (candidate: { text: string }): boolean =>
    field?.charClass === 'numeric'
      ? /^(?:[0-9]{6}|<{6})$/.test(candidate.text)
      : field?.name !== 'documentNumber' || !/<[^<]/.test(candidate.text);
  // A date whose glyphs cannot be read as digits stays as read. A number is never read with a
  // filler among its characters: Doc 9303 pads it at the end only, and K, U and A are worth a
  // filler's 0 in the check digit's sum, so a letter read as '<' there would pass the digit by
  // arithmetic rather than by evidence. The grammatical readings alone compete there.
  const grammatical = field?.charClass === 'numeric' ? [] : candidates.filter(isGrammatical);
  const likeliest = (grammatical.length > 0 ? grammatical : candidates).reduce<(typeof candidates)[number] | null>(
    (top, candidate) => (!top || candidate.score > top.score ? candidate : top),
    null,
  );
  const holding = candidates
    .filter((candidate) => holds(candidate) && isGrammatical(candidate))
    .reduce<(typeof candidates)[number] | null>((top, candidate) => (!top || candidate.score > top.score ? candidate : top), null);
  if (!likeliest) return null;
  const chosen = holding && holding.score >= likeliest.score - INVALID_DIGIT_PENALTY ? holding : likeliest;
  cells.forEach((cell, index) => setChar(lines, cell.line, cell.position, chosen.text[index] ?? '<'));
  setChar(lines, check.line, check.position, chosen.digit);
  const isHolding = holds(chosen) && isGrammatical(chosen);
  const rival = isHolding
    ? field?.charClass === 'numeric'
      ? findDateRival(candidates, chosen, isGrammatical)
      : findRival(evidence, cells, chosen, field?.name === 'documentNumber', digitScore)
    : null;
  decisions.push({
    subject: check.name,
    cost: likeliest.score - chosen.score,
    holds: isHolding,
    wellFormed: isWellFormed(chosen),
    ...(rival ? { margin: chosen.score - rival.score, rival: { text: rival.text, digit: rival.digit } } : {}),
  });
  return chosen === likeliest
    ? null
    : {
        check,
        cells,
        readings: [
          { ...chosen, wellFormed: isWellFormed(chosen) },
          { ...likeliest, wellFormed: isWellFormed(likeliest) },
        ],
      };
}

type DigitedHypothesis = Hypothesis & { digit: string };

function likeliestOf<T extends Hypothesis>(items: readonly T[]): T | null {
  return items.reduce<T | null>((top, item) => (!top || item.score > top.score ? item : top), null);
}

/** The likeliest date reading other than the chosen one that satisfies the digit too. */
function findDateRival(
  candidates: readonly DigitedHypothesis[],
  chosen: DigitedHypothesis,
  isGrammatical: (candidate: { text: string }) => boolean,
): DigitedHypothesis | null {
  return likeliestOf(
    candidates.filter(
      (candidate) => holds(candidate) && isGrammatical(candidate) && (candidate.text !== chosen.text || candidate.digit !== chosen.digit),
    ),
  );
}

/**
 * The likeliest reading of a field's characters that differs from the chosen one somewhere and
 * satisfies the digit, with whatever digit that takes: each residue's best differing string, read
 * with the digit that residue needs.
 */
function findRival(
  evidence: ZoneEvidence,
  cells: CheckedField['cells'],
  chosen: DigitedHypothesis,
  fillersTrail: boolean,
  digitScore: (char: string) => number,
): DigitedHypothesis | null {
  const rivals: DigitedHypothesis[] = [];
  bestByResidue(evidence, cells, 0, fillersTrail, chosen.text).forEach((hypothesis, residue) => {
    if (!hypothesis) return;
    rivals.push({ ...hypothesis, digit: String(residue), score: hypothesis.score + digitScore(String(residue)) });
    if (residue === 0) rivals.push({ ...hypothesis, digit: '<', score: hypothesis.score + digitScore('<') });
  });
  return likeliestOf(rivals.filter((rival) => !fillersTrail || !/<[^<]/.test(rival.text)));
}

/** A field decoded to satisfy its digit, with the likeliest reading that does not: the composite may prefer the latter. */
interface FieldAlternatives {
  check: MrzCheckSpec;
  cells: CheckedField['cells'];
  readings: Array<{ text: string; digit: string; wellFormed: boolean }>;
}

/**
 * The composite digit, after every field with its own digit is decided: the optional data it alone
 * protects is re-decoded for each residue, and a reading that makes it hold is taken under the same
 * rule as for a field.
 */
function decodeComposite(
  evidence: ZoneEvidence,
  layout: MrzLayout,
  check: MrzCheckSpec,
  lines: string[],
  decisions: LatticeDecision[],
): void {
  const fixed = new Set<string>();
  for (const other of layout.checks) {
    if (other === check) continue;
    fixed.add(`${other.line}:${other.position}`);
    for (const span of other.covers)
      for (let position = span.start; position < span.end; position += 1) fixed.add(`${span.line}:${position}`);
  }
  const all = cellsOf(layout, check.covers, new Set());
  let fixedSum = 0;
  const free: Array<CheckedField['cells'][number] & { index: number }> = [];
  all.forEach((cell, index) => {
    if (fixed.has(`${cell.line}:${cell.position}`))
      fixedSum += (getMrzCharValue(lines[cell.line]?.[cell.position] ?? '<') ?? 0) * (WEIGHTS[index % 3] ?? 1);
    else free.push({ ...cell, index });
  });
  const digitScore = (char: string): number => scoreOf(evidence, check.line, check.position, char);
  const currentText = free.map((cell) => lines[cell.line]?.[cell.position] ?? '<').join('');
  const currentScore = free.reduce(
    (sum, cell) => sum + scoreOf(evidence, cell.line, cell.position, lines[cell.line]?.[cell.position] ?? '<'),
    0,
  );
  // Residues of the free cells with their own weights: a DP cell by cell, each with its weight.
  type State = Hypothesis | null;
  let states: State[] = Array.from({ length: 10 }, (_, index) => (index === 0 ? { text: '', score: 0 } : null));
  for (const cell of free) {
    const weight = WEIGHTS[cell.index % 3] ?? 1;
    const next: State[] = Array.from({ length: 10 }, () => null);
    states.forEach((current, residue) => {
      if (!current) return;
      for (const char of cell.allowed) {
        const target = (residue + (getMrzCharValue(char) ?? 0) * weight) % 10;
        const score = current.score + scoreOf(evidence, cell.line, cell.position, char);
        const existing = next[target];
        if (!existing || score > existing.score) next[target] = { text: current.text + char, score };
      }
    });
    states = next;
  }
  type Digited = Hypothesis & { digit: string };
  const current: Digited = { text: currentText, digit: lines[check.line]?.[check.position] ?? '<', score: currentScore };
  current.score += digitScore(current.digit);
  let top: Digited = current;
  let valid: Digited | null = null;
  for (let residue = 0; residue < 10; residue += 1) {
    const hypothesis = states[residue];
    if (!hypothesis) continue;
    for (const digit of DIGITS) {
      const candidate = { ...hypothesis, digit, score: hypothesis.score + digitScore(digit) };
      if (candidate.score > top.score) top = candidate;
      if ((fixedSum + residue) % 10 === Number(digit) && (!valid || candidate.score > valid.score)) valid = candidate;
    }
  }
  const chosen = valid && valid.score >= top.score - INVALID_DIGIT_PENALTY ? valid : top;
  free.forEach((cell, index) => setChar(lines, cell.line, cell.position, chosen.text[index] ?? '<'));
  setChar(lines, check.line, check.position, chosen.digit);
  const text = check.covers.map((span) => readSpan(lines, span)).join('');
  decisions.push({ subject: check.name, cost: top.score - chosen.score, holds: isCheckDigitValid(text, chosen.digit) });
}

/** States of the name grammar SURNAME<WORDS<<GIVEN<NAMES<<<: see decodeNames. */
const NameState = { Start: 0, Surname: 1, SurnameGap: 2, Separated: 3, Given: 4, GivenGap: 5, Trailing: 6, LeadingGap: 7 } as const;
type NameState = (typeof NameState)[keyof typeof NameState];

function nameTransition(state: NameState, isFiller: boolean): { next: NameState; cost: number } | null {
  switch (state) {
    case NameState.Start:
      return isFiller ? { next: NameState.LeadingGap, cost: 0 } : { next: NameState.Surname, cost: 0 };
    case NameState.LeadingGap:
      return isFiller ? { next: NameState.Separated, cost: 0 } : null;
    case NameState.Surname:
      return isFiller ? { next: NameState.SurnameGap, cost: 0 } : { next: NameState.Surname, cost: 0 };
    case NameState.SurnameGap:
      return isFiller ? { next: NameState.Separated, cost: 0 } : { next: NameState.Surname, cost: NEW_WORD_COST };
    case NameState.Separated:
      return isFiller ? { next: NameState.Trailing, cost: 0 } : { next: NameState.Given, cost: 0 };
    case NameState.Given:
      return isFiller ? { next: NameState.GivenGap, cost: 0 } : { next: NameState.Given, cost: 0 };
    case NameState.GivenGap:
      return isFiller ? { next: NameState.Trailing, cost: 0 } : { next: NameState.Given, cost: NEW_WORD_COST };
    default:
      return isFiller ? { next: NameState.Trailing, cost: 0 } : null;
  }
}

/**
 * The name field by its grammar, from glyph evidence alone (no dictionary): words of letters, one
 * '<' between words, '<<' once between surname and given names, and after the given names only
 * fillers to the end. A Viterbi pass over that small automaton chooses, at every position, between
 * a letter and a filler by what the glyph looks like and what may follow: a lone letter among the
 * trailing fillers, or a third filler inside a name, is not a reading the grammar allows.
 */
function decodeNames(evidence: ZoneEvidence, field: MrzFieldSpec, lines: string[], decisions: LatticeDecision[]): void {
  type Path = { score: number; text: string } | null;
  const stateCount = 8;
  let paths: Path[] = Array.from({ length: stateCount }, (_, state) => (state === NameState.Start ? { score: 0, text: '' } : null));
  let unconstrained = 0;
  for (let position = field.start; position < field.end; position += 1) {
    const letter = best(evidence, field.line, position, LETTERS);
    const filler = scoreOf(evidence, field.line, position, '<');
    unconstrained += Math.max(letter.score, filler);
    const next: Path[] = Array.from({ length: stateCount }, () => null);
    paths.forEach((path, state) => {
      if (!path) return;
      for (const isFiller of [false, true]) {
        const step = nameTransition(state as NameState, isFiller);
        if (!step) continue;
        const score = path.score + (isFiller ? filler : letter.score) - step.cost;
        const existing = next[step.next];
        if (!existing || score > existing.score) next[step.next] = { score, text: path.text + (isFiller ? '<' : letter.char) };
      }
    });
    paths = next;
  }
  const chosen = paths.reduce<Path>((top, path) => (path && (!top || path.score > top.score) ? path : top), null);
  if (!chosen) return;
  const text = lines[field.line] ?? '';
  lines[field.line] = text.slice(0, field.start) + chosen.text + text.slice(field.end);
  decisions.push({ subject: field.name, cost: unconstrained - chosen.score, holds: true });
}

/** A state or nationality from the ICAO list (or left unspecified, all filler), unless the glyphs clearly spell another code. */
function decodeStateCode(evidence: ZoneEvidence, field: MrzFieldSpec, lines: string[], decisions: LatticeDecision[]): void {
  const width = field.end - field.start;
  const scoreText = (code: string): number =>
    [...code].reduce((sum, char, index) => sum + scoreOf(evidence, field.line, field.start + index, char), 0);
  let listed = { text: '<'.repeat(width), score: scoreText('<'.repeat(width)) };
  for (const code of MRZ_STATE_CODES) {
    const padded = code.padEnd(width, '<');
    const score = scoreText(padded);
    if (score > listed.score) listed = { text: padded, score };
  }
  let free = '';
  let freeScore = 0;
  for (let position = field.start; position < field.end; position += 1) {
    const top = best(evidence, field.line, position, `${LETTERS}<`);
    free += top.char;
    freeScore += top.score;
  }
  const chosen = listed.score >= freeScore - INVALID_DIGIT_PENALTY ? listed : { text: free, score: freeScore };
  const text = lines[field.line] ?? '';
  lines[field.line] = text.slice(0, field.start) + chosen.text + text.slice(field.end);
  decisions.push({ subject: field.name, cost: freeScore - chosen.score, holds: MRZ_STATE_CODES.has(chosen.text.replace(/<+$/, '')) });
}

/**
 * Positions no check digit covers and no grammar constrains beyond their class: a visa's optional
 * data, the document code's second character. The lattice can only re-weigh the same glyph
 * evidence there, so a reading refined glyph by glyph keeps its characters (see mrz-reader).
 */
export function listUnprotectedPositions(format: MrzFormat): Array<{ line: number; position: number }> {
  const layout = getMrzLayout(format);
  const covered = new Set<string>();
  for (const check of layout.checks) {
    covered.add(`${check.line}:${check.position}`);
    for (const span of check.covers)
      for (let position = span.start; position < span.end; position += 1) covered.add(`${span.line}:${position}`);
  }
  const positions: Array<{ line: number; position: number }> = [];
  for (const field of layout.fields) {
    if (field.charClass !== 'alnum' && field.charClass !== 'code') continue;
    const start = field.charClass === 'code' ? field.start + 1 : field.start;
    for (let position = start; position < field.end; position += 1) {
      if (!covered.has(`${field.line}:${position}`)) positions.push({ line: field.line, position });
    }
  }
  return positions;
}

/** Doc 9303's first letters of the document code per format (P passports, V visas, A, C or I cards). */
const CODE_LETTERS: Record<MrzFormat, string> = { TD1: 'ACI', TD2: 'ACI', TD3: 'P', MRVA: 'V', MRVB: 'V' };
/** Another first letter is possible (old or national documents) but must be clearly printed. */
const UNUSUAL_CODE_COST = 3;

function decodeCodeLetter(evidence: ZoneEvidence, format: MrzFormat, field: MrzFieldSpec, lines: string[]): void {
  let chosen = 'A';
  let top = -Infinity;
  for (const letter of LETTERS) {
    const score = scoreOf(evidence, field.line, field.start, letter) - (CODE_LETTERS[format].includes(letter) ? 0 : UNUSUAL_CODE_COST);
    if (score > top) {
      top = score;
      chosen = letter;
    }
  }
  setChar(lines, field.line, field.start, chosen);
}

/**
 * Decodes a zone of a known format from per-position evidence. Every position starts as its
 * likeliest allowed character; then names, state codes and each check-digit field are decoded by
 * their grammar, and the composite last (it covers the others).
 */
export function decodeMrzLattice(format: MrzFormat, evidence: ZoneEvidence): LatticeReading {
  const layout = getMrzLayout(format);
  const lines: string[] = [];
  for (let line = 0; line < layout.lineCount; line += 1) {
    let text = '';
    for (let position = 0; position < layout.lineLength; position += 1)
      text += best(evidence, line, position, allowedCharacters(layout, line, position)).char;
    lines.push(text);
  }
  const decisions: LatticeDecision[] = [];
  for (const field of layout.fields) {
    if (field.name === 'names') decodeNames(evidence, field, lines, decisions);
    if (field.name === 'documentCode') decodeCodeLetter(evidence, format, field, lines);
    if (field.name === 'issuingState' || field.name === 'nationality') decodeStateCode(evidence, field, lines, decisions);
  }
  const alternatives: FieldAlternatives[] = [];
  for (const check of layout.checks) {
    if (check.name === 'composite') continue;
    const alternative = decodeCheckedField(evidence, layout, check, lines, decisions);
    if (alternative) alternatives.push(alternative);
  }
  const composite = layout.checks.find((check) => check.name === 'composite');
  if (!composite) return judgeRivals(layout, { lines, score: scoreLines(evidence, format, lines), decisions });
  // The composite is a second witness of every field it covers: a field turned to satisfy its own
  // digit may break a composite that the reading as printed satisfies. Every combination of the
  // turned fields, as turned or as read, is completed by the composite's decoding and the one with
  // the best evidence less INVALID_DIGIT_PENALTY per failing digit wins.
  let winner: LatticeReading | null = null;
  for (let mask = 0; mask < 1 << alternatives.length; mask += 1) {
    const trial = [...lines];
    const trialDecisions = decisions.map((decision) => ({ ...decision }));
    alternatives.forEach((alternative, index) => {
      const reading = alternative.readings[(mask >> index) & 1];
      if (!reading) return;
      alternative.cells.forEach((cell, at) => setChar(trial, cell.line, cell.position, reading.text[at] ?? '<'));
      setChar(trial, alternative.check.line, alternative.check.position, reading.digit);
      const decision = trialDecisions.find((entry) => entry.subject === alternative.check.name);
      if (decision) {
        decision.holds = holds(reading) && reading.wellFormed;
        decision.wellFormed = reading.wellFormed;
      }
    });
    decodeComposite(evidence, layout, composite, trial, trialDecisions);
    const failing = trialDecisions.filter((decision) => !decision.holds && decision.subject !== 'names').length;
    const score = scoreLines(evidence, format, trial);
    const objective = score - INVALID_DIGIT_PENALTY * failing;
    if (!winner || objective > winner.score - INVALID_DIGIT_PENALTY * winner.decisions.filter((entry) => !entry.holds).length)
      winner = { lines: trial, score, decisions: trialDecisions };
  }
  return judgeRivals(layout, winner ?? { lines, score: scoreLines(evidence, format, lines), decisions });
}

function isCompositeHolding(layout: MrzLayout, lines: readonly string[]): boolean {
  const composite = layout.checks.find((check) => check.name === 'composite');
  if (!composite) return false;
  const text = composite.covers.map((span) => readSpan(lines, span)).join('');
  return isCheckDigitValid(text, lines[composite.line]?.[composite.position] ?? '<');
}

/**
 * A field whose digit holds with a rival reading close behind is uncertain, unless the composite
 * tells them apart: it holds with the chosen reading and not with the rival (its weights fall
 * differently on a field that does not start the composite).
 */
function judgeRivals(layout: MrzLayout, reading: LatticeReading): LatticeReading {
  const compositeHolds = isCompositeHolding(layout, reading.lines);
  for (const decision of reading.decisions) {
    if (!decision.holds || !decision.rival || (decision.margin ?? Infinity) >= UNCERTAIN_MARGIN) continue;
    const check = layout.checks.find((entry) => entry.name === decision.subject);
    if (!check) continue;
    const rivalLines = [...reading.lines];
    cellsOf(layout, check.covers, new Set()).forEach((cell, index) =>
      setChar(rivalLines, cell.line, cell.position, decision.rival?.text[index] ?? '<'),
    );
    setChar(rivalLines, check.line, check.position, decision.rival.digit);
    const isToldApart = compositeHolds && !isCompositeHolding(layout, rivalLines);
    decision.isUncertain = !isToldApart;
  }
  return reading;
}

/** The evidence for every character of the lines, less the cost of an unusual document code. */
function scoreLines(evidence: ZoneEvidence, format: MrzFormat, lines: readonly string[]): number {
  const layout = getMrzLayout(format);
  const code = layout.fields.find((field) => field.name === 'documentCode');
  let score = code && !CODE_LETTERS[format].includes(lines[code.line]?.[code.start] ?? '') ? -UNUSUAL_CODE_COST : 0;
  lines.forEach((text, line) => {
    for (let position = 0; position < text.length; position += 1) score += scoreOf(evidence, line, position, text[position] ?? '<');
  });
  return score;
}
