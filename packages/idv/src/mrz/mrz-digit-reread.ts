import { cropGray, createGrayImage, type GrayImage } from '../image/raster';
import type { TextRecognizer } from '../ocr/tesseract-engine';
import { getMrzLayout, type MrzFormat } from './mrz-format';
import { placeByCells } from './mrz-glyph-grid';
import type { GlyphCell, GlyphRow } from './mrz-glyphs';

/** A re-read digit: the glyph at this position, recognised with digits only. */
export interface DigitPatch {
  line: number;
  position: number;
  digit: string;
}

/** Positions that can hold only a digit (or '<'): check digits and dates. */
function digitPositions(format: MrzFormat): Array<{ line: number; position: number }> {
  const layout = getMrzLayout(format);
  const positions = layout.checks.map((check) => ({ line: check.line, position: check.position }));
  for (const field of layout.fields) {
    if (field.charClass !== 'numeric') continue;
    for (let position = field.start; position < field.end; position += 1) positions.push({ line: field.line, position });
  }
  return positions;
}

/** The glyph cell printed at a character position, when the row's cells account for exactly the line. */
function findCell(row: GlyphRow | undefined, lineLength: number, position: number): GlyphCell | null {
  return (row && placeByCells(row, lineLength)?.find((placed) => placed.position === position)?.cell) ?? null;
}

/** The cell with a pitch of paper either side and above, pasted onto a blank page: a lone glyph reads best with a margin. */
function isolateGlyph(image: GrayImage, row: GlyphRow, cell: GlyphCell): GrayImage {
  const width = Math.round(cell.width + row.pitch);
  const height = Math.round(row.line.box.height * 1.4);
  const glyph = cropGray(image, {
    x: Math.round(cell.x - row.pitch / 2),
    y: Math.round(row.line.box.y - row.line.box.height * 0.2),
    width,
    height,
  });
  const margin = Math.round(row.line.box.height);
  const page = createGrayImage(glyph.width + 2 * margin, glyph.height + 2 * margin, 255);
  for (let y = 0; y < glyph.height; y += 1) {
    page.data.set(glyph.data.subarray(y * glyph.width, (y + 1) * glyph.width), (y + margin) * page.width + margin);
  }
  return page;
}

/**
 * Where a position that holds only digits was read as a letter no digit is confused with (a '9'
 * read as 'H'), the glyph is recognised again on its own with digits only. The recogniser read the
 * whole line with the full alphabet; alone and restricted, it has no letter to fall back on.
 */
export async function rereadDigitCells(
  image: GrayImage,
  rows: readonly GlyphRow[],
  lines: readonly string[],
  format: MrzFormat,
  recognizer: TextRecognizer,
  isKnown: (line: number, position: number) => boolean = () => false,
): Promise<{ patches: DigitPatch[]; tried: string[] }> {
  const patches: DigitPatch[] = [];
  const tried: string[] = [];
  for (const { line, position } of digitPositions(format)) {
    const char = lines[line]?.[position] ?? '';
    if (/^[0-9<]$/.test(char) || isKnown(line, position)) continue;
    tried.push(`${line}:${position}`);
    const row = rows[line];
    const cell = rows.length === lines.length ? findCell(row, lines[line]?.length ?? 0, position) : null;
    if (!row || !cell || cell.isFiller) continue;
    const recognition = await recognizer.recognize(isolateGlyph(image, row, cell), { segmentation: 'line', whitelist: '0123456789' });
    const digit = recognition.text.replace(/\s/g, '');
    if (/^[0-9]$/.test(digit)) patches.push({ line, position, digit });
  }
  return { patches, tried };
}
