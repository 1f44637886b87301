import { describe, expect, it } from 'vitest';
import { createGrayImage, type GrayImage } from '../image/raster';
import type { MrzFormat } from './mrz-format';
import type { GlyphRow } from './mrz-glyphs';
import { applyTemplateChanges, proposeTemplateChanges } from './mrz-glyph-templates';

const PITCH = 20;
const LINE_HEIGHT = 40;
const GLYPH = { top: 6, height: 28, left: 4, width: 12 };

type Shape = 'bar' | 'ring' | 'blank';

/** The lines with every change the templates propose applied. */
function reclassifyByTemplates(image: GrayImage, rows: readonly GlyphRow[], lines: readonly string[], format: MrzFormat): string[] {
  return applyTemplateChanges(lines, proposeTemplateChanges(image, rows, lines, format));
}

/** A bar is this test's 'I' or '1', a ring its 'O' or '0'; blank cells stand for fillers. */
function drawShape(image: GrayImage, shape: Shape, cellX: number, lineY: number): void {
  for (let y = 0; y < GLYPH.height; y += 1) {
    for (let x = 0; x < GLYPH.width; x += 1) {
      const isInk =
        shape === 'bar' ? x >= 4 && x < 8 : shape === 'ring' ? x < 3 || x >= GLYPH.width - 3 || y < 3 || y >= GLYPH.height - 3 : false;
      if (isInk) image.data[(lineY + GLYPH.top + y) * image.width + cellX + GLYPH.left + x] = 0;
    }
  }
}

function shapeOf(char: string): Shape {
  if ('I1T'.includes(char)) return 'bar';
  if ('O0D'.includes(char)) return 'ring';
  return 'blank';
}

/** Draws three TD1 lines as bars and rings, one glyph cell per character; the labels may lie. */
function drawZone(printed: readonly string[]): { image: GrayImage; rows: GlyphRow[] } {
  const image = createGrayImage(30 * PITCH, printed.length * LINE_HEIGHT, 255);
  const rows = printed.map((text, line) => {
    const lineY = line * LINE_HEIGHT;
    const box = { x: 0, y: lineY + GLYPH.top, width: 30 * PITCH, height: GLYPH.height };
    const cells = [...text].map((char, position) => {
      const x = position * PITCH;
      const shape = shapeOf(char);
      drawShape(image, shape, x, lineY);
      const component = { x: x + GLYPH.left, y: box.y, width: GLYPH.width, height: GLYPH.height, area: GLYPH.width * GLYPH.height };
      return { x: x + GLYPH.left, width: GLYPH.width, component, isFiller: shape === 'blank', span: 1, footToHead: 1 };
    });
    return { line: { box, components: cells.map((cell) => cell.component), charHeight: GLYPH.height }, cells, pitch: PITCH };
  });
  return { image, rows };
}

const PRINTED = ['I<<<<<1001<<<<<<<<<<<<<<<<<<<', '001010<0<0<<<<<<<<<<<<<<<<<<<0', 'OI<<IO<<III<<<<<<<<<<<<<<<<<<<'];

describe('re-reading MRZ glyphs against the zone’s own prints', () => {
  it('turns a misread glyph into the character its lookalike prints were read as, within what the field allows', () => {
    const { image, rows } = drawZone(PRINTED);
    const misread = ['I<<<<<1D01<<<<<<<<<<<<<<<<<<<', '001010<0<0<<<<<<<<<<<<<<<<<<<0', 'OI<<IO<<ITI<<<<<<<<<<<<<<<<<<<'];
    const reread = reclassifyByTemplates(image, rows, misread, 'TD1');
    // The document number may hold letters, and this zone prints its 'O' and '0' alike: either is
    // a ring, but never the 'D' that no other ring was read as.
    expect(reread[0]?.slice(0, 7)).toBe('I<<<<<1');
    expect('0O').toContain(reread[0]?.[7]);
    // A name holds only letters: the bar read as 'T' among the 'I' bars is an 'I'.
    expect(reread[2]).toBe('OI<<IO<<III<<<<<<<<<<<<<<<<<<<');
  });

  it('changes nothing when every glyph was read as its lookalikes were', () => {
    const { image, rows } = drawZone(PRINTED);
    expect(reclassifyByTemplates(image, rows, PRINTED, 'TD1')).toEqual(PRINTED);
  });

  it('cuts a row whose cells miss its first glyph at the fixed pitch, from the left edge the other rows share', () => {
    const { image, rows } = drawZone(PRINTED);
    const withoutFirst = rows.map((row, line) => (line === 2 ? { ...row, cells: row.cells.slice(1) } : row));
    const misread = [PRINTED[0] ?? '', PRINTED[1] ?? '', 'OI<<IO<<ITI<<<<<<<<<<<<<<<<<<<'];
    expect(reclassifyByTemplates(image, withoutFirst, misread, 'TD1')[2]).toBe(PRINTED[2]);
  });

  it('cuts glyphs fused into one blob at the fixed pitch and re-reads each', () => {
    const { image, rows } = drawZone(PRINTED);
    const fused = rows.map((row, line) => {
      if (line !== 2) return row;
      const [first, second] = [row.cells[9], row.cells[10]];
      if (!first || !second) return row;
      const blob = { ...first, width: second.x + second.width - first.x, isFiller: false };
      return { ...row, cells: [...row.cells.slice(0, 9), blob, ...row.cells.slice(11)] };
    });
    const misread = [PRINTED[0] ?? '', PRINTED[1] ?? '', 'OI<<IO<<ITI<<<<<<<<<<<<<<<<<<<'];
    expect(reclassifyByTemplates(image, fused, misread, 'TD1')[2]).toBe(PRINTED[2]);
  });

  it('leaves the lines alone when too few glyph cells were found to lay the pitch grid', () => {
    const { image, rows } = drawZone(PRINTED);
    const shortRows = rows.map((row) => ({ ...row, cells: row.cells.slice(1, 8) }));
    const misread = ['I<<<<<1D01<<<<<<<<<<<<<<<<<<<', PRINTED[1] ?? '', PRINTED[2] ?? ''];
    expect(reclassifyByTemplates(image, shortRows, misread, 'TD1')).toEqual(misread);
  });

  it('re-reads a character read only twice when both its prints look like a character read more often', () => {
    const { image, rows } = drawZone(PRINTED);
    // The two bars read L vouch only for each other; three more bars were read I.
    const misread = [PRINTED[0] ?? '', PRINTED[1] ?? '', 'OL<<LO<<III<<<<<<<<<<<<<<<<<<<'];
    expect(reclassifyByTemplates(image, rows, misread, 'TD1')[2]).toBe(PRINTED[2]);
  });

  it('reports each re-read glyph with how closely it matches its new character and by how much it beats its old one', () => {
    const { image, rows } = drawZone(PRINTED);
    const misread = [PRINTED[0] ?? '', PRINTED[1] ?? '', 'OI<<IO<<ITI<<<<<<<<<<<<<<<<<<<'];
    const changes = proposeTemplateChanges(image, rows, misread, 'TD1');
    expect(changes).toEqual([{ line: 2, position: 9, from: 'T', to: 'I', similarity: expect.any(Number), advantage: null }]);
    // Drawn bars are identical prints; the 'T' had no other print to be compared with.
    expect(changes[0]?.similarity).toBeGreaterThan(0.95);
  });
});
