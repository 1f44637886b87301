import { isCheckDigitValid } from './check-digit';
import type { ScoredMrz } from './mrz-candidate-scorer';
import { getMrzLayout, readSpan, type MrzCheckSpec, type MrzLayout } from './mrz-format';
import type { MrzTextCandidate } from './mrz-line-fitter';

/** A reading whose check-protected characters agree this much with the fusion counts as aligned. */
const MIN_ALIGNMENT = 0.8;

function checkHolds(lines: readonly string[], check: MrzCheckSpec): boolean {
  const text = check.covers.map((span) => readSpan(lines, span)).join('');
  return isCheckDigitValid(text, lines[check.line]?.[check.position] ?? '');
}

/** Check-digit-confirmed swaps a reading needed inside the spans a check covers. */
function countSwapsIn(reading: ScoredMrz, check: MrzCheckSpec): number {
  return reading.corrections.filter(
    (correction) =>
      correction.confirmedBy !== 'format' &&
      (check.covers.some((span) => span.line === correction.line && correction.position >= span.start && correction.position < span.end) ||
        (correction.line === check.line && correction.position === check.position)),
  ).length;
}

function protectedPositions(layout: MrzLayout): Array<{ line: number; position: number }> {
  const positions: Array<{ line: number; position: number }> = [];
  for (const check of layout.checks) {
    if (check.name === 'composite') continue;
    positions.push({ line: check.line, position: check.position });
    for (const span of check.covers)
      for (let position = span.start; position < span.end; position += 1) positions.push({ line: span.line, position });
  }
  return positions;
}

function copySpan(target: string[], source: readonly string[], line: number, start: number, end: number): void {
  const text = target[line] ?? '';
  target[line] = text.slice(0, start) + (source[line] ?? '').slice(start, end) + text.slice(end);
}

/**
 * Combines the readings of several preprocessing variants field by field: each check-protected
 * field comes from the best reading in which its check digit holds; every other character (names,
 * codes, sex, optional data) is the majority among readings aligned with that result, ties going to
 * the best reading. Independent misreads rarely agree, so names settle where no single reading is
 * clean.
 */
export function fuseMrzReadings(readings: readonly ScoredMrz[]): MrzTextCandidate | null {
  const sorted = readings.toSorted((a, b) => b.score - a.score);
  const best = sorted[0];
  if (!best || sorted.length < 2) return null;
  const format = best.parsed.format;
  const sameReadings = sorted.filter((reading) => reading.parsed.format === format);
  const sameFormat = sameReadings.map((reading) => reading.parsed.lines);
  if (sameFormat.length < 2) return null;
  const layout = getMrzLayout(format);
  const fused = [...best.parsed.lines];

  for (const check of layout.checks) {
    if (check.name === 'composite') continue;
    // A field read right as it stands is better evidence than one a swap made hold: a swap has a
    // one-in-ten chance of satisfying the digit by luck.
    const donors = sameReadings
      .filter((reading) => checkHolds(reading.parsed.lines, check))
      .map((reading) => ({ reading, swaps: countSwapsIn(reading, check) }))
      .toSorted((a, b) => a.swaps - b.swaps || b.reading.score - a.reading.score);
    const donor = donors[0];
    if (!donor) continue;
    const current = donors.find((entry) => entry.reading === best);
    if (current && current.swaps <= donor.swaps) continue;
    for (const span of check.covers) copySpan(fused, donor.reading.parsed.lines, span.line, span.start, span.end);
    copySpan(fused, donor.reading.parsed.lines, check.line, check.position, check.position + 1);
  }

  const guarded = protectedPositions(layout);
  const guardedKeys = new Set(guarded.map(({ line, position }) => `${line}:${position}`));
  const aligned = sameFormat.filter((lines) => {
    const agreeing = guarded.filter(({ line, position }) => lines[line]?.[position] === fused[line]?.[position]).length;
    return guarded.length === 0 || agreeing / guarded.length >= MIN_ALIGNMENT;
  });
  for (let line = 0; line < fused.length; line += 1) {
    const length = fused[line]?.length ?? 0;
    for (let position = 0; position < length; position += 1) {
      if (guardedKeys.has(`${line}:${position}`)) continue;
      const tally = new Map<string, number>();
      for (const lines of aligned) {
        const char = lines[line]?.[position] ?? '';
        tally.set(char, (tally.get(char) ?? 0) + 1);
      }
      let winner = fused[line]?.[position] ?? '<';
      let winnerCount = tally.get(winner) ?? 0;
      for (const [char, count] of tally) {
        if (count > winnerCount) {
          winner = char;
          winnerCount = count;
        }
      }
      const text = fused[line] ?? '';
      fused[line] = text.slice(0, position) + winner + text.slice(position + 1);
    }
  }
  return { format, lines: fused };
}
