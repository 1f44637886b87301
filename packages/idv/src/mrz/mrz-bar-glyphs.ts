import { getMrzLayout, type MrzFormat } from './mrz-format';
import { placeGlyphPositions } from './mrz-glyph-grid';
import type { GlyphRow } from './mrz-glyphs';

/** An 'I' is as wide at its foot as at its head (measured on the specimens: 0.76 and more)... */
const MIN_EYE_FOOT = 0.72;
/** ...a 'T' has only its stem there (0.5 and less). Between the two, the reading stands. */
const MAX_TEE_FOOT = 0.55;

/**
 * Settles 'I' against 'T' in letter-only fields by the glyph's own shape. The recogniser confuses
 * them in every variant, and in a name a letter often has no other print in the zone to compare
 * with (FAISAL read FATSAL), so the zone's templates cannot help and no check digit covers it. The
 * foot-to-head width ratio tells them apart in OCR-B whatever the name: the serifs of 'I' span its
 * foot as its head.
 */
export function rereadBarGlyphs(rows: readonly GlyphRow[], lines: readonly string[], format: MrzFormat): string[] {
  const letterFields = getMrzLayout(format).fields.filter((field) => field.charClass === 'alpha');
  const isLetterOnly = (line: number, position: number): boolean =>
    letterFields.some((field) => field.line === line && position >= field.start && position < field.end);
  return placeGlyphPositions(rows, lines)
    .map((placed, line) => {
      const text = [...(lines[line] ?? '')];
      for (const { position, cell } of placed) {
        if (!cell || cell.isFiller || !isLetterOnly(line, position)) continue;
        if (text[position] === 'T' && cell.footToHead >= MIN_EYE_FOOT) text[position] = 'I';
        else if (text[position] === 'I' && cell.footToHead <= MAX_TEE_FOOT) text[position] = 'T';
      }
      return text.join('');
    })
    .concat(lines.slice(rows.length));
}
