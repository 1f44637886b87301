import { median, type GlyphCell, type GlyphRow } from './mrz-glyphs';

/** Where one character position of a row lies: its centre and whether the glyph there has the filler's shape. */
export interface PlacedPosition {
  position: number;
  centre: number;
  isFiller: boolean;
  /** The single glyph-sized cell standing there, if one does. */
  cell: GlyphCell | null;
}

/** The row's own cells, one per position, when they account for exactly the line's length. */
export function placeByCells(row: GlyphRow, length: number): PlacedPosition[] | null {
  const positions = row.cells.reduce((sum, cell) => sum + cell.span, 0);
  if (positions !== length) return null;
  const placed: PlacedPosition[] = [];
  let position = 0;
  for (const cell of row.cells) {
    if (cell.span === 1 && cell.width <= 1.5 * row.pitch)
      placed.push({ position, centre: cell.x + cell.width / 2, isFiller: cell.isFiller, cell });
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
/** Share of them that must stand on the grid. */
const MIN_ON_GRID = 0.8;

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
 * glyph-sized cells at `pitch`, its first position from `firstCentre` (the lines' common left edge), and every
 * position up to the row's last ink gets a pitch-wide window, inside a fused blob too.
 */
function placeByPitch(row: GlyphRow, length: number, firstCentre: number, pitch: number): PlacedPosition[] {
  const glyphs = row.cells.filter((cell) => isGlyphSized(cell, pitch));
  const last = row.cells[row.cells.length - 1];
  if (glyphs.length < MIN_GRID_CELLS || !last) return [];
  // Phase of the grid: the circular mean of the cells' centres modulo the pitch.
  const angles = glyphs.map((cell) => (2 * Math.PI * (cell.x + cell.width / 2)) / pitch);
  const phase =
    (Math.atan2(
      angles.reduce((sum, angle) => sum + Math.sin(angle), 0),
      angles.reduce((sum, angle) => sum + Math.cos(angle), 0),
    ) /
      (2 * Math.PI)) *
    pitch;
  const start = Math.round((firstCentre - phase) / pitch);
  const points = glyphs.map((cell) => {
    const centre = cell.x + cell.width / 2;
    return { index: Math.round((centre - phase) / pitch) - start, centre };
  });
  const onGrid = points.filter((point) => Math.abs(point.centre - (phase + (point.index + start) * pitch)) < 0.3 * pitch);
  // Glyphs off the grid mean the pitch is not this row's (blurred, fused print): no grid then.
  if (onGrid.length < MIN_ON_GRID * points.length) return [];
  const grid = fitGrid(onGrid);
  if (!grid || Math.abs(grid.pitch - pitch) > 0.05 * pitch) return [];
  const end = last.x + last.width;
  const placed: PlacedPosition[] = [];
  for (let position = 0; position < length; position += 1) {
    const centre = grid.origin + position * grid.pitch;
    if (centre > end) break;
    const cell = row.cells.find((candidate) => centre >= candidate.x && centre < candidate.x + candidate.width);
    placed.push({ position, centre, isFiller: cell?.isFiller ?? false, cell: cell && isGlyphSized(cell, pitch) ? cell : null });
  }
  return placed;
}

/**
 * Where each character position of each line lies in its glyph row: the row's own cells, or its
 * fixed-pitch grid. MRZ lines are left-aligned, so a grid starts where the rows whose cells hold
 * start; only when no row's do, at its own first cell. Empty when rows and lines do not pair up.
 */
export function placeGlyphPositions(rows: readonly GlyphRow[], lines: readonly string[]): PlacedPosition[][] {
  if (rows.length !== lines.length) return [];
  const byCells = rows.map((row, line) => placeByCells(row, lines[line]?.length ?? 0));
  const leftEdges = rows.flatMap((row, line) => {
    const centre = byCells[line] ? findFirstCentre(row) : null;
    return centre === null ? [] : [centre];
  });
  // A row of fused glyphs measures its pitch from blobs; the rows whose cells hold measure it right.
  const pitches = rows.flatMap((row, line) => (byCells[line] ? [row.pitch] : []));
  return rows.map((row, line) => {
    const firstCentre = leftEdges.length > 0 ? median(leftEdges) : findFirstCentre(row);
    const pitch = pitches.length > 0 ? median(pitches) : row.pitch;
    return byCells[line] ?? (firstCentre === null ? [] : placeByPitch(row, lines[line]?.length ?? 0, firstCentre, pitch));
  });
}
