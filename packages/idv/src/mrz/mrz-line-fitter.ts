import { detectMrzFormat, MRZ_SHAPES, type MrzFormat } from './mrz-format';

export interface MrzTextCandidate {
  format: MrzFormat;
  lines: string[];
  /** Added to the candidate's score: small costs for bolder length fixes, a bonus for glyph-guided text. */
  prior?: number;
}

interface FittedLine {
  text: string;
  cost: number;
}

/** How far an OCR line may be from the format's length and still be fitted. */
const MAX_LENGTH_ERROR = 6;
const MAX_ALTERNATIVES_PER_LINE = 8;

/** Keeps only the MRZ alphabet; a guillemet is how some models read a pair of fillers. */
export function cleanMrzLine(text: string): string {
  return text
    .toUpperCase()
    .replace(/«/g, '<<')
    .replace(/‹/g, '<')
    .replace(/\?/g, '<')
    .replace(/[^A-Z0-9<]/g, '');
}

function findFillerRuns(line: string): Array<{ start: number; length: number }> {
  const runs: Array<{ start: number; length: number }> = [];
  const pattern = /<+/g;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) runs.push({ start: match.index, length: match[0].length });
  return runs;
}

/**
 * Alternatives that bring one OCR line to exactly `length` characters. Extra or missing characters
 * are almost always fillers ('<' runs read one too many or too few), so each alternative lengthens
 * or shortens one run; the tail is also padded or cut. The check digits decide between them.
 */
export function fitLineLength(line: string, length: number): FittedLine[] {
  const difference = length - line.length;
  if (difference === 0) return [{ text: line, cost: 0 }];
  const alternatives = new Map<string, number>();
  const add = (text: string, cost: number): void => {
    if (text.length === length && !alternatives.has(text)) alternatives.set(text, cost);
  };
  add(difference > 0 ? line + '<'.repeat(difference) : line.slice(0, length), 0);
  // Single fillers separate words; only runs of two or more are likely to have gained or lost one.
  const runs = findFillerRuns(line)
    .filter((run) => run.length >= 2 || difference > 0)
    .toSorted((a, b) => b.length - a.length || b.start - a.start);
  runs.forEach((run, rank) => {
    if (run.length + difference < 0 || alternatives.size >= MAX_ALTERNATIVES_PER_LINE) return;
    add(line.slice(0, run.start) + '<'.repeat(run.length + difference) + line.slice(run.start + run.length), 0.1 + 0.05 * rank);
  });
  // An extra glyph at the very start (a border or a speck read as a letter).
  if (difference < 0) add(line.slice(-difference), 0.5);
  return [...alternatives].map(([text, cost]) => ({ text, cost }));
}

function cartesian(lists: FittedLine[][]): FittedLine[][] {
  return lists.reduce<FittedLine[][]>((products, list) => products.flatMap((product) => list.map((item) => [...product, item])), [[]]);
}

/**
 * Turns the lines an OCR pass returned into MRZ candidates of every shape they could be: any run of
 * two or three consecutive lines whose lengths are near 44, 36 or 30 characters. When the number of
 * printed lines is known from the image, only shapes with that many lines are tried: three lines of
 * 30 are never re-cut into two lines of 36.
 */
export function proposeMrzCandidates(rawLines: readonly string[], prior = 0, lineCount?: number): MrzTextCandidate[] {
  const lines = rawLines.map(cleanMrzLine).filter((line) => line.length >= 20);
  const seen = new Set<string>();
  const candidates: MrzTextCandidate[] = [];
  const shapes = MRZ_SHAPES.filter((shape) => lineCount === undefined || shape.lineCount === lineCount);
  for (const shape of shapes) {
    for (let start = 0; start + shape.lineCount <= lines.length; start += 1) {
      const window = lines.slice(start, start + shape.lineCount);
      if (!window.every((line) => Math.abs(line.length - shape.lineLength) <= MAX_LENGTH_ERROR)) continue;
      for (const fitted of cartesian(window.map((line) => fitLineLength(line, shape.lineLength)))) {
        const texts = fitted.map((line) => line.text);
        const format = detectMrzFormat(texts);
        const key = texts.join('\n');
        if (!format || seen.has(key)) continue;
        seen.add(key);
        candidates.push({ format, lines: texts, prior: prior - fitted.reduce((total, line) => total + line.cost, 0) });
      }
    }
  }
  return candidates;
}
