import { describe, expect, it } from 'vitest';
import { createGrayImage } from '../image/raster';
import type { RecognizeOptions, TextRecognizer } from '../ocr/tesseract-engine';
import type { GlyphRow } from './mrz-glyphs';
import { rereadDigitCells } from './mrz-digit-reread';

const PITCH = 20;
const LINES = ['I<LTU11810187<346411231034<<<<', '6411231F1901012LTU<<<<<<<<<<<H', 'BASANAVICIENE<<BIRUTE<<<<<<<<<'];

/** One cell per character; fillers marked as such, as the shape test would. */
function rowsFor(lines: readonly string[]): GlyphRow[] {
  return lines.map((text, line) => {
    const box = { x: 0, y: line * 40 + 6, width: text.length * PITCH, height: 28 };
    const cells = [...text].map((char, position) => {
      const component = { x: position * PITCH + 4, y: box.y, width: 12, height: 28, area: 336 };
      return { x: component.x, width: component.width, component, isFiller: char === '<', span: 1, footToHead: 1 };
    });
    return { line: { box, components: cells.map((cell) => cell.component), charHeight: 28 }, cells, pitch: PITCH };
  });
}

function fakeRecognizer(answer: string): TextRecognizer & { calls: RecognizeOptions[] } {
  const calls: RecognizeOptions[] = [];
  return {
    calls,
    recognize: async (_image, options) => {
      calls.push(options);
      return { text: answer, confidence: 90, lines: [] };
    },
    close: async () => {},
  };
}

describe('re-reading digit-only positions read as letters', () => {
  const image = createGrayImage(30 * PITCH, 120, 255);

  it('recognises a check digit read as a letter again on its own, with digits only', async () => {
    const recognizer = fakeRecognizer('9\n');
    const { patches } = await rereadDigitCells(image, rowsFor(LINES), LINES, 'TD1', recognizer);
    expect(patches).toEqual([{ line: 1, position: 29, digit: '9' }]);
    expect(recognizer.calls).toEqual([{ segmentation: 'line', whitelist: '0123456789' }]);
  });

  it('does not ask again for a glyph already re-read, nor when the cells do not match the line', async () => {
    const recognizer = fakeRecognizer('9');
    expect((await rereadDigitCells(image, rowsFor(LINES), LINES, 'TD1', recognizer, () => true)).patches).toEqual([]);
    const shortRows = rowsFor(LINES).map((row) => ({ ...row, cells: row.cells.slice(1) }));
    expect((await rereadDigitCells(image, shortRows, LINES, 'TD1', recognizer)).patches).toEqual([]);
    expect(recognizer.calls).toEqual([]);
  });

  it('keeps nothing when the lone glyph does not read as one digit', async () => {
    const { patches } = await rereadDigitCells(image, rowsFor(LINES), LINES, 'TD1', fakeRecognizer(''));
    expect(patches).toEqual([]);
  });
});
