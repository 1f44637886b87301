import type { GrayImage } from '../image/raster';
import { getMrzLayout, type MrzFormat } from './mrz-format';
import { placeGlyphPositions } from './mrz-glyph-grid';
import { correlate, glyphPatch, type GlyphRow } from './mrz-glyphs';

/** Neighbours a cell is compared with per character: one lookalike sample cannot decide alone. */
const NEIGHBOURS = 2;
/** A cell joins another character only when it looks like that character's prints this much... */
const MIN_SIMILARITY = 0.9;
/** ...and clearly more than like the other prints of the character it was read as. */
const MIN_ADVANTAGE = 0.06;
/** When the character read has no other print to compare with, the other must be nearly identical. */
const MIN_SIMILARITY_ALONE = 0.9;
/** Most cells a shared misreading spans (see isSharedMisreading). */
const MAX_SHARED_MISREADING = 2;

interface Cell {
  line: number;
  position: number;
  patch: Float64Array;
  /** Shaped like the filler chevron: a sample of '<', never re-read. */
  isFiller: boolean;
}

/** One pitch-wide window centred on the glyph, the line's full height. */
function describeCell(image: GrayImage, row: GlyphRow, centre: number): Float64Array {
  const width = Math.max(2, Math.round(row.pitch));
  const region = { x: Math.round(centre - width / 2), y: Math.round(row.line.box.y), width, height: Math.round(row.line.box.height) };
  return glyphPatch(image, region);
}

/** Glyph cells of each row, one per character position (see placeGlyphPositions). */
function collectCells(image: GrayImage, rows: readonly GlyphRow[], lines: readonly string[]): Cell[] {
  return placeGlyphPositions(rows, lines).flatMap((placed, line) => {
    const row = rows[line];
    return row
      ? placed.map(({ position, centre, isFiller }) => ({ line, position, patch: describeCell(image, row, centre), isFiller }))
      : [];
  });
}

/** ICAO Doc 9303: a document code starts with A, C or I on cards, P on passports, V on visas. */
const DOCUMENT_CODE_FIRST: Record<MrzFormat, RegExp> = { TD1: /^[ACI]$/, TD2: /^[ACI]$/, TD3: /^P$/, MRVA: /^V$/, MRVB: /^V$/ };

/** Which characters each position may hold, from the format's field classes. */
export function allowedAt(format: MrzFormat): (line: number, position: number) => RegExp {
  const layout = getMrzLayout(format);
  const checkDigits = new Set(layout.checks.map((check) => `${check.line}:${check.position}`));
  const code = layout.fields.find((entry) => entry.name === 'documentCode');
  return (line, position) => {
    if (checkDigits.has(`${line}:${position}`)) return /^[0-9<]$/;
    if (code && line === code.line && position === code.start) return DOCUMENT_CODE_FIRST[format];
    const field = layout.fields.find((entry) => entry.line === line && position >= entry.start && position < entry.end);
    if (field?.charClass === 'numeric') return /^[0-9<]$/;
    if (field?.charClass === 'alpha') return /^[A-Z<]$/;
    if (field?.charClass === 'sex') return /^[MFX<]$/;
    return /^[A-Z0-9<]$/;
  };
}

function meanOfTop(values: number[], count: number): number {
  const top = values.toSorted((a, b) => b - a).slice(0, count);
  return top.reduce((sum, value) => sum + value, 0) / Math.max(1, top.length);
}

/** How one cell compares with the prints of each character: its own label's and the best other its field allows. */
interface CellJudgement {
  own: string;
  /** Mean similarity to the two closest other prints of its own label; null when there are none. */
  ownScore: number | null;
  best: string;
  bestScore: number;
  /** The closest print of `best`. */
  support: number;
}

/** Fillers recognised by shape are samples of '<', never judged. */
function judgeCell(
  cells: readonly Cell[],
  labels: readonly string[],
  similarity: readonly number[][],
  index: number,
  pattern: RegExp,
): CellJudgement | null {
  if (cells[index]?.isFiller) return null;
  const own = labels[index] ?? '<';
  const byLabel = new Map<string, Array<{ other: number; score: number }>>();
  cells.forEach((_, other) => {
    if (other === index) return;
    const label = labels[other] ?? '<';
    byLabel.set(label, [...(byLabel.get(label) ?? []), { other, score: similarity[index]?.[other] ?? 0 }]);
  });
  const scoreOf = (label: string): number =>
    meanOfTop(
      (byLabel.get(label) ?? []).map((entry) => entry.score),
      NEIGHBOURS,
    );
  let best = own;
  let bestScore = -Infinity;
  for (const label of byLabel.keys()) {
    if (label === own || !pattern.test(label)) continue;
    const score = scoreOf(label);
    if (score > bestScore) {
      bestScore = score;
      best = label;
    }
  }
  const support = (byLabel.get(best) ?? []).toSorted((a, b) => b.score - a.score)[0]?.other ?? -1;
  return { own, ownScore: byLabel.has(own) ? scoreOf(own) : null, best, bestScore, support };
}

/** One glyph the templates would re-read, with the evidence for it. */
export interface TemplateChange {
  line: number;
  position: number;
  from: string;
  to: string;
  /** Mean correlation with the two closest prints read as `to`. */
  similarity: number;
  /** Its lead over the prints read as `from`; null when `from` has no other print in the zone. */
  advantage: number | null;
}

/**
 * Re-reads each glyph against the other glyphs of the same zone: an MRZ is one font at one size
 * and one print quality, so a cell the recogniser read as 'T' but which looks like this zone's
 * other 'I's more than like anything else is an 'I'. Catches the recogniser's systematic
 * confusions (I/T, O/D/0, 8/B, 5/S, H/M) that every preprocessing variant repeats. A cell changes
 * only to a character its field allows, and only when the resemblance is clear; the caller decides
 * whether to keep the changes by the check digits.
 */
export function proposeTemplateChanges(
  image: GrayImage,
  rows: readonly GlyphRow[],
  lines: readonly string[],
  format: MrzFormat,
): TemplateChange[] {
  const cells = collectCells(image, rows, lines);
  if (cells.length < 10) return [];
  const allowed = allowedAt(format);
  const labels = cells.map((cell) => lines[cell.line]?.[cell.position] ?? '<');
  const similarity = cells.map((cell) => cells.map((other) => correlate(cell.patch, other.patch)));
  const judgements = cells.map((cell, index) => judgeCell(cells, labels, similarity, index, allowed(cell.line, cell.position)));
  // A character read only once or twice, where every such cell looks like the prints of a character
  // read more often: they are one misreading shared (two fillers both read C), so they vouch for
  // nothing and each is judged as if read nowhere else.
  const countOf = (label: string): number => labels.filter((other) => other === label).length;
  const isSharedMisreading = (judgement: CellJudgement): boolean => {
    const fellows = judgements.filter((other) => other?.own === judgement.own);
    return (
      fellows.length <= MAX_SHARED_MISREADING &&
      countOf(judgement.best) > fellows.length &&
      fellows.every((other) => other?.best === judgement.best && other.bestScore >= MIN_SIMILARITY_ALONE)
    );
  };
  const changes: Array<TemplateChange & { index: number; support: number }> = [];
  judgements.forEach((judgement, index) => {
    if (!judgement || judgement.best === judgement.own) return;
    const { own, best, bestScore, support } = judgement;
    const ownScore = isSharedMisreading(judgement) ? null : judgement.ownScore;
    const isClear =
      ownScore === null ? bestScore >= MIN_SIMILARITY_ALONE : bestScore >= MIN_SIMILARITY && bestScore - ownScore >= MIN_ADVANTAGE;
    if (!isClear) return;
    const cell = cells[index];
    if (!cell) return;
    changes.push({
      index,
      support,
      line: cell.line,
      position: cell.position,
      from: own,
      to: best,
      similarity: bestScore,
      advantage: ownScore === null ? null : bestScore - ownScore,
    });
  });
  // Two cells that would trade labels through each other (an O read as D beside a D read as O)
  // are evidence of nothing: neither changes — unless only one of them was compared with other
  // prints of its own label and beat them; the other, read as a character printed nowhere else,
  // was judged only against prints that include the first cell.
  const changing = new Map(changes.map((change) => [change.index, change]));
  const isOutweighed = (change: TemplateChange, partner: TemplateChange): boolean =>
    change.advantage === null && partner.advantage !== null;
  return changes
    .filter((change) => {
      const partner = changing.get(change.support);
      if (partner?.to !== change.from) return true;
      return isOutweighed(partner, change);
    })
    .map(({ line, position, from, to, similarity: score, advantage }) => ({ line, position, from, to, similarity: score, advantage }));
}

/** How alike one cell is to the zone's prints of a character (mean of the closest two), leaving out some cells; null when none is left. */
export type ZonePrints = (line: number, position: number, label: string, leaveOut: ReadonlySet<string>) => number | null;

/** The zone's own prints as a second opinion on a reading: each cell compared with the cells read as a character. */
export function compareWithZonePrints(image: GrayImage, rows: readonly GlyphRow[], lines: readonly string[]): ZonePrints {
  const cells = collectCells(image, rows, lines);
  const byKey = new Map(cells.map((cell) => [`${cell.line}:${cell.position}`, cell]));
  return (line, position, label, leaveOut) => {
    const cell = byKey.get(`${line}:${position}`);
    if (!cell) return null;
    const scores = cells
      .filter(
        (other) =>
          other !== cell && (lines[other.line]?.[other.position] ?? '<') === label && !leaveOut.has(`${other.line}:${other.position}`),
      )
      .map((other) => correlate(cell.patch, other.patch));
    return scores.length === 0 ? null : meanOfTop(scores, NEIGHBOURS);
  };
}

export function applyTemplateChanges(lines: readonly string[], changes: readonly TemplateChange[]): string[] {
  const result = lines.map((line) => [...line]);
  for (const change of changes) {
    const row = result[change.line];
    if (row) row[change.position] = change.to;
  }
  return result.map((line) => line.join(''));
}
