/**
 * Draws synthetic identity documents for tests and benchmarks, so no third-party image is ever
 * committed. Text is rendered by sharp (Pango) from DejaVu Sans Mono, which ships in the
 * dejavu-fonts-ttf npm package, and machine-readable zones from the OCR-B file this package ships:
 * the output is the same on any machine, with or without system fonts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { escapeMarkup, ocrbFontFile } from '../mrz/ocrb-glyphs';

export interface TextItem {
  text: string;
  x: number;
  y: number;
  /** Approximate capital height in pixels. */
  size: number;
  color?: string;
  bold?: boolean;
  /** OCR-B, the machine-readable zone's typeface (the package's own font file), instead of DejaVu Sans Mono. */
  isOcrB?: boolean;
  /** DejaVu Sans (proportional, with Arabic script) instead of DejaVu Sans Mono. */
  isSans?: boolean;
  /** Extra space between characters, in pixels (MRZ print is set at a fixed 2.54 mm pitch). */
  letterSpacing?: number;
}

export interface DocumentDrawing {
  width: number;
  height: number;
  background: string;
  texts: TextItem[];
  /** Draws a head-and-shoulders portrait in this box. */
  portrait?: { x: number; y: number; width: number; height: number };
  /** Extra SVG elements drawn under the text (patterns, emblems). */
  decorations?: string;
}

export function findTestFontFile(bold = false, isSans = false): string {
  const require = createRequire(import.meta.url);
  const directory = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'));
  const name = isSans ? (bold ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf') : bold ? 'DejaVuSansMono-Bold.ttf' : 'DejaVuSansMono.ttf';
  return path.join(directory, 'ttf', name);
}

/** Pango renders at 72 dpi = 1 px per point; DejaVu's capitals are about 0.73 of the em, OCR-B's 0.69. */
async function renderText(item: TextItem): Promise<{ input: Buffer; left: number; top: number }> {
  const pointSize = item.size / (item.isOcrB ? 0.69 : 0.73);
  const font = item.isOcrB
    ? { fontfile: ocrbFontFile(), font: 'OCR B' }
    : item.isSans
      ? { fontfile: findTestFontFile(item.bold, true), font: item.bold ? 'DejaVu Sans Bold' : 'DejaVu Sans' }
      : { fontfile: findTestFontFile(item.bold), font: item.bold ? 'DejaVu Sans Mono Bold' : 'DejaVu Sans Mono' };
  const color = item.color ?? '#111111';
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${color}" size="${Math.round(pointSize * 1024)}" letter_spacing="${Math.round((item.letterSpacing ?? 0) * 1024)}">${escapeMarkup(item.text)}</span>`,
      ...font,
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  // Pango's box starts at the ascender line; shift up so `y` is the top of the capitals.
  const top = Math.round(item.y - (info.height - item.size) * 0.45);
  return { input: data, left: Math.round(item.x), top };
}

function portraitSvg(box: { x: number; y: number; width: number; height: number }): string {
  const cx = box.x + box.width / 2;
  const faceRx = box.width * 0.28;
  const faceRy = box.height * 0.3;
  const faceCy = box.y + box.height * 0.42;
  const clip = `portrait-${Math.round(box.x)}-${Math.round(box.y)}`;
  return [
    `<clipPath id="${clip}"><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"/></clipPath>`,
    `<g clip-path="url(#${clip})">`,
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#b9cbe0"/>`,
    `<ellipse cx="${cx}" cy="${box.y + box.height * 1.02}" rx="${box.width * 0.48}" ry="${box.height * 0.3}" fill="#2d3b55"/>`,
    `<rect x="${cx - faceRx * 0.45}" y="${faceCy + faceRy * 0.7}" width="${faceRx * 0.9}" height="${box.height * 0.2}" fill="#d9a27f"/>`,
    `<ellipse cx="${cx}" cy="${faceCy - faceRy * 0.35}" rx="${faceRx * 1.12}" ry="${faceRy * 0.85}" fill="#3a2a1e"/>`,
    `<ellipse cx="${cx}" cy="${faceCy}" rx="${faceRx}" ry="${faceRy}" fill="#e0ac8a"/>`,
    `<ellipse cx="${cx - faceRx * 0.4}" cy="${faceCy - faceRy * 0.15}" rx="${faceRx * 0.14}" ry="${faceRy * 0.07}" fill="#2a2a2a"/>`,
    `<ellipse cx="${cx + faceRx * 0.4}" cy="${faceCy - faceRy * 0.15}" rx="${faceRx * 0.14}" ry="${faceRy * 0.07}" fill="#2a2a2a"/>`,
    `<ellipse cx="${cx}" cy="${faceCy + faceRy * 0.5}" rx="${faceRx * 0.35}" ry="${faceRy * 0.08}" fill="#a55a4a"/>`,
    '</g>',
  ].join('');
}

/** Renders the drawing to PNG bytes. */
export async function renderDocument(drawing: DocumentDrawing): Promise<Buffer> {
  const base = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${drawing.width}" height="${drawing.height}">`,
    `<rect width="100%" height="100%" fill="${drawing.background}"/>`,
    drawing.decorations ?? '',
    drawing.portrait ? portraitSvg(drawing.portrait) : '',
    '</svg>',
  ].join('');
  const layers = await Promise.all(drawing.texts.map(renderText));
  return sharp(Buffer.from(base)).composite(layers).png().toBuffer();
}

/** Places a document on a plain background, as a photo of a card lying on a table would show it. */
export async function placeOnBackground(
  documentPng: Buffer,
  options: { width: number; height: number; left: number; top: number; background: string },
): Promise<Buffer> {
  return sharp({ create: { width: options.width, height: options.height, channels: 3, background: options.background } })
    .composite([{ input: documentPng, left: options.left, top: options.top }])
    .png()
    .toBuffer();
}
