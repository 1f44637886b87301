import type { RecognizedSymbol } from '../ocr/tesseract-engine';
import type { GlyphRow } from './mrz-glyphs';

/** Marks a glyph the recogniser returned nothing for; the fitter turns it into a filler. */
export const UNKNOWN_GLYPH = '?';

function horizontalOverlap(aStart: number, aWidth: number, bStart: number, bWidth: number): number {
  return Math.min(aStart + aWidth, bStart + bWidth) - Math.max(aStart, bStart);
}

/**
 * Rebuilds one MRZ line glyph by glyph: cells whose shape is the filler chevron become '<' whatever
 * the recogniser said, every other cell takes the recognised symbol lying on it, and a symbol that
 * lies on no cell (a glyph too faint to binarise) is kept in place. Symbols are in the row's
 * coordinates.
 */
export function assembleGuidedLine(row: GlyphRow, symbols: readonly RecognizedSymbol[]): string {
  // Each symbol lies on the one cell it overlaps most, so a wide symbol cannot fill two cells.
  const byCell = new Map<number, RecognizedSymbol[]>();
  const placed = new Set<RecognizedSymbol>();
  for (const symbol of symbols) {
    let bestCell = -1;
    let bestOverlap = 0;
    row.cells.forEach((cell, index) => {
      const overlap = horizontalOverlap(cell.x, cell.width, symbol.box.x, symbol.box.width);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        bestCell = index;
      }
    });
    const cell = row.cells[bestCell];
    if (!cell || bestOverlap <= 0.3 * Math.min(symbol.box.width, cell.width)) continue;
    placed.add(symbol);
    byCell.set(bestCell, [...(byCell.get(bestCell) ?? []), symbol]);
  }
  const pieces: Array<{ x: number; text: string }> = [];
  row.cells.forEach((cell, index) => {
    const lying = byCell.get(index) ?? [];
    if (cell.isFiller) {
      pieces.push({ x: cell.x, text: '<'.repeat(cell.span) });
      return;
    }
    if (lying.length === 0) {
      pieces.push({ x: cell.x, text: UNKNOWN_GLYPH });
      return;
    }
    // Touching glyphs form one wide cell and carry several symbols; a normal cell keeps its surest one.
    const isWide = cell.width > 1.5 * row.pitch;
    const text = isWide
      ? lying.map((symbol) => symbol.text).join('')
      : (lying.toSorted((a, b) => b.confidence - a.confidence)[0]?.text ?? UNKNOWN_GLYPH);
    pieces.push({ x: cell.x, text });
  });
  for (const symbol of symbols) {
    if (!placed.has(symbol)) pieces.push({ x: symbol.box.x, text: symbol.text });
  }
  return pieces
    .toSorted((a, b) => a.x - b.x)
    .map((piece) => piece.text)
    .join('');
}
