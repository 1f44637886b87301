import { describe, expect, it } from 'vitest';
import type { BinaryImage } from '../image/binarize';
import { analyseGlyphRow } from './mrz-glyphs';
import { rereadBarGlyphs } from './mrz-bar-glyphs';

const PITCH = 20;
const GLYPH = { width: 12, height: 28 };
const LINE_HEIGHT = 40;

/** Ink of one glyph, in its own box: 'I' with serifs at head and foot, 'T' a bar on a stem, anything else a block. */
function isInk(char: string, x: number, y: number): boolean {
  const isStem = x >= 4 && x < 8;
  if (char === 'I') return isStem || y < 3 || y >= GLYPH.height - 3;
  if (char === 'T') return isStem || y < 3;
  return true;
}

/** Draws the printed lines as binary glyphs and cuts them into glyph rows as the reader would. */
function drawRows(printed: readonly string[]) {
  const width = 30 * PITCH;
  const binary: BinaryImage = { width, height: printed.length * LINE_HEIGHT, data: new Uint8Array(width * printed.length * LINE_HEIGHT) };
  return printed.map((text, line) => {
    const top = line * LINE_HEIGHT + 6;
    const components = [...text].flatMap((char, position) => {
      if (char === '<') return [];
      const left = position * PITCH + 4;
      for (let y = 0; y < GLYPH.height; y += 1) {
        for (let x = 0; x < GLYPH.width; x += 1) if (isInk(char, x, y)) binary.data[(top + y) * width + left + x] = 1;
      }
      return [{ x: left, y: top, width: GLYPH.width, height: GLYPH.height, area: GLYPH.width * GLYPH.height }];
    });
    return analyseGlyphRow(binary, { box: { x: 0, y: top, width, height: GLYPH.height }, components, charHeight: GLYPH.height });
  });
}

/** TD1 with every position inked (no fillers), so each row's cells account for its line. */
const PRINTED = ['IDLTU1234567891234567891234567', '8001014F3001012LTUAAAAAAAAAAA1', 'TAITAAFAISALAAAAAAAAAAAAAAAAAA'];

describe('settling I against T in letter-only fields by the glyph’s shape', () => {
  it('reads a glyph as wide at its foot as at its head as I, and one standing on its stem as T', () => {
    const rows = drawRows(PRINTED);
    const misread = [PRINTED[0] ?? '', PRINTED[1] ?? '', 'IATTAAFATSALAAAAAAAAAAAAAAAAAA'];
    expect(rereadBarGlyphs(rows, misread, 'TD1')).toEqual(PRINTED);
  });

  it('leaves I and T alone where the field may hold digits, whose 1 has no foot serif to tell by', () => {
    const rows = drawRows(['IDLTUTTTTTTTTTIIIIIIIIIIIIIIII', PRINTED[1] ?? '', PRINTED[2] ?? '']);
    const misread = ['IDLTUIIIIIIIIITTTTTTTTTTTTTTTT', PRINTED[1] ?? '', PRINTED[2] ?? ''];
    expect(rereadBarGlyphs(rows, misread, 'TD1')[0]).toBe(misread[0]);
  });
});
