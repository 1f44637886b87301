/**
 * Further kinds of made-up MRZ pictures, beside the photographs of generated-mrz-documents, for the
 * ways readers fail outside their tuning set:
 *
 * - `zone-crop`: a scan of the zone alone, cropped tight (no margin to under half a glyph, a side
 *   sometimes cut right at the ink), as document kits and some uploads store it;
 * - `low-res`: a page scanned at a low resolution (capitals 6–9 px) and enlarged again by the
 *   scanner's driver or a messaging app, so look-alikes (O/0, B/8, Y/V, C/<) blur into each other;
 * - `small-soft`: a photograph with 8–10 px capitals, blurred: small or soft print.
 *
 * Every choice is drawn from a seed; none is fitted to a sample.
 */
import sharp from 'sharp';
import type { MrzFormat } from '../mrz/mrz-format';
import { renderDocument, type DocumentDrawing } from './document-renderer';
import {
  DRAWN_GLYPH_HEIGHT,
  drawRandomDocument,
  photographDocument,
  type GeneratedCase,
  type PhotoConditions,
  type Random,
} from './generated-mrz-documents';

export type ScanKind = 'zone-crop' | 'low-res' | 'small-soft';
export const SCAN_KINDS: readonly ScanKind[] = ['zone-crop', 'low-res', 'small-soft'];

export interface ScanConditions extends PhotoConditions {
  kind: ScanKind;
  /** zone-crop: margin left around the ink on each side (top, right, bottom, left), in glyph heights. */
  margins?: [number, number, number, number];
  /** low-res: the factor the low-resolution scan is enlarged by afterwards. */
  enlargement?: number;
}

export interface GeneratedScan extends Omit<GeneratedCase, 'conditions'> {
  conditions: ScanConditions;
}

function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}

function randomScanConditions(random: Random, kind: ScanKind): ScanConditions {
  const common = { noise: random() * 6, jpegQuality: 50 + Math.floor(random() * 40), turns: 0, perspective: 0 };
  if (kind === 'zone-crop') {
    // A side cut right at the ink one time in four; otherwise a sliver of paper under half a glyph.
    const margin = (): number => (random() < 0.25 ? 0 : between(random, 0.05, 0.5));
    return {
      ...common,
      kind,
      glyphHeight: between(random, 9, 16),
      blur: random() < 0.4 ? 0 : between(random, 0.3, 0.9),
      tiltDegrees: between(random, -1.5, 1.5),
      isOnTable: false,
      margins: [margin(), margin(), margin(), margin()],
    };
  }
  if (kind === 'low-res') {
    return {
      ...common,
      kind,
      glyphHeight: between(random, 6, 9),
      blur: random() < 0.5 ? 0 : between(random, 0.3, 0.7),
      tiltDegrees: between(random, -2, 2),
      isOnTable: false,
      enlargement: between(random, 2, 3.5),
    };
  }
  return {
    ...common,
    kind,
    glyphHeight: between(random, 8, 10),
    blur: between(random, 0.6, 1.3),
    tiltDegrees: between(random, -4, 4),
    perspective: random() * 0.03,
    isOnTable: random() < 0.6,
  };
}

/** The bounding box of the zone's ink in the drawing, found by rendering the MRZ lines alone on white. */
async function findZoneInk(drawing: DocumentDrawing): Promise<{ left: number; top: number; right: number; bottom: number }> {
  const zoneOnly: DocumentDrawing = {
    width: drawing.width,
    height: drawing.height,
    background: '#ffffff',
    texts: drawing.texts.filter((text) => text.isOcrB),
  };
  const { data, info } = await sharp(await renderDocument(zoneOnly))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = info.width;
  let top = info.height;
  let right = 0;
  let bottom = 0;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if ((data[y * info.width + x] ?? 255) > 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return { left, top, right, bottom };
}

/** The zone alone, cut with the given margins (in glyph heights) out of the drawn document. */
async function cropZone(documentPng: Buffer, drawing: DocumentDrawing, margins: readonly number[]): Promise<Buffer> {
  const ink = await findZoneInk(drawing);
  const [top = 0, right = 0, bottom = 0, left = 0] = margins.map((margin) => Math.round(margin * DRAWN_GLYPH_HEIGHT));
  const x = Math.max(0, ink.left - left);
  const y = Math.max(0, ink.top - top);
  const width = Math.min(drawing.width, ink.right + right) - x;
  const height = Math.min(drawing.height, ink.bottom + bottom) - y;
  return sharp(documentPng).extract({ left: x, top: y, width, height }).png().toBuffer();
}

/** A flat scan: levelled up to the tilt with the paper's colour filling the corners, scaled, blurred, noisy, JPEG. */
async function scanFlat(png: Buffer, conditions: ScanConditions, paper: string, random: Random): Promise<Buffer> {
  const scale = conditions.glyphHeight / DRAWN_GLYPH_HEIGHT;
  const rotated = await sharp(png).rotate(conditions.tiltDegrees, { background: paper }).png().toBuffer();
  const { width = 1 } = await sharp(rotated).metadata();
  let image = sharp(rotated)
    .removeAlpha()
    .resize({ width: Math.max(16, Math.round(width * scale)), kernel: 'lanczos3' });
  if (conditions.blur >= 0.3) image = image.blur(conditions.blur);
  const small = await image.raw().toBuffer({ resolveWithObject: true });
  const pixels = small.data;
  for (let index = 0; index < pixels.length; index += 1) {
    const value = ((random() + random() + random() - 1.5) / 0.5) * conditions.noise;
    pixels[index] = Math.max(0, Math.min(255, Math.round((pixels[index] ?? 0) + value)));
  }
  let scanned = sharp(pixels, { raw: { width: small.info.width, height: small.info.height, channels: 3 } });
  if (conditions.enlargement) {
    // The driver's or app's enlargement: smooth, adding pixels but no detail.
    scanned = sharp(await scanned.png().toBuffer()).resize({
      width: Math.round(small.info.width * conditions.enlargement),
      kernel: random() < 0.5 ? 'cubic' : 'mitchell',
    });
  }
  return scanned.jpeg({ quality: conditions.jpegQuality }).toBuffer();
}

/** One made-up document of the format, pictured as the given kind. */
export async function generateScan(random: Random, format: MrzFormat, kind: ScanKind, isBroken: boolean): Promise<GeneratedScan> {
  const { lines, brokenCheck, drawing } = drawRandomDocument(random, format, isBroken);
  const conditions = randomScanConditions(random, kind);
  const png = await renderDocument(drawing);
  const bytes =
    kind === 'zone-crop'
      ? await scanFlat(await cropZone(png, drawing, conditions.margins ?? [0, 0, 0, 0]), conditions, drawing.background, random)
      : kind === 'low-res'
        ? await scanFlat(png, conditions, drawing.background, random)
        : await photographDocument(png, conditions, random);
  return { format, lines, brokenCheck, conditions, bytes };
}
