import { beforeAll, describe, expect, it } from 'vitest';
import { decodeDocumentImage } from '../image/image-decoder';
import { resizeGray, rotateGray, toGray, type GrayImage } from '../image/raster';
import { buildTd1Lines, buildTd3Lines } from '../test-support/mrz-builder';
import { SAMPLE_HOLDER, drawCnicFront, drawPassport, drawTd1Back, renderPng } from '../test-support/sample-documents';
import { analyseGlyphRow, refineFillersByTemplate } from './mrz-glyphs';
import { locateMrz } from './mrz-locator';
import { measureLineLength, measureGlyphZone } from './mrz-reader';
import { renderDocument } from '../test-support/document-renderer';
import {
  buildLinesFor,
  createSeededRandom,
  drawMrzDocument,
  makeRandomPerson,
  photographDocument,
} from '../test-support/generated-mrz-documents';
import type { MrzFormat } from './mrz-format';
import { generateScan } from '../test-support/generated-mrz-scans';
import { cropMrz } from './mrz-reader';

const TD3 = buildTd3Lines(SAMPLE_HOLDER);
const TD1 = buildTd1Lines({ ...SAMPLE_HOLDER, documentCode: 'IR', documentNumber: 'ZR8834512' });

async function grayOf(png: Buffer): Promise<GrayImage> {
  return toGray((await decodeDocumentImage(png)).image);
}

let passport: GrayImage;
let card: GrayImage;

beforeAll(async () => {
  passport = await grayOf(
    await renderPng(
      drawPassport({
        mrz: TD3,
        surname: SAMPLE_HOLDER.surname,
        givenNames: SAMPLE_HOLDER.givenNames,
        number: SAMPLE_HOLDER.documentNumber,
      }),
    ),
  );
  card = await grayOf(await renderPng(drawTd1Back({ mrz: TD1 })));
});

describe('MRZ locator', () => {
  it('finds the two lines of a passport zone at the bottom of the page', () => {
    const location = locateMrz(passport);
    expect(location?.lines).toHaveLength(2);
    expect(location?.box.y).toBeGreaterThan(passport.height * 0.75);
    expect(location?.lines.map((line) => line.components.length)).toEqual([44, 44]);
  });

  it('finds the three lines of an ID card zone', () => {
    expect(locateMrz(card)?.lines.map((line) => line.components.length)).toEqual([30, 30, 30]);
  });

  it('finds no zone in a card of printed fields, or when the lines run vertically', async () => {
    const cnic = await grayOf(
      await renderPng(
        drawCnicFront({
          name: 'Sana Tariq',
          fatherName: 'Tariq Mehmood',
          gender: 'F',
          countryOfStay: 'Pakistan',
          identityNumber: '35201-4567891-2',
          dateOfBirth: '14.02.1991',
          dateOfIssue: '01.06.2019',
          dateOfExpiry: '01.06.2029',
        }),
      ),
    );
    expect(locateMrz(cnic)).toBeNull();
    expect(locateMrz(rotateGray(passport, 1))).toBeNull();
  });

  it('still finds the zone in a small, low-resolution picture', () => {
    const small = resizeGray(passport, 420, 291);
    expect(locateMrz(small)?.lines).toHaveLength(2);
  });
});

async function photographed(format: MrzFormat, tiltDegrees: number, glyphHeight: number): Promise<GrayImage> {
  const random = createSeededRandom(7);
  const person = makeRandomPerson(random, format);
  const drawing = drawMrzDocument(format, buildLinesFor(format, person), person, random);
  const conditions = { glyphHeight, blur: 0.5, noise: 3, jpegQuality: 75, tiltDegrees, turns: 0, perspective: 0.01, isOnTable: true };
  return grayOf(await photographDocument(await renderDocument(drawing), conditions, random));
}

describe('MRZ locator on photographs', () => {
  it.each([
    ['TD2', 2, 36],
    ['TD3', 2, 44],
    ['TD1', 3, 30],
  ] as const)('finds a %s zone tilted by 6° with 10 px glyphs, every line at its full length', async (format, lineCount, length) => {
    const image = await photographed(format, 6, 10);
    const location = locateMrz(image);
    expect(location?.lines).toHaveLength(lineCount);
    if (!location) return;
    const { rows } = measureGlyphZone(cropMrz(image, location), location);
    expect(Math.abs((measureLineLength(rows) ?? 0) - length)).toBeLessThan(1.5);
  });
});

describe('MRZ glyph cells', () => {
  it("marks every filler by the chevron's shape, whatever a recogniser would say", () => {
    const location = locateMrz(card);
    if (!location) throw new Error('zone not found');
    const crop = cropMrz(card, location);
    const scale = 32 / location.charHeight;
    const base = resizeGray(crop, Math.round(crop.width * scale), Math.round(crop.height * scale));
    const inner = locateMrz(base, { windowSize: 65, maxCharHeight: 64 });
    if (!inner) throw new Error('zone not found again');
    const rows = inner.lines.map((line) => analyseGlyphRow(inner.binary, line));
    refineFillersByTemplate(base, rows);
    const patterns = rows.map((row) => row.cells.map((cell) => (cell.isFiller ? '<'.repeat(cell.span) : 'x')).join(''));
    expect(patterns).toEqual(TD1.map((line) => line.replace(/[^<]/g, 'x')));
  });
});

describe('MRZ locator on the zone alone, cropped tight', () => {
  it('finds every line of TD1 zones scanned with little or no margin, slightly tilted', async () => {
    // Four generated scans of the zone alone (margins of 0–0.5 glyph, tilt up to 1.5°, 9–16 px capitals).
    const random = createSeededRandom(20261128);
    for (let index = 0; index < 4; index += 1) {
      const scan = await generateScan(random, 'TD1', 'zone-crop', false);
      const location = locateMrz(await grayOf(scan.bytes));
      expect(location?.lines.map((line) => line.components.length)).toEqual([30, 30, 30]);
    }
  });
});
