/**
 * Per-position evidence for the lattice decoder (mrz-lattice): how much each character of the MRZ
 * alphabet is supported at every position of the zone, in nats. Two independent sources add up:
 * the glyph's resemblance to the OCR-B typeface (drawn from the font at several weights and blurs,
 * see ocrb-glyphs; a chevron-shaped cell is a filler by shape), and the recogniser's readings, each
 * a vote. A vote backs the character's look-alike too (O/0, I/1, B/8, S/5, Z/2, G/6): a general
 * recogniser picks between those by its language model, not by the print, so only the typeface
 * and the check digits may tell them apart; the vote backs its own reading a little more.
 */
import { isCheckDigitValid } from './check-digit';
import { getMrzLayout, MRZ_ALPHABET, readSpan, type MrzFormat } from './mrz-format';
import type { PlacedPosition } from './mrz-glyph-grid';
import { allowedCharacters, type PositionScores, type ZoneEvidence } from './mrz-lattice';
import type { TypefaceScores } from './mrz-font-changes';
import type { ClassifierScores } from './ocrb-classifier';

/** Nats per unit of correlation with the typeface: a lead of 0.1 in resemblance is worth 1 nat. */
export const TYPEFACE_SHARPNESS = 10;
/** The typeface never rules a character out by more than this: a misplaced window or an odd print can fool it. */
const TYPEFACE_FLOOR = -5;
/**
 * The classifier's log-probabilities count at this weight and never rule a character out by more
 * than CLASSIFIER_FLOOR: it was trained on one drawing of OCR-B, and on other print (dot matrix,
 * Courier, worn ink) it is confidently wrong now and then, where the recogniser's votes are not.
 */
const CLASSIFIER_WEIGHT = 0.8;
const CLASSIFIER_FLOOR = -4;
/**
 * On a line where it agrees with the recogniser on nearly every glyph, the print is the OCR-B the
 * classifier learnt, and its confident disagreements are worth more: the floor deepens with its
 * reliability, to twice CLASSIFIER_FLOOR at full agreement. The recogniser's readings are not
 * independent witnesses (every variant is the same engine on the same glyph, and it reads a small
 * Z as I in all of them), so without this a glyph the classifier reads as Z at odds of e^13 would
 * lose to their summed votes wherever no check digit covers it (a name).
 */
const RELIABLE_CLASSIFIER_FLOOR = 2 * CLASSIFIER_FLOOR;

/**
 * Letter-only fields (names, states) only: there no check digit can catch the recogniser's
 * misreading, while in numbers and dates the digits do, and a classifier confidently wrong on a
 * mis-cut cell (a thin 1 read as a filler) would break a field the recogniser read right.
 */
function isLetterOnly(layout: ReturnType<typeof getMrzLayout>, line: number, position: number): boolean {
  return layout.fields.some(
    (field) => field.charClass === 'alpha' && field.line === line && position >= field.start && position < field.end,
  );
}
/** A line whose glyphs agree with the recogniser this often gets the classifier's full weight; at MIN_TYPEFACE_AGREEMENT, none. */
const FULL_AGREEMENT = 0.95;
/** Below this share of a line's glyphs where the classifier's (or typeface's) choice agrees with the recogniser's, its windows are misplaced or the print is not OCR-B, and it is not heard. */
const MIN_TYPEFACE_AGREEMENT = 0.7;
/** A vote backs the character's look-alike this much (a share of the vote itself; 0 and O fully). */
const LOOKALIKE_SHARE = 0.6;
/** A cell with the filler's chevron shape: every other character is this much less likely. */
const FILLER_SHAPE = 6;
/** One recogniser reading of a character. */
export const VOTE_WEIGHT = 1;
/** Look-alikes a recogniser's vote cannot tell apart: a digit and a letter each. */
const SHAPE_GROUPS = ['0O', '1I', '8B', '5S', '2Z', '6G'];
const LOOKALIKE_PAIRS = SHAPE_GROUPS;
/**
 * The likeliest character of a position (and any within TIE of it) is ahead by this much more: a
 * glyph's likeliest reading is right about 92 times in 100 (log 0.92/0.08 ≈ 2.5). A check digit may
 * turn one doubtful glyph (its cost stays under the lattice's INVALID_DIGIT_PENALTY), never two.
 */
export const LIKELIEST_BONUS = 2.5;
const TIE = 0.1;
/** Between 0 and O the field's other characters decide, when the print cannot (see applyRoundPrior). */
const ROUND_CLASS_PRIOR = 1.6;
/**
 * Among digits the context is stronger: numbers are mostly digits, and an O inside a run of them is
 * hardly ever printed, so a check digit alone never turns it into the letter (this lead with the
 * likeliest's outweighs INVALID_DIGIT_PENALTY): a document printed with a wrong digit stays invalid
 * instead of being 'repaired' through a 0 read as O (000000039 → 00O000039).
 */
const DIGIT_CONTEXT_PRIOR = ROUND_CLASS_PRIOR + LIKELIEST_BONUS;

/** 0 and O: one shape in OCR-B print for any recogniser; a vote for either is a vote for both. */
function isRound(char: string): boolean {
  return char === '0' || char === 'O';
}

function groupOf(char: string): string {
  return SHAPE_GROUPS.find((group) => group.includes(char)) ?? char;
}

export interface EvidenceSources {
  /** Typeface correlations by "line:position" (non-filler cells only). */
  typeface: TypefaceScores | null;
  /** The trained glyph classifier's log-probabilities by "line:position" (every placed cell); preferred to the typeface. */
  classifier?: ClassifierScores | null;
  /** Where each position lies and whether its glyph has the filler's shape. */
  placements: ReadonlyArray<ReadonlyArray<PlacedPosition>>;
  /** Readings of the zone in this format, with their weight in votes; the last is the refined one the typeface is checked against. */
  readings: ReadonlyArray<{ lines: readonly string[]; weight: number }>;
}

/** The typeface's score for a character, 0 and O as one shape (OCR-B draws them a hair apart, which print and blur erase). */
function typefaceScore(scores: ReadonlyMap<string, number>, char: string): number {
  if (char === '0' || char === 'O') return Math.max(scores.get('0') ?? -1, scores.get('O') ?? -1);
  return scores.get(char) ?? -1;
}

/**
 * OCR-B draws 0 narrower than O; the classifier, trained on that drawing, tells them apart on clean
 * synthetic glyphs, but print, blur and other renderings of the font erase the difference. Its
 * preference counts as a tie-breaker only, capped under the neighbours' context (ROUND_CLASS_PRIOR):
 * it decides where neither the context nor a check digit can (two round glyphs whose weights make
 * O→0 changes cancel in the digit's sum, as 7 + 3 do).
 */
const ROUND_SHAPE_CAP = 1.2;

function addRoundShape(scores: Map<string, number>, classified: ReadonlyMap<string, number>, reliability: number): void {
  const zero = classified.get('0');
  const letter = classified.get('O');
  if (zero === undefined || letter === undefined) return;
  const lead = reliability * Math.max(-ROUND_SHAPE_CAP, Math.min(ROUND_SHAPE_CAP, CLASSIFIER_WEIGHT * (zero - letter)));
  scores.set('0', (scores.get('0') ?? 0) + lead / 2);
  scores.set('O', (scores.get('O') ?? 0) - lead / 2);
}

/**
 * Per line, the share of the placed cells whose likeliest character (or a look-alike of it) is
 * what the refined reading says: a line whose cells were cut in the wrong places (a glyph fused
 * with a stamp, a grid one pitch off) agrees on few and is not heard.
 */
function measureAgreement(scored: TypefaceScores, reading: readonly string[] | undefined): number[] {
  const agree: number[] = [];
  const total: number[] = [];
  for (const [key, scores] of scored) {
    const [line = 0, position = 0] = key.split(':').map(Number);
    const read = reading?.[line]?.[position];
    // Runs of fillers agree however the cells are cut: only the glyphs between them tell.
    if (!read || read === '<') continue;
    let top = '<';
    let topScore = -Infinity;
    for (const char of scores.keys()) {
      const value = typefaceScore(scores, char);
      if (value > topScore) {
        topScore = value;
        top = char;
      }
    }
    total[line] = (total[line] ?? 0) + 1;
    if (groupOf(top).includes(read)) agree[line] = (agree[line] ?? 0) + 1;
  }
  return Array.from({ length: Math.max(total.length, reading?.length ?? 0) }, (_, line) => {
    if (!reading) return 1;
    const count = total[line] ?? 0;
    return count === 0 ? 0 : (agree[line] ?? 0) / count;
  });
}

/** Check digits that must all hold on the classifier's own reading before it vouches for itself (MRV zones have three). */
const MIN_CONFIRMING_DIGITS = 3;
/**
 * On a zone its own reading confirms, a line without a check digit is heard when the classifier
 * agrees with the recogniser on more than this share of its glyphs (cells a pitch off agree at
 * chance, a few in a hundred), its weight growing from here to FULL_AGREEMENT.
 */
const CONFIRMED_MIN_AGREEMENT = 0.5;
/** Round glyphs per field tried both ways (0/O are one shape to the classifier as to the recogniser). */
const MAX_ROUND_TRIES = 3;

/** The classifier's likeliest character a position allows, by the layout; null where it did not classify the cell. */
function classifierChar(scores: ReadonlyMap<string, number> | undefined, allowed: string): string | null {
  if (!scores) return null;
  let char: string | null = null;
  let top = -Infinity;
  for (const candidate of allowed) {
    const value = scores.get(candidate) ?? -Infinity;
    if (value > top) {
      top = value;
      char = candidate;
    }
  }
  return char;
}

/** The digit holds on the text, with the round glyphs at `rounds` (indexes into the text) read either way. */
function holdsEitherRound(text: string, digit: string, rounds: readonly number[]): boolean {
  for (let mask = 0; mask < 1 << rounds.length; mask += 1) {
    const chars = [...text];
    rounds.forEach((index, bit) => {
      chars[index] = (mask >> bit) & 1 ? 'O' : '0';
    });
    if (isCheckDigitValid(chars.join(''), digit)) return true;
  }
  return false;
}

/**
 * Whether the check digits themselves show that the classifier reads this zone's print: its own
 * reading of the zone (each cell its likeliest character the position allows) satisfies every one
 * digit, at least MIN_CONFIRMING_DIGITS of them over fields that are not empty. A misread passes one digit one time in ten, so all of
 * them hold by chance about once in a thousand or less. This witness is independent of the
 * recogniser: on small, soft print the recogniser reads fillers as C and Z as I, its agreement
 * with the classifier falls, and without it the classifier — trained on exactly such print — went
 * unheard while its reading was the right one.
 */
export function isConfirmedByDigits(layout: ReturnType<typeof getMrzLayout>, classifier: ClassifierScores): boolean {
  const lines: string[] = [];
  for (let line = 0; line < layout.lineCount; line += 1) {
    let text = '';
    for (let position = 0; position < layout.lineLength; position += 1) {
      const char = classifierChar(classifier.get(`${line}:${position}`), allowedCharacters(layout, line, position));
      // A cell not classified (cut off at the picture's edge) fails the digit that covers it, if any.
      text += char ?? '?';
    }
    lines.push(text);
  }
  let confirming = 0;
  for (const check of layout.checks) {
    const text = check.covers.map((span) => readSpan(lines, span)).join('');
    const allowed = check.covers.flatMap((span) =>
      Array.from({ length: span.end - span.start }, (_, offset) => allowedCharacters(layout, span.line, span.start + offset)),
    );
    // Where the field allows both, 0 and O are tried both ways: the classifier tells them apart only weakly.
    const rounds = [...text].flatMap((char, index) =>
      isRound(char) && (allowed[index] ?? '').includes('O') && (allowed[index] ?? '').includes('0') ? [index] : [],
    );
    const digit = lines[check.line]?.[check.position] ?? '<';
    const isHeld = rounds.length <= MAX_ROUND_TRIES ? holdsEitherRound(text, digit, rounds) : isCheckDigitValid(text, digit);
    if (!isHeld) return false;
    // An empty field holds with '<' whatever the cells show: it confirms nothing.
    if (/[^<]/.test(text)) confirming += 1;
  }
  return confirming >= MIN_CONFIRMING_DIGITS;
}

/** The evidence for every position of a zone of `format`. */
export function buildZoneEvidence(format: MrzFormat, sources: EvidenceSources): ZoneEvidence {
  const layout = getMrzLayout(format);
  const refined = sources.readings[sources.readings.length - 1]?.lines;
  const classifierAgreement = sources.classifier ? measureAgreement(sources.classifier, refined) : [];
  const isZoneConfirmed = sources.classifier ? isConfirmedByDigits(layout, sources.classifier) : false;
  const coveredLines = new Set(layout.checks.flatMap((check) => [check.line, ...check.covers.map((span) => span.line)]));
  // A line the digits confirm is heard: on its own digits, or, without any, where the recogniser
  // still agrees on enough glyphs that its cells cannot be a pitch off.
  const isConfirmed = (line: number): boolean =>
    isZoneConfirmed && (coveredLines.has(line) || (classifierAgreement[line] ?? 0) >= CONFIRMED_MIN_AGREEMENT);
  const typefaceAgreement = sources.typeface ? measureAgreement(sources.typeface, refined) : [];
  const evidence: Array<Array<Map<string, number>>> = [];
  for (let line = 0; line < layout.lineCount; line += 1) {
    const row: Array<Map<string, number>> = [];
    const placed = new Map((sources.placements[line] ?? []).map((entry) => [entry.position, entry]));
    const classifierSource = (classifierAgreement[line] ?? 0) >= MIN_TYPEFACE_AGREEMENT || isConfirmed(line) ? sources.classifier : null;
    // The more of a line's glyphs the two readers agree on, the more the print is the OCR-B the
    // classifier learnt, and the more its disagreements are worth. A line the digits confirm counts
    // fully; a line without a digit in a confirmed zone is measured from CONFIRMED_MIN_AGREEMENT
    // rather than MIN_TYPEFACE_AGREEMENT: the digits vouch for the print, not for each name glyph.
    const agreementFrom = (minimum: number): number =>
      Math.min(1, Math.max(0, ((classifierAgreement[line] ?? 0) - minimum) / (FULL_AGREEMENT - minimum)));
    const reliability = !isConfirmed(line)
      ? agreementFrom(MIN_TYPEFACE_AGREEMENT)
      : coveredLines.has(line)
        ? 1
        : agreementFrom(CONFIRMED_MIN_AGREEMENT);
    const typefaceSource = !classifierSource && (typefaceAgreement[line] ?? 0) >= MIN_TYPEFACE_AGREEMENT ? sources.typeface : null;
    for (let position = 0; position < layout.lineLength; position += 1) {
      const scores = new Map<string, number>([...MRZ_ALPHABET].map((char) => [char, 0]));
      const classified = classifierSource?.get(`${line}:${position}`);
      const typeface = typefaceSource?.get(`${line}:${position}`);
      if (classified) {
        // In a zone whose digits all hold on the classifier's own reading, its cells are not mis-cut
        // in the numbers either: there its confident disagreements count as in the names.
        const floor =
          isLetterOnly(layout, line, position) || isZoneConfirmed
            ? CLASSIFIER_FLOOR + reliability * (RELIABLE_CLASSIFIER_FLOOR - CLASSIFIER_FLOOR)
            : CLASSIFIER_FLOOR;
        for (const char of classified.keys())
          scores.set(char, reliability * Math.max(floor, CLASSIFIER_WEIGHT * typefaceScore(classified, char)));
        addRoundShape(scores, classified, reliability);
      } else if (typeface) {
        const top = Math.max(...typeface.values());
        for (const char of typeface.keys())
          scores.set(char, Math.max(TYPEFACE_FLOOR, TYPEFACE_SHARPNESS * (typefaceScore(typeface, char) - top)));
      } else if (placed.get(position)?.isFiller) {
        for (const char of MRZ_ALPHABET) scores.set(char, char === '<' ? 0 : -FILLER_SHAPE);
      }
      // Every reading rebuilt glyph by glyph writes '<' where the cell has the filler's shape, so
      // there their fillers are one witness (the shape test, which a small K or C can pass), not one
      // per reading: they count once, at the heaviest reading's weight.
      const isFillerCell = placed.get(position)?.isFiller === true;
      let fillerVotes = 0;
      for (const reading of sources.readings) {
        const char = reading.lines[line]?.[position];
        if (!char) continue;
        if (isFillerCell && char === '<') {
          fillerVotes = Math.max(fillerVotes, VOTE_WEIGHT * reading.weight);
          continue;
        }
        for (const member of groupOf(char))
          scores.set(
            member,
            (scores.get(member) ?? 0) + VOTE_WEIGHT * reading.weight * (member === char || isRound(char) ? 1 : LOOKALIKE_SHARE),
          );
      }
      if (fillerVotes > 0) scores.set('<', (scores.get('<') ?? 0) + fillerVotes);
      row.push(scores);
    }
    evidence.push(row);
  }
  applyRoundPrior(format, evidence);
  for (const row of evidence) {
    for (const scores of row) {
      const top = Math.max(...scores.values());
      const leaders = [...scores].filter(([, value]) => value >= top - TIE).map(([char]) => char);
      // The lead is the glyph's, over every other shape: its look-alike (0/O, 1/I, 8/B, 5/S, 2/Z,
      // 6/G) shares it, so between the two only their own evidence and the context weigh, and a
      // check digit that holds with one of them and not the other decides.
      const favoured = new Set(leaders.flatMap((char) => [...groupOf(char)]));
      for (const char of favoured) scores.set(char, (scores.get(char) ?? 0) + LIKELIEST_BONUS);
    }
  }
  return evidence;
}

function likeliest(scores: PositionScores): string {
  let char = '<';
  let score = -Infinity;
  for (const [candidate, value] of scores) {
    if (value > score) {
      score = value;
      char = candidate;
    }
  }
  return char;
}

/**
 * In letters-or-digits fields a glyph of a digit-letter look-alike pair (0/O, 1/I, 8/B, 5/S, 2/Z,
 * 6/G) is read by its neighbours as well as its print: a run of two or more round glyphs is zeros
 * (numbers hold 00 often, OO hardly ever); a single one can be the letter beside a letter and the
 * digit beside a digit (or with no neighbour at all). G/6, B/8 and the like differ by 10 in value,
 * so no check digit can ever tell them apart: their context is all the evidence beside the glyph. When only one
 * reading fits, it leads: beside letters by ROUND_CLASS_PRIOR, which decides wherever no check
 * digit does; the look-alikes share the likeliest's lead (see buildZoneEvidence), so when the digit
 * holds with the other reading and not with this one, the one that holds is output (L7B0KRBD1, not
 * L7BOKRBD1). Among digits by DIGIT_CONTEXT_PRIOR, which a check digit alone never overturns.
 */
function applyRoundPrior(format: MrzFormat, evidence: Array<Array<Map<string, number>>>): void {
  for (const field of getMrzLayout(format).fields) {
    if (field.charClass !== 'alnum') continue;
    const row = evidence[field.line];
    if (!row) continue;
    const chars = row.slice(field.start, field.end).map(likeliest);
    const isNeighbour = (char: string): boolean => !isRound(char) && char !== '<';
    chars.forEach((char, index) => {
      const pair = LOOKALIKE_PAIRS.find((entry) => entry.includes(char));
      if (!pair) return;
      const [digit = '0', letter = 'O'] = pair;
      const scores = row[field.start + index];
      const isInRun = isRound(char) && (isRound(chars[index - 1] ?? '') || isRound(chars[index + 1] ?? ''));
      const left = chars.slice(0, index).findLast(isNeighbour);
      const right = chars.slice(index + 1).find(isNeighbour);
      const neighbours = [left, right].filter((other): other is string => other !== undefined);
      const fitsLetter = !isInRun && neighbours.some((other) => /[A-Z]/.test(other));
      const fitsDigit = isInRun || neighbours.length === 0 || neighbours.some((other) => /[0-9]/.test(other));
      if (fitsLetter === fitsDigit) return;
      const favoured = fitsLetter ? letter : digit;
      scores?.set(favoured, (scores.get(favoured) ?? 0) + (fitsLetter ? ROUND_CLASS_PRIOR : DIGIT_CONTEXT_PRIOR));
    });
  }
}
