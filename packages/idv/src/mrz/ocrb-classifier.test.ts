import { describe, expect, it } from 'vitest';
import { decodeDocumentImage } from '../image/image-decoder';
import { toGray } from '../image/raster';
import { renderDocument } from '../test-support/document-renderer';
import { createSeededRandom, photographDocument } from '../test-support/generated-mrz-documents';
import { locateMrz } from './mrz-locator';
import { cropMrz, measureGlyphZone } from './mrz-reader';
import { loadGlyphClassifier, measureClassifier } from './ocrb-classifier';
import { MRZ_ALPHABET } from './mrz-format';

const LINES = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

async function zoneAt(glyphHeight: number, blur: number) {
  const drawing = {
    width: 1250,
    height: 300,
    background: '#f1ece0',
    texts: LINES.map((text, index) => ({ text, x: 40, y: 120 + index * 46, size: 24, isOcrB: true })),
  };
  const conditions = { glyphHeight, blur, noise: 3, jpegQuality: 70, tiltDegrees: 0, turns: 0, perspective: 0, isOnTable: false };
  const gray = toGray(
    (await decodeDocumentImage(await photographDocument(await renderDocument(drawing), conditions, createSeededRandom(3)))).image,
  );
  const location = locateMrz(gray);
  if (!location) throw new Error('zone not found');
  return measureGlyphZone(cropMrz(gray, location), location);
}

function likeliest(scores: ReadonlyMap<string, number>): string {
  return [...scores].reduce((best, entry) => (entry[1] > best[1] ? entry : best), ['?', -Infinity])[0];
}

describe('OCR-B glyph classifier', () => {
  it('returns a log-probability for every MRZ character', () => {
    const scores = loadGlyphClassifier().classify(new Float64Array(192));
    expect(scores).toHaveLength(MRZ_ALPHABET.length);
    expect([...scores].reduce((sum, value) => sum + Math.exp(value), 0)).toBeCloseTo(1, 5);
  });

  it.each([
    [14, 0],
    [9, 0.8],
  ])('reads nearly every glyph of a zone printed with %i px capitals (blur %f) as printed', async (glyphHeight, blur) => {
    const { base, rows } = await zoneAt(glyphHeight, blur);
    const scores = measureClassifier(base, rows, LINES, loadGlyphClassifier());
    let right = 0;
    LINES.forEach((line, index) => {
      for (let position = 0; position < line.length; position += 1) {
        const measured = scores.get(`${index}:${position}`);
        const read = measured ? likeliest(measured) : '?';
        // 0 and O are one shape in OCR-B print: the field decides between them, not the glyph.
        if (read === line[position] || (/[0O]/.test(read) && /[0O]/.test(line[position] ?? ''))) right += 1;
      }
    });
    expect(right / 88).toBeGreaterThanOrEqual(0.95);
  });
});
