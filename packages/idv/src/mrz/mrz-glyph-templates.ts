import { cropGray, resizeGray, type GrayImage } from '../image/raster';
import { getMrzLayout, type MrzFormat } from './mrz-format';
import { correlate, toUnitPatch, type GlyphCell, type GlyphRow } from './mrz-glyphs';

const PATCH_WIDTH = 12;
const PATCH_HEIGHT = 16;
/** Neighbours a cell is compared with per character: one lookalike sample cannot decide alone. */
const NEIGHBOURS = 2;
/** A cell joins another character only when it looks like that character's prints this much... */
const MIN_SIMILARITY = 0.9;
/** ...and clearly more than like the other prints of the character it was read as. */
const MIN_ADVANTAGE = 0.06;
/** When the character read has no other print to compare with, the other must be nearly identical. */
const MIN_SIMILARITY_ALONE = 0.9;

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
  return toUnitPatch(resizeGray(cropGray(image, region), PATCH_WIDTH, PATCH_HEIGHT));
}

/** Where one character position of a row lies: its centre and whether the glyph there has the filler's shape. */
interface PlacedPosition {
  position: number;
  centre: number;
  isFiller: boolean;
}

/** The row's own cells, one per position, when they account for exactly the line's length. */
function placeByCells(row: GlyphRow, length: number): PlacedPosition[] | null {
  const positions = row.cells.reduce((sum, cell) => sum + cell.span, 0);
  if (positions !== length) return null;
  const placed: PlacedPosition[] = [];
  let position = 0;
  for (const cell of row.cells) {
    if (cell.span === 1 && cell.width <= 1.5 * row.pitch) placed.push({ position, centre: cell.x + cell.width / 2, isFiller: cell.isFiller });
    position += cell.span;
  }
  return placed;
}

/** A glyph-sized cell: its centre marks one position of the line's grid. */
function isGlyphSized(cell: GlyphCell, pitch: number): boolean {
  return cell.span === 1 && cell.width >= 0.3 * pitch && cell.width <= 1.1 * pitch;
}

/** Least-squares line through (index, centre) pairs: the grid's first centre and its pitch. */
function fitGrid(points: ReadonlyArray<{ index: number; centre: number }>): { origin: number; pitch: number } | null {
  const count = points.length;
  const meanIndex = points.reduce((sum, point) => sum + point.index, 0) / count;
  const meanCentre = points.reduce((sum, point) => sum + point.centre, 0) / count;
  let numerator = 0;
  let denominator = 0;
  for (const point of points) {
    numerator += (point.index - meanIndex) * (point.centre - meanCentre);
    denominator += (point.index - meanIndex) ** 2;
  }
  if (denominator === 0) return null;
  const pitch = numerator / denominator;
  return { origin: meanCentre - pitch * meanIndex, pitch };
}

/** Glyph-sized cells a grid needs before it is trusted. */
const MIN_GRID_CELLS = 8;

/** Centre of the row's first glyph; a wide first cell is its glyph with something fused on the left (a stamp), so its right edge holds. */
function findFirstCentre(row: GlyphRow): number | null {
  const first = row.cells[0];
  if (!first) return null;
  if (first.width <= 1.1 * row.pitch) return first.x + first.width / 2;
  const glyphWidth = median(row.cells.filter((cell) => isGlyphSized(cell, row.pitch)).map((cell) => cell.width));
  return first.x + first.width - glyphWidth / 2;
}

/**
 * MRZ characters stand at one fixed pitch. When a row's cells do not account for the line's length
 * (a stamp or an arrow fused with glyphs, two fillers blurred into one blob, a glyph too faint to
 * binarise), the positions are cut from that grid instead: its phase and pitch come from the
 * glyph-sized cells, its first position from `firstCentre` (the lines' common left edge), and every
 * position up to the row's last ink gets a pitch-wide window, inside a fused blob too.
 */
function placeByPitch(row: GlyphRow, length: number, firstCentre: number): PlacedPosition[] {
  const glyphs = row.cells.filter((cell) => isGlyphSized(cell, row.pitch));
  const last = row.cells[row.cells.length - 1];
  if (glyphs.length < MIN_GRID_CELLS || !last) return [];
  // Phase of the grid: the circular mean of the cells' centres modulo the pitch.
  const angles = glyphs.map((cell) => (2 * Math.PI * (cell.x + cell.width / 2)) / row.pitch);
  const phase = (Math.atan2(angles.reduce((sum, angle) => sum + Math.sin(angle), 0), angles.reduce((sum, angle) => sum + Math.cos(angle), 0)) / (2 * Math.PI)) * row.pitch;
  const start = Math.round((firstCentre - phase) / row.pitch);
  const points = glyphs.map((cell) => {
    const centre = cell.x + cell.width / 2;
    return { index: Math.round((centre - phase) / row.pitch) - start, centre };
  });
  const grid = fitGrid(points.filter((point) => Math.abs(point.centre - (phase + (point.index + start) * row.pitch)) < 0.3 * row.pitch));
  if (!grid || Math.abs(grid.pitch - row.pitch) > 0.1 * row.pitch) return [];
  const end = last.x + last.width;
  const placed: PlacedPosition[] = [];
  for (let position = 0; position < length; position += 1) {
    const centre = grid.origin + position * grid.pitch;
    if (centre > end) break;
    const cell = row.cells.find((candidate) => centre >= candidate.x && centre < candidate.x + candidate.width);
    placed.push({ position, centre, isFiller: cell?.isFiller ?? false });
  }
  return placed;
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Glyph cells of each row, one per character position: the row's own cells, or its fixed-pitch
 * grid. MRZ lines are left-aligned, so a grid starts where the rows whose cells hold start; only
 * when no row's do, at its own first cell.
 */
function collectCells(image: GrayImage, rows: readonly GlyphRow[], lines: readonly string[]): Cell[] {
  if (rows.length !== lines.length) return [];
  const byCells = rows.map((row, line) => placeByCells(row, lines[line]?.length ?? 0));
  const leftEdges = rows.flatMap((row, line) => {
    const centre = byCells[line] ? findFirstCentre(row) : null;
    return centre === null ? [] : [centre];
  });
  return rows.flatMap((row, line) => {
    const firstCentre = leftEdges.length > 0 ? median(leftEdges) : findFirstCentre(row);
    const placed = byCells[line] ?? (firstCentre === null ? [] : placeByPitch(row, lines[line]?.length ?? 0, firstCentre));
    return placed.map(({ position, centre, isFiller }) => ({ line, position, patch: describeCell(image, row, centre), isFiller }));
  });
}

/** Which characters each position may hold, from the format's field classes. */
function allowedAt(format: MrzFormat): (line: number, position: number) => RegExp {
  const layout = getMrzLayout(format);
  const checkDigits = new Set(layout.checks.map((check) => `${check.line}:${check.position}`));
  return (line, position) => {
    if (checkDigits.has(`${line}:${position}`)) return /^[0-9<]$/;
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
export function proposeTemplateChanges(image: GrayImage, rows: readonly GlyphRow[], lines: readonly string[], format: MrzFormat): TemplateChange[] {
  const cells = collectCells(image, rows, lines);
  if (cells.length < 10) return [];
  const allowed = allowedAt(format);
  const labels = cells.map((cell) => lines[cell.line]?.[cell.position] ?? '<');
  const similarity = cells.map((cell) => cells.map((other) => correlate(cell.patch, other.patch)));
  const changes: Array<TemplateChange & { index: number; support: number }> = [];
  cells.forEach((cell, index) => {
    if (cell.isFiller) return;
    const own = labels[index] ?? '<';
    const byLabel = new Map<string, Array<{ other: number; score: number }>>();
    cells.forEach((_, other) => {
      if (other === index) return;
      const label = labels[other] ?? '<';
      byLabel.set(label, [...(byLabel.get(label) ?? []), { other, score: similarity[index]?.[other] ?? 0 }]);
    });
    const scoreOf = (label: string): number => meanOfTop((byLabel.get(label) ?? []).map((entry) => entry.score), NEIGHBOURS);
    const ownScore = byLabel.has(own) ? scoreOf(own) : null;
    const pattern = allowed(cell.line, cell.position);
    let bestLabel = own;
    let bestScore = -Infinity;
    for (const label of byLabel.keys()) {
      if (label === own || !pattern.test(label)) continue;
      const score = scoreOf(label);
      if (score > bestScore) {
        bestScore = score;
        bestLabel = label;
      }
    }
    if (bestLabel === own) return;
    const isClear = ownScore === null ? bestScore >= MIN_SIMILARITY_ALONE : bestScore >= MIN_SIMILARITY && bestScore - ownScore >= MIN_ADVANTAGE;
    if (!isClear) return;
    const support = (byLabel.get(bestLabel) ?? []).toSorted((a, b) => b.score - a.score)[0]?.other ?? -1;
    changes.push({
      index,
      support,
      line: cell.line,
      position: cell.position,
      from: own,
      to: bestLabel,
      similarity: bestScore,
      advantage: ownScore === null ? null : bestScore - ownScore,
    });
  });
  // Two cells that would trade labels through each other (an O read as D beside a D read as O)
  // are evidence of nothing: neither changes — unless only one of them was compared with other
  // prints of its own label and beat them; the other, read as a character printed nowhere else,
  // was judged only against prints that include the first cell.
  const changing = new Map(changes.map((change) => [change.index, change]));
  const isOutweighed = (change: TemplateChange, partner: TemplateChange): boolean => change.advantage === null && partner.advantage !== null;
  return changes
    .filter((change) => {
      const partner = changing.get(change.support);
      if (partner?.to !== change.from) return true;
      return isOutweighed(partner, change);
    })
    .map(({ line, position, from, to, similarity: score, advantage }) => ({ line, position, from, to, similarity: score, advantage }));
}

export function applyTemplateChanges(lines: readonly string[], changes: readonly TemplateChange[]): string[] {
  const result = lines.map((line) => [...line]);
  for (const change of changes) {
    const row = result[change.line];
    if (row) row[change.position] = change.to;
  }
  return result.map((line) => line.join(''));
}

export function reclassifyByTemplates(image: GrayImage, rows: readonly GlyphRow[], lines: readonly string[], format: MrzFormat): string[] {
  return applyTemplateChanges(lines, proposeTemplateChanges(image, rows, lines, format));
}
