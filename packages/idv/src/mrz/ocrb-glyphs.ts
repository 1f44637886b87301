/**
 * The MRZ typeface itself as a reference: every character of the MRZ alphabet drawn from OCR-B
 * (Matthew Skala's public-domain OCR-B outlines after Norbert Schwarz, shipped in assets/fonts with
 * its licence), so a glyph cell can be compared with what each character looks like in print, not
 * only with the other prints of its own zone. Rendered once per process by sharp (Pango), in a few
 * milliseconds, from the file in this package: nothing is downloaded or read from the system.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { boxBlur } from '../image/gray-filters';
import type { GrayImage } from '../image/raster';
import { MRZ_ALPHABET } from './mrz-format';
import { correlate, glyphPatch } from './mrz-glyphs';

/** Capital height the references are drawn at: about the glyph height the reader measures cells at. */
const REFERENCE_HEIGHT = 32;
/** Pango draws at 72 dpi, one pixel per point; OCR-B's capitals are about 0.69 of the em. */
const POINT_SIZE = REFERENCE_HEIGHT * 1.45;
/** Spacing that keeps neighbouring glyphs apart, so each one's ink can be cut out alone. */
const LETTER_SPACING = 20;

interface ReferenceGlyph {
  char: string;
  /** Dark ink on white. */
  image: GrayImage;
  /** Centre of the glyph's ink box, left to right. */
  centre: number;
  inkTop: number;
  inkBottom: number;
}

export interface OcrbGlyphs {
  /** The monospaced advance in reference pixels: the width one MRZ pitch stands for. */
  advance: number;
  glyphs: ReferenceGlyph[];
}

/** The OCR-B font file this package ships (assets/fonts, with its licence). */
export function ocrbFontFile(): string {
  return createRequire(import.meta.url).resolve('@sanad/idv/assets/fonts/OCRB.otf');
}

/** Text made safe for Pango markup ('<' is the MRZ filler). */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function renderInk(text: string): Promise<GrayImage> {
  const markup = `<span size="${Math.round(POINT_SIZE * 1024)}" letter_spacing="${LETTER_SPACING * 1024}">${escapeMarkup(text)}</span>`;
  const { data, info } = await sharp({ text: { text: markup, fontfile: ocrbFontFile(), font: 'OCR B', dpi: 72, rgba: true } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = new Uint8Array(info.width * info.height);
  for (let index = 0; index < ink.length; index += 1) ink[index] = data[index * 4 + 3] ?? 0;
  return { width: info.width, height: info.height, data: ink };
}

/** Runs of columns holding ink, left to right. */
function inkColumns(ink: GrayImage): Array<{ start: number; end: number }> {
  const runs: Array<{ start: number; end: number }> = [];
  let start = -1;
  for (let x = 0; x <= ink.width; x += 1) {
    let hasInk = false;
    for (let y = 0; x < ink.width && y < ink.height && !hasInk; y += 1) hasInk = (ink.data[y * ink.width + x] ?? 0) > 0;
    if (hasInk && start < 0) start = x;
    if (!hasInk && start >= 0) {
      runs.push({ start, end: x });
      start = -1;
    }
  }
  return runs;
}

/** The character drawn between two H's, so every reference shares one baseline and one scale. */
async function renderGlyph(char: string): Promise<ReferenceGlyph> {
  const ink = await renderInk(`H${char}H`);
  const runs = inkColumns(ink);
  const from = runs[0]?.end ?? 0;
  const to = runs[runs.length - 1]?.start ?? ink.width;
  let left = ink.width;
  let right = -1;
  let top = ink.height;
  let bottom = -1;
  for (let y = 0; y < ink.height; y += 1) {
    for (let x = from; x < to; x += 1) {
      if ((ink.data[y * ink.width + x] ?? 0) <= 127) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const image = { width: ink.width, height: ink.height, data: ink.data.map((value) => 255 - value) };
  return { char, image, centre: (left + right + 1) / 2, inkTop: top, inkBottom: bottom };
}

let loading: Promise<OcrbGlyphs> | null = null;

/** The reference glyphs, drawn on first use and shared by every later reading. */
export function loadOcrbGlyphs(): Promise<OcrbGlyphs> {
  loading ??= (async () => {
    const glyphs = await Promise.all([...MRZ_ALPHABET].map(renderGlyph));
    // Ten H's span nine advances (each widened by the spacing) plus one H's ink.
    const [row, one] = await Promise.all([renderInk('HHHHHHHHHH'), renderInk('H')]);
    return { advance: (row.width - one.width) / 9 - LETTER_SPACING, glyphs };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** One pixel of the cross-shaped neighbourhood's darkest (bolder print) or lightest (thinner print) value. */
function spreadInk(image: GrayImage, isBolder: boolean): GrayImage {
  const { width, height } = image;
  const data = new Uint8Array(image.data.length);
  const at = (x: number, y: number): number =>
    image.data[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 255;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const values = [at(x, y), at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)];
      data[y * width + x] = isBolder ? Math.min(...values) : Math.max(...values);
    }
  }
  return { width, height, data };
}

interface ReferencePatch {
  char: string;
  patch: Float64Array;
  /** The drawing as designed, lightly blurred: enough to find where a glyph sits. */
  isPlain: boolean;
}

/**
 * Each character as a cell of the given shape would show it: a window one advance wide centred on
 * the glyph, cut from the top to the bottom of its ink, drawn thinner, as drawn and bolder, each
 * sharp and blurred three times over (the strongest as an 8 px glyph photographed out of focus) — print weight and focus vary from document to document.
 */
function referencePatches(glyphs: OcrbGlyphs, window: number): ReferencePatch[] {
  const patches: ReferencePatch[] = [];
  for (const glyph of glyphs.glyphs) {
    const region = { x: Math.round(glyph.centre - window / 2), y: glyph.inkTop, width: window, height: glyph.inkBottom - glyph.inkTop + 1 };
    for (const weight of [glyph.image, spreadInk(glyph.image, true), spreadInk(glyph.image, false)]) {
      for (const radius of [0, 1, 2, 4]) {
        const drawn = radius === 0 ? weight : boxBlur(weight, radius);
        const patch = glyphPatch(drawn, region);
        patches.push({ char: glyph.char, patch, isPlain: weight === glyph.image && radius === 1 });
      }
    }
  }
  return patches;
}

/** The glyph's own rows: the first and last darker than halfway between the window's extremes. */
function inkRows(window: GrayImage, line: { top: number; bottom: number }): { top: number; bottom: number } {
  let darkest = 255;
  let lightest = 0;
  for (const value of window.data) {
    darkest = Math.min(darkest, value);
    lightest = Math.max(lightest, value);
  }
  const threshold = (darkest + lightest) / 2;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < window.height; y += 1) {
    let hasInk = false;
    for (let x = 0; x < window.width && !hasInk; x += 1) hasInk = (window.data[y * window.width + x] ?? 255) < threshold;
    if (!hasInk) continue;
    if (top < 0) top = y;
    bottom = y;
  }
  // A faint or broken glyph: the line's own rows are the better guess.
  return top < 0 || bottom - top < (line.bottom - line.top) / 2 ? line : { top, bottom };
}

/** The window cut to the glyph's own rows, at the comparison's patch size. */
export function describeWindow(window: GrayImage, line: { top: number; bottom: number }): Float64Array {
  const rows = inkRows(window, line);
  return glyphPatch(window, { x: 0, y: rows.top, width: window.width, height: rows.bottom - rows.top + 1 });
}

export interface OcrbMatcher {
  /** How alike the window is to the closest character as designed: a cheap measure of how well it is placed. */
  align(window: GrayImage, line: { top: number; bottom: number }): number;
  /** How alike the window is to each character of the typeface (normalised correlation, best of its drawings). */
  score(window: GrayImage, line: { top: number; bottom: number }): Map<string, number>;
}

/**
 * Compares glyph windows with the typeface. A window is one pitch wide, centred on its glyph and a
 * little taller than the line (`line` gives the line's rows inside it); it is cut to the rows that
 * hold the glyph's ink (digits and capitals of one line differ in height by a few pixels), and each
 * reference is cut from the top to the bottom of its own ink, one advance wide: the pitch maps onto
 * the advance and the ink height onto the ink height, so the comparison is blind to the print's
 * size, aspect, contrast and brightness.
 */
export function createOcrbMatcher(glyphs: OcrbGlyphs): OcrbMatcher {
  const references = referencePatches(glyphs, Math.round(glyphs.advance));
  const plain = references.filter((reference) => reference.isPlain);
  return {
    align(window, line) {
      const patch = describeWindow(window, line);
      return plain.reduce((best, reference) => Math.max(best, correlate(patch, reference.patch)), -1);
    },
    score(window, line) {
      const patch = describeWindow(window, line);
      const scores = new Map<string, number>();
      for (const reference of references)
        scores.set(reference.char, Math.max(scores.get(reference.char) ?? -1, correlate(patch, reference.patch)));
      return scores;
    },
  };
}

let matcher: Promise<OcrbMatcher> | null = null;

/**
 * One matcher per process, shared by every reading. A failure (the font file missing from a broken
 * install) rejects the reading that asked, rather than quietly reading without the typeface; the
 * next reading tries again.
 */
export function loadOcrbMatcher(): Promise<OcrbMatcher> {
  matcher ??= loadOcrbGlyphs().then(createOcrbMatcher);
  matcher.catch(() => {
    matcher = null;
  });
  return matcher;
}
