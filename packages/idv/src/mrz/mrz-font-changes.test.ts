import { beforeAll, describe, expect, it } from 'vitest';
import { boxBlur } from '../image/gray-filters';
import { decodeDocumentImage } from '../image/image-decoder';
import { toGray } from '../image/raster';
import { buildTd3Lines } from '../test-support/mrz-builder';
import { drawPassport, renderPng } from '../test-support/sample-documents';
import { confirmByTypeface, measureTypeface, proposeFontChanges, type TypefaceScores } from './mrz-font-changes';
import type { TemplateChange, ZonePrints } from './mrz-glyph-templates';
import { locateMrz } from './mrz-locator';
import { cropMrz, measureGlyphZone } from './mrz-reader';
import { MRZ_ALPHABET } from './mrz-format';
import { loadOcrbGlyphs, loadOcrbMatcher } from './ocrb-glyphs';

const HOLDER = {
  documentCode: 'P',
  issuingState: 'JPN',
  documentNumber: 'XS1234567',
  nationality: 'JPN',
  birthDate: '790220',
  sex: 'F' as const,
  expiryDate: '360320',
  surname: 'HEMMI',
  givenNames: 'TOMOKO',
};

/** Scores for one cell: every character at `rest`, the named ones as given. */
function cellScores(named: Record<string, number>, rest = 0.3): Map<string, number> {
  return new Map([...MRZ_ALPHABET].map((char) => [char, named[char] ?? rest]));
}

const NO_ZONE: ZonePrints = () => null;
/** The cell looks like this zone's F's. */
const likeTheF: ZonePrints = (_line, _position, label) => (label === 'F' ? 0.95 : 0.5);
/** This zone's other E's are more like the cell than its F's are. */
const sidesWithReading: ZonePrints = (_line, _position, label) => (label === 'E' ? 0.95 : 0.9);

describe('the OCR-B reference glyphs', () => {
  it('draws every MRZ character from the font file the package ships', async () => {
    const glyphs = await loadOcrbGlyphs();
    expect(glyphs.glyphs.map((glyph) => glyph.char).join('')).toBe(MRZ_ALPHABET);
    expect(glyphs.advance).toBeGreaterThan(20);
    const short = glyphs.glyphs.filter((glyph) => glyph.inkBottom - glyph.inkTop < (glyph.char === '<' ? 10 : 25));
    expect(short.map((glyph) => glyph.char)).toEqual([]);
  });
});

describe('re-reading a printed zone against the typeface', () => {
  const lines = buildTd3Lines(HOLDER);
  let typeface: TypefaceScores;

  beforeAll(async () => {
    const png = await renderPng(
      drawPassport({ mrz: lines, surname: HOLDER.surname, givenNames: HOLDER.givenNames, number: HOLDER.documentNumber }),
    );
    const gray = toGray((await decodeDocumentImage(png)).image);
    const location = locateMrz(gray);
    if (!location) throw new Error('the rendered zone was not found');
    // Blurred as a phone photo of a card would be.
    const { base, rows } = measureGlyphZone(boxBlur(cropMrz(gray, location), 1), location);
    typeface = measureTypeface(base, rows, lines, await loadOcrbMatcher());
  });

  it('finds each printed character the likeliest, 0 and O taken as one shape', () => {
    let right = 0;
    for (const [key, scores] of typeface) {
      const [line = 0, position = 0] = key.split(':').map(Number);
      const printed = lines[line]?.[position] ?? '';
      const best = [...scores.entries()].toSorted((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      if (best === printed || ('0O'.includes(best) && '0O'.includes(printed))) right += 1;
    }
    expect(typeface.size).toBeGreaterThan(40);
    expect(right / typeface.size).toBeGreaterThan(0.97);
  });

  it('turns the recogniser’s lookalikes back into the printed characters', () => {
    // XS1234567 read K51234567: both misreadings hold the check digit by luck.
    const misread = [lines[0] ?? '', `K5${lines[1]?.slice(2) ?? ''}`];
    const changes = proposeFontChanges(typeface, misread, 'TD3', NO_ZONE);
    expect(changes.map(({ line, position, from, to }) => ({ line, position, from, to }))).toEqual([
      { line: 1, position: 0, from: 'K', to: 'X' },
      { line: 1, position: 1, from: '5', to: 'S' },
    ]);
    expect(changes.every((change) => (change.advantage ?? 0) >= 0.06)).toBe(true);
  });

  it('proposes nothing for a reading that matches the print', () => {
    expect(proposeFontChanges(typeface, lines, 'TD3', NO_ZONE)).toEqual([]);
  });
});

describe('choosing among the typeface’s proposals', () => {
  const reading = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

  it('never trades 0 for O and writes a round shape as the field reads it', () => {
    // In the document number (mostly digits) a round shape read D is a 0; a 0 the typeface finds
    // rounder than its '0' stays a 0.
    const typeface: TypefaceScores = new Map([
      ['1:2', cellScores({ O: 0.9, '0': 0.88, D: 0.7 })],
      ['1:5', cellScores({ O: 0.95, '0': 0.7 })],
      ['0:5', cellScores({ E: 0.9 })],
    ]);
    const lines = [reading[0] ?? '', `L8D890${reading[1]?.slice(6) ?? ''}`];
    const changes = proposeFontChanges(typeface, lines, 'TD3', NO_ZONE);
    expect(changes.map(({ position, to }) => ({ position, to }))).toEqual([{ position: 2, to: '0' }]);
  });

  it('replaces a character a card’s document code cannot open with, even on a faint match', () => {
    const typeface: TypefaceScores = new Map([['0:0', cellScores({ F: 0.5, I: 0.45, A: 0.35, C: 0.32 })]]);
    const lines = ['FDLIEID98754015<<<<<<<<<<<<<<<', '8205122F1906224LIE<<<<<<<<<<<6', 'OSPELTBECK<<MARISA<<<<<<<<<<<<'];
    expect(proposeFontChanges(typeface, lines, 'TD1', NO_ZONE)).toMatchObject([{ line: 0, position: 0, from: 'F', to: 'I' }]);
    // The zone's prints cannot keep a character the position cannot hold, however alike.
    expect(proposeFontChanges(typeface, lines, 'TD1', likeTheF)).toMatchObject([{ position: 0, to: 'I' }]);
  });

  it('lets the zone’s own prints veto a slight lead, unless they are misreadings shared', () => {
    const typeface: TypefaceScores = new Map([['0:5', cellScores({ F: 0.8, E: 0.73 })]]);
    expect(proposeFontChanges(typeface, reading, 'TD3', sidesWithReading)).toEqual([]);
    expect(proposeFontChanges(typeface, reading, 'TD3', NO_ZONE)).toMatchObject([{ position: 5, from: 'E', to: 'F' }]);
    // A wide lead is not vetoed.
    const wide: TypefaceScores = new Map([['0:5', cellScores({ F: 0.9, E: 0.7 })]]);
    expect(proposeFontChanges(wide, reading, 'TD3', sidesWithReading)).toMatchObject([{ position: 5, to: 'F', isDecisive: true }]);
  });

  it('makes a template change decisive when the typeface agrees, and only then', () => {
    const change: TemplateChange = { line: 1, position: 28, from: 'D', to: '0', similarity: 0.94, advantage: 0.2 };
    const agreeing: TypefaceScores = new Map([['1:28', cellScores({ O: 0.84, D: 0.81 })]]);
    const disagreeing: TypefaceScores = new Map([['1:28', cellScores({ O: 0.7, D: 0.81 })]]);
    expect(confirmByTypeface([change], agreeing)).toEqual([{ ...change, isDecisive: true }]);
    expect(confirmByTypeface([change], disagreeing)).toEqual([change]);
  });
});
