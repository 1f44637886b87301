/**
 * Documents the project makes up itself, for evaluations and tests that must not rest on the
 * specimens the reader was tuned on: random but valid holders for every MRZ format, printed in the
 * package's OCR-B on a card or page laid out as ICAO Doc 9303 sizes them, then photographed
 * (tilted, in perspective, on a table, turned, scaled to small glyphs, blurred, noisy, JPEG).
 * Everything is drawn from a seed, so a run is the same on every machine.
 */
import sharp from 'sharp';
import { computeCheckDigit } from '../mrz/check-digit';
import { getMrzLayout, type MrzFormat } from '../mrz/mrz-format';
import { MRZ_STATE_CODES } from '../mrz/mrz-country-codes';
import { renderDocument, type DocumentDrawing, type TextItem } from './document-renderer';
import { buildMrvLines, buildTd1Lines, buildTd2Lines, buildTd3Lines, type MrzPerson } from './mrz-builder';

export type Random = () => number;

/** mulberry32: small, fast and the same everywhere. */
export function createSeededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** Characters recognisers confuse with another class: document numbers built from them test the check-digit decoding. */
const LOOKALIKES = '0O1I2Z5S8B6GDCK<';
const STATES = [...MRZ_STATE_CODES].filter((code) => code.length === 3).toSorted();

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickChar(random: Random, characters: string): string {
  return characters[Math.floor(random() * characters.length)] ?? 'A';
}

function word(random: Random, minimum: number, maximum: number): string {
  const length = minimum + Math.floor(random() * (maximum - minimum + 1));
  return Array.from({ length }, () => pickChar(random, LETTERS)).join('');
}

function twoDigits(random: Random, low: number, high: number): string {
  return String(low + Math.floor(random() * (high - low + 1))).padStart(2, '0');
}

function randomDate(random: Random, yearLow: number, yearHigh: number): string {
  return `${twoDigits(random, yearLow, yearHigh)}${twoDigits(random, 1, 12)}${twoDigits(random, 1, 28)}`;
}

/** Document numbers as states print them: letters then digits, digits only, or any mix with lookalikes. */
function randomDocumentNumber(random: Random): string {
  const kind = random();
  if (kind < 0.35) return word(random, 1, 2) + Array.from({ length: 7 }, () => pickChar(random, DIGITS)).join('');
  if (kind < 0.55) return Array.from({ length: 9 }, () => pickChar(random, DIGITS)).join('');
  if (kind < 0.7) return Array.from({ length: 8 }, () => pickChar(random, DIGITS)).join('');
  const body = Array.from({ length: 9 }, () => pickChar(random, `${LETTERS}${DIGITS}${LOOKALIKES}`)).join('');
  // A '<' inside a number only pads its end.
  return body.replace(/<+/g, '').padEnd(6, '0');
}

/** Names of one to three words each side, short words and single letters included: filler handling is what they test. */
function randomNames(random: Random): { surname: string; givenNames: string } {
  const surnameWords = random() < 0.25 ? 2 : 1;
  const givenWords = random() < 0.1 ? 0 : random() < 0.45 ? 1 : random() < 0.8 ? 2 : 3;
  const surname = Array.from({ length: surnameWords }, () => word(random, 2, 10)).join(' ');
  const givenNames = Array.from({ length: givenWords }, () => (random() < 0.08 ? pickChar(random, LETTERS) : word(random, 2, 9))).join(' ');
  return { surname, givenNames };
}

const DOCUMENT_CODES: Record<MrzFormat, readonly string[]> = {
  TD1: ['I', 'ID', 'IR', 'AR', 'C'],
  TD2: ['I', 'ID', 'AC', 'IP'],
  TD3: ['P', 'PP', 'PD', 'PO'],
  MRVA: ['V'],
  MRVB: ['V'],
};

export function makeRandomPerson(random: Random, format: MrzFormat): MrzPerson {
  const state = pick(random, STATES);
  const nationality = random() < 0.7 ? state : pick(random, STATES);
  const { surname, givenNames } = randomNames(random);
  const optionalLength = format === 'TD3' ? 14 : format === 'TD1' ? 15 : format === 'TD2' ? 7 : 0;
  const optional =
    optionalLength > 0 && random() < 0.4
      ? Array.from({ length: 3 + Math.floor(random() * (optionalLength - 3)) }, () => pickChar(random, `${LETTERS}${DIGITS}`)).join('')
      : '';
  return {
    documentCode: pick(random, DOCUMENT_CODES[format]),
    issuingState: state,
    documentNumber: randomDocumentNumber(random),
    nationality,
    birthDate: randomDate(random, 30, 99),
    sex: pick(random, ['M', 'F', 'M', 'F', '<'] as const),
    expiryDate: randomDate(random, 27, 39),
    surname,
    givenNames,
    optional,
  };
}

export function buildLinesFor(format: MrzFormat, person: MrzPerson): string[] {
  if (format === 'TD1') return buildTd1Lines(person);
  if (format === 'TD2') return buildTd2Lines(person);
  if (format === 'TD3') return buildTd3Lines(person);
  return buildMrvLines(person, format);
}

/** One check digit printed wrong on purpose (the next digit up): a reader must report it invalid. */
export function breakCheckDigit(lines: readonly string[], format: MrzFormat, random: Random): { lines: string[]; check: string } {
  const checks = getMrzLayout(format).checks.filter((check) => /[0-9]/.test(lines[check.line]?.[check.position] ?? ''));
  const check = pick(random, checks);
  const broken = [...lines];
  const text = broken[check.line] ?? '';
  const wrong = String((Number(text[check.position]) + 1 + Math.floor(random() * 8)) % 10);
  broken[check.line] = text.slice(0, check.position) + wrong + text.slice(check.position + 1);
  // The composite covers the digit just changed: keep it consistent so exactly one digit fails.
  const composite = getMrzLayout(format).checks.find((entry) => entry.name === 'composite');
  if (
    composite &&
    check !== composite &&
    composite.covers.some((span) => span.line === check.line && check.position >= span.start && check.position < span.end)
  ) {
    const covered = composite.covers.map((span) => (broken[span.line] ?? '').slice(span.start, span.end)).join('');
    const line = broken[composite.line] ?? '';
    broken[composite.line] =
      line.slice(0, composite.position) + String(computeCheckDigit(covered) ?? 0) + line.slice(composite.position + 1);
  }
  return { lines: broken, check: check.name };
}

/** Page sizes in millimetres (Doc 9303 parts 4–7) at 10 px per mm, where OCR-B's capitals are about 24 px tall. */
const PAGE: Record<MrzFormat, { width: number; height: number }> = {
  TD1: { width: 856, height: 540 },
  TD2: { width: 1050, height: 740 },
  TD3: { width: 1250, height: 880 },
  MRVA: { width: 1200, height: 820 },
  MRVB: { width: 1050, height: 740 },
};

/** MRZ capital height in the drawing, before the photograph scales it. */
export const DRAWN_GLYPH_HEIGHT = 24;

function guillocheSvg(random: Random, width: number, height: number): string {
  const paths: string[] = [];
  const hue = Math.floor(random() * 360);
  for (let index = 0; index < 14; index += 1) {
    const amplitude = 10 + random() * 40;
    const period = 60 + random() * 200;
    const offset = random() * height;
    let d = `M0 ${offset.toFixed(1)}`;
    for (let x = 10; x <= width; x += 10) d += ` L${x} ${(offset + amplitude * Math.sin((x / period) * 2 * Math.PI + index)).toFixed(1)}`;
    paths.push(`<path d="${d}" stroke="hsl(${hue + index * 7},45%,72%)" stroke-width="1.3" fill="none"/>`);
  }
  return paths.join('');
}

/** A card or page with its printed fields, a portrait, a security pattern and the MRZ at the bottom. */
export function drawMrzDocument(format: MrzFormat, lines: readonly string[], person: MrzPerson, random: Random): DocumentDrawing {
  const page = PAGE[format];
  const glyph = DRAWN_GLYPH_HEIGHT;
  const linePitch = glyph * (1.6 + random() * 0.5);
  const left = 30 + random() * 25;
  const bottom = page.height - 28 - random() * 12;
  const letterSpacing = glyph * (random() * 0.12 - 0.04);
  const ink = pick(random, ['#0c0c0c', '#151515', '#1d1f24', '#262626']);
  const mrz: TextItem[] = lines.map((text, index) => ({
    text,
    x: left,
    y: bottom - (lines.length - index) * linePitch,
    size: glyph,
    color: ink,
    isOcrB: true,
    letterSpacing,
  }));
  const mrzTop = bottom - lines.length * linePitch;
  const portrait = { x: 40, y: 90, width: page.width * 0.26, height: Math.min(page.height * 0.5, mrzTop - 110) };
  const column = portrait.x + portrait.width + 40;
  const label = (text: string, y: number): TextItem => ({ text, x: column, y, size: 14, color: '#4a5568' });
  const value = (text: string, y: number): TextItem => ({ text, x: column, y: y + 20, size: 22 });
  const fields: TextItem[] = [];
  const rows: Array<[string, string]> = [
    ['Surname', person.surname],
    ['Given names', person.givenNames || '-'],
    ['Document No.', person.documentNumber],
    ['Date of birth', person.birthDate],
  ];
  rows.forEach(([name, text], index) => {
    const y = 100 + index * 62;
    if (y + 50 < mrzTop) fields.push(label(name, y), value(text, y));
  });
  const titles: Record<MrzFormat, string> = {
    TD1: 'IDENTITY CARD',
    TD2: 'IDENTITY CARD',
    TD3: 'PASSPORT',
    MRVA: 'VISA',
    MRVB: 'VISA',
  };
  return {
    width: page.width,
    height: page.height,
    background: pick(random, ['#f1ece0', '#e6eef2', '#eef0ea', '#f3e4ec', '#e9f1e4', '#f7f4ee']),
    decorations: guillocheSvg(random, page.width, page.height),
    portrait: portrait.height > 80 ? portrait : undefined,
    texts: [{ text: `${titles[format]} ${person.issuingState}`, x: 40, y: 30, size: 26, bold: true, color: '#203050' }, ...fields, ...mrz],
  };
}

export interface PhotoConditions {
  /** MRZ capital height in the photograph, in pixels. */
  glyphHeight: number;
  /** Gaussian blur sigma in pixels of the photograph. */
  blur: number;
  /** Standard deviation of added noise, in grey levels. */
  noise: number;
  jpegQuality: number;
  /** In-plane tilt in degrees. */
  tiltDegrees: number;
  /** Quarter turns clockwise the picture is stored in (a phone held sideways or upside down). */
  turns: number;
  /** Largest corner displacement as a share of the picture's size (perspective). */
  perspective: number;
  /** Lying on a table with a margin around, rather than scanned edge to edge. */
  isOnTable: boolean;
}

export function randomConditions(random: Random): PhotoConditions {
  return {
    glyphHeight: 8 + random() * 6,
    blur: random() < 0.3 ? 0 : 0.3 + random() * 0.9,
    noise: random() * 8,
    jpegQuality: 45 + Math.floor(random() * 45),
    tiltDegrees: (random() - 0.5) * 12,
    turns: random() < 0.7 ? 0 : pick(random, [1, 2, 3]),
    perspective: random() * 0.05,
    isOnTable: random() < 0.7,
  };
}

/** Solves the 8 unknowns of the homography mapping four source points onto four destination points. */
function solveHomography(from: ReadonlyArray<[number, number]>, to: ReadonlyArray<[number, number]>): number[] {
  const rows: number[][] = [];
  for (let index = 0; index < 4; index += 1) {
    const [x, y] = from[index] ?? [0, 0];
    const [u, v] = to[index] ?? [0, 0];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let column = 0; column < 8; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < 8; row += 1)
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot] ?? [], rows[column] ?? []];
    const head = rows[column] ?? [];
    for (let row = 0; row < 8; row += 1) {
      if (row === column) continue;
      const current = rows[row] ?? [];
      const factor = (current[column] ?? 0) / (head[column] ?? 1);
      for (let k = column; k < 9; k += 1) current[k] = (current[k] ?? 0) - factor * (head[k] ?? 0);
    }
  }
  return rows.map((row, index) => (row[8] ?? 0) / (row[index] ?? 1));
}

/** Warps RGB pixels so the image's corners land on `corners` (inverse mapping, bilinear). */
function warpRgb(data: Uint8Array, width: number, height: number, corners: ReadonlyArray<[number, number]>, fill: number[]): Uint8Array {
  const source: Array<[number, number]> = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  // Maps output pixels back into the source picture.
  const [a = 1, b = 0, c = 0, d = 0, e = 1, f = 0, g = 0, h = 0] = solveHomography(corners, source);
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const w = g * x + h * y + 1;
      const sx = (a * x + b * y + c) / w - 0.5;
      const sy = (d * x + e * y + f) / w - 0.5;
      const target = (y * width + x) * 3;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out[target] = fill[0] ?? 0;
        out[target + 1] = fill[1] ?? 0;
        out[target + 2] = fill[2] ?? 0;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      for (let channel = 0; channel < 3; channel += 1) {
        const p00 = data[(y0 * width + x0) * 3 + channel] ?? 0;
        const p10 = data[(y0 * width + x0 + 1) * 3 + channel] ?? 0;
        const p01 = data[((y0 + 1) * width + x0) * 3 + channel] ?? 0;
        const p11 = data[((y0 + 1) * width + x0 + 1) * 3 + channel] ?? 0;
        out[target + channel] = Math.round((p00 * (1 - fx) + p10 * fx) * (1 - fy) + (p01 * (1 - fx) + p11 * fx) * fy);
      }
    }
  }
  return out;
}

/** A table top: a base colour with a soft grain, as phone photos of cards show. */
function tableColour(random: Random): number[] {
  return pick(random, [
    [92, 64, 44],
    [60, 62, 70],
    [180, 176, 168],
    [35, 38, 42],
    [120, 96, 70],
    [150, 160, 170],
  ]);
}

/**
 * Photographs a rendered document under the given conditions: on a table or edge to edge, tilted and
 * in perspective, scaled so the MRZ capitals are `glyphHeight` pixels, blurred, noisy, turned and
 * saved as JPEG.
 */
export async function photographDocument(documentPng: Buffer, conditions: PhotoConditions, random: Random): Promise<Buffer> {
  const documentImage = await sharp(documentPng).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: documentWidth, height: documentHeight } = documentImage.info;
  const margin = conditions.isOnTable ? 0.15 + random() * 0.3 : 0;
  const width = Math.round(documentWidth * (1 + 2 * margin));
  const height = Math.round(documentHeight * (1 + 2 * margin));
  const colour = tableColour(random);
  const canvas = new Uint8Array(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    const grain = (random() - 0.5) * 14;
    for (let channel = 0; channel < 3; channel += 1)
      canvas[index * 3 + channel] = Math.max(0, Math.min(255, (colour[channel] ?? 0) + grain));
  }
  const left = Math.round((width - documentWidth) * (margin > 0 ? 0.2 + random() * 0.6 : 0.5));
  const top = Math.round((height - documentHeight) * (margin > 0 ? 0.2 + random() * 0.6 : 0.5));
  for (let y = 0; y < documentHeight; y += 1) {
    const row = documentImage.data.subarray(y * documentWidth * 3, (y + 1) * documentWidth * 3);
    const targetY = y + top;
    if (targetY < 0 || targetY >= height) continue;
    const startX = Math.max(0, left);
    const endX = Math.min(width, left + documentWidth);
    canvas.set(row.subarray((startX - left) * 3, (endX - left) * 3), (targetY * width + startX) * 3);
  }
  const angle = (conditions.tiltDegrees * Math.PI) / 180;
  const centreX = width / 2;
  const centreY = height / 2;
  const shrink = conditions.isOnTable ? 1 : 0.94;
  const corners: Array<[number, number]> = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ].map(([x = 0, y = 0]) => {
    const dx = (x - centreX) * shrink + (random() - 0.5) * 2 * conditions.perspective * width;
    const dy = (y - centreY) * shrink + (random() - 0.5) * 2 * conditions.perspective * height;
    return [centreX + dx * Math.cos(angle) - dy * Math.sin(angle), centreY + dx * Math.sin(angle) + dy * Math.cos(angle)];
  });
  const warped = warpRgb(canvas, width, height, corners, colour);
  const scale = conditions.glyphHeight / DRAWN_GLYPH_HEIGHT;
  let image = sharp(Buffer.from(warped), { raw: { width, height, channels: 3 } }).resize({
    width: Math.max(32, Math.round(width * scale)),
    kernel: 'lanczos3',
  });
  if (conditions.blur >= 0.3) image = image.blur(conditions.blur);
  const small = await image.raw().toBuffer({ resolveWithObject: true });
  const noisy = small.data;
  if (conditions.noise > 0) {
    for (let index = 0; index < noisy.length; index += 1) {
      // Sum of three uniforms: close enough to Gaussian noise for a sensor's grain.
      const value = ((random() + random() + random() - 1.5) / 0.5) * conditions.noise;
      noisy[index] = Math.max(0, Math.min(255, Math.round((noisy[index] ?? 0) + value)));
    }
  }
  return sharp(noisy, { raw: { width: small.info.width, height: small.info.height, channels: 3 } })
    .rotate(conditions.turns * 90)
    .jpeg({ quality: conditions.jpegQuality })
    .toBuffer();
}

export interface GeneratedCase {
  format: MrzFormat;
  lines: string[];
  /** The check digit printed wrong on purpose, or null when every digit holds. */
  brokenCheck: string | null;
  conditions: PhotoConditions;
  bytes: Buffer;
}

/** A made-up holder's document of the format, drawn flat; with `isBroken`, one check digit printed wrong. */
export function drawRandomDocument(
  random: Random,
  format: MrzFormat,
  isBroken: boolean,
): { lines: string[]; brokenCheck: string | null; drawing: DocumentDrawing } {
  const person = makeRandomPerson(random, format);
  let lines = buildLinesFor(format, person);
  let brokenCheck: string | null = null;
  if (isBroken) {
    const broken = breakCheckDigit(lines, format, random);
    lines = broken.lines;
    brokenCheck = broken.check;
  }
  return { lines, brokenCheck, drawing: drawMrzDocument(format, lines, person, random) };
}

/** One made-up document of the format, photographed under random conditions. */
export async function generateCase(
  random: Random,
  format: MrzFormat,
  isBroken: boolean,
  conditions?: PhotoConditions,
): Promise<GeneratedCase> {
  const { lines, brokenCheck, drawing } = drawRandomDocument(random, format, isBroken);
  const chosen = conditions ?? randomConditions(random);
  const bytes = await photographDocument(await renderDocument(drawing), chosen, random);
  return { format, lines, brokenCheck, conditions: chosen, bytes };
}
