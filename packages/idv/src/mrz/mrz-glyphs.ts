import type { BinaryImage } from '../image/binarize';
import type { Component } from '../image/connected-components';
import { cropGray, resizeGray, type Box, type GrayImage } from '../image/raster';
import type { TextLine } from '../image/text-lines';

export interface GlyphCell {
  x: number;
  width: number;
  component: Component;
  /** The glyph has the filler chevron's shape ('<'). */
  isFiller: boolean;
  /** How many filler cells a wide filler blob spans (fillers printed close blur together). */
  span: number;
  /** Width of the ink in the glyph's bottom rows over that in its top rows: about 1 for 'I', well under for 'T'. */
  footToHead: number;
}

export interface GlyphRow {
  line: TextLine;
  cells: GlyphCell[];
  /** Median distance between neighbouring glyph centres. */
  pitch: number;
}

function countInk(binary: BinaryImage, component: Component, x0: number, x1: number, y0: number, y1: number): number {
  let ink = 0;
  for (let y = component.y + y0; y < component.y + y1; y += 1) {
    for (let x = component.x + x0; x < component.x + x1; x += 1) ink += binary.data[y * binary.width + x] ?? 0;
  }
  return ink;
}

/** Rows of the component (0 = top) that hold ink within columns [x0, x1). */
function inkRows(binary: BinaryImage, component: Component, x0: number, x1: number): number[] {
  const rows: number[] = [];
  for (let row = 0; row < component.height; row += 1) {
    let hasInk = false;
    for (let x = component.x + x0; x < component.x + x1 && !hasInk; x += 1)
      hasInk = binary.data[(component.y + row) * binary.width + x] === 1;
    if (hasInk) rows.push(row);
  }
  return rows;
}

/** Widest ink extent, left to right, over the component's rows in [from, to) of its height. */
function inkExtent(binary: BinaryImage, component: Component, from: number, to: number): number {
  let widest = 0;
  const first = Math.floor(from * component.height);
  const last = Math.max(first + 1, Math.ceil(to * component.height));
  for (let row = first; row < last; row += 1) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < component.width; x += 1) {
      if (binary.data[(component.y + row) * binary.width + component.x + x] !== 1) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) widest = Math.max(widest, right - left + 1);
  }
  return widest;
}

/** OCR-B's 'I' has serifs as wide at its foot as at its head; 'T' stands on its stem alone. */
function measureFootToHead(binary: BinaryImage, component: Component): number {
  const head = inkExtent(binary, component, 0, 0.15);
  return head === 0 ? 0 : inkExtent(binary, component, 0.85, 1) / head;
}

/**
 * The filler '<' is a chevron: its leftmost quarter holds ink only around mid-height (every letter
 * or digit with a left stem or bowl reaches higher or lower there), and its rightmost quarter holds
 * ink near the top and bottom but not in the middle. It is never taller than the capitals.
 */
export function isFillerShape(binary: BinaryImage, component: Component, lineCharHeight: number): boolean {
  const { width, height } = component;
  if (height < 4 || width < 3) return false;
  if (height > 1.05 * lineCharHeight) return false;
  const quarter = Math.max(1, Math.round(width * 0.25));
  const left = inkRows(binary, component, 0, quarter);
  if (left.length === 0) return false;
  const leftTop = Math.min(...left);
  const leftBottom = Math.max(...left);
  if ((leftBottom - leftTop + 1) / height > 0.5) return false;
  const leftCentre = (leftTop + leftBottom) / 2 / height;
  if (leftCentre < 0.3 || leftCentre > 0.7) return false;
  const rightStart = width - quarter;
  const band = (from: number, to: number): number =>
    countInk(
      binary,
      component,
      rightStart,
      width,
      Math.floor(from * height),
      Math.max(Math.floor(from * height) + 1, Math.ceil(to * height)),
    );
  const top = band(0, 0.3);
  const middle = band(0.4, 0.6);
  const bottom = band(0.7, 1);
  return top > 0 && bottom > 0 && middle <= 0.25 * Math.min(top, bottom);
}

/** A blur of several fillers: low like a filler, wide, and centred on the line. */
function isFillerRun(component: Component, line: TextLine, pitch: number): boolean {
  if (component.width < 1.6 * pitch) return false;
  if (component.height > 0.92 * line.charHeight) return false;
  const lineCentre = line.box.y + line.box.height / 2;
  return Math.abs(component.y + component.height / 2 - lineCentre) < 0.2 * line.charHeight;
}

/** The upper middle value (the middle one of an odd count); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Splits one MRZ line into glyph cells, left to right. Fragments of one glyph stacked above each
 * other are merged; fillers are recognised by shape, so a recogniser's 'C', 'K' or 'L' for '<' can
 * be overruled.
 */
export function analyseGlyphRow(binary: BinaryImage, line: TextLine): GlyphRow {
  const sorted = line.components.toSorted((a, b) => a.x - b.x);
  const merged: Component[] = [];
  for (const component of sorted) {
    const previous = merged[merged.length - 1];
    const overlap = previous ? Math.min(previous.x + previous.width, component.x + component.width) - Math.max(previous.x, component.x) : 0;
    if (previous && overlap > 0.6 * Math.min(previous.width, component.width)) {
      const right = Math.max(previous.x + previous.width, component.x + component.width);
      const bottom = Math.max(previous.y + previous.height, component.y + component.height);
      previous.x = Math.min(previous.x, component.x);
      previous.y = Math.min(previous.y, component.y);
      previous.width = right - previous.x;
      previous.height = bottom - previous.y;
      previous.area += component.area;
    } else {
      merged.push({ ...component });
    }
  }
  const centres = merged.map((component) => component.x + component.width / 2);
  const gaps = centres.slice(1).map((centre, index) => centre - (centres[index] ?? centre));
  const pitch = median(gaps.filter((gap) => gap > 0.4 * line.charHeight)) || line.charHeight;
  // MRZ glyphs are evenly pitched: something at either end set apart by more than a pitch and a
  // half is a speck or the card's edge, not a character.
  while (merged.length > 2 && (merged[1]?.x ?? 0) - (merged[0]?.x ?? 0) > 1.6 * pitch) merged.shift();
  while (merged.length > 2 && (merged[merged.length - 1]?.x ?? 0) - (merged[merged.length - 2]?.x ?? 0) > 1.6 * pitch) merged.pop();
  const cells = merged.map((component) => {
    const isRun = isFillerRun(component, line, pitch);
    return {
      x: component.x,
      width: component.width,
      component,
      isFiller: isRun || isFillerShape(binary, component, line.charHeight),
      span: isRun ? Math.max(1, Math.round(component.width / pitch)) : 1,
      footToHead: measureFootToHead(binary, component),
    };
  });
  return { line, cells, pitch };
}

const PATCH_SIZE = 16;
/** Filler glyphs of one MRZ are the same print: above this correlation a cell is another copy. */
const FILLER_CORRELATION = 0.82;
const MIN_TEMPLATE_SEEDS = 3;

/** A patch's pixels normalised to zero mean and unit norm, so correlation ignores contrast and brightness. */
export function toUnitPatch(patch: GrayImage): Float64Array {
  const values = Float64Array.from(patch.data);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  let norm = 0;
  for (let index = 0; index < values.length; index += 1) {
    values[index] = (values[index] ?? 0) - mean;
    norm += (values[index] ?? 0) ** 2;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return values.map((value) => value * scale);
}

/** The cell's band of the line, resampled to a fixed square. */
function describeCell(image: GrayImage, row: GlyphRow, cell: GlyphCell): Float64Array {
  return toUnitPatch(
    resizeGray(cropGray(image, { x: cell.x, y: row.line.box.y, width: cell.width, height: row.line.box.height }), PATCH_SIZE, PATCH_SIZE),
  );
}

/** Glyph patches are compared at this size: about an MRZ glyph's aspect, small enough to blur away noise. */
const GLYPH_PATCH_WIDTH = 12;
const GLYPH_PATCH_HEIGHT = 16;

/** A region holding one glyph as a comparable patch: resampled to the glyph patch size and normalised. */
export function glyphPatch(image: GrayImage, region: Box): Float64Array {
  return toUnitPatch(resizeGray(cropGray(image, region), GLYPH_PATCH_WIDTH, GLYPH_PATCH_HEIGHT));
}

export function correlate(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index] ?? 0) * (b[index] ?? 0);
  return sum;
}

/**
 * Second opinion on fillers: the cells the chevron test accepted are averaged into a template of
 * this document's own '<', and every other single cell that correlates strongly with it is a filler
 * too. Catches fillers whose binarised shape was damaged by blur or background print.
 */
export function refineFillersByTemplate(image: GrayImage, rows: readonly GlyphRow[]): void {
  const seeds: Float64Array[] = [];
  for (const row of rows) {
    for (const cell of row.cells) if (cell.isFiller && cell.span === 1) seeds.push(describeCell(image, row, cell));
  }
  if (seeds.length < MIN_TEMPLATE_SEEDS) return;
  const template = new Float64Array(PATCH_SIZE * PATCH_SIZE);
  for (const seed of seeds)
    for (let index = 0; index < template.length; index += 1) template[index] = (template[index] ?? 0) + (seed[index] ?? 0);
  const norm = Math.sqrt(correlate(template, template));
  if (norm === 0) return;
  for (let index = 0; index < template.length; index += 1) template[index] = (template[index] ?? 0) / norm;
  for (const row of rows) {
    for (const cell of row.cells) {
      if (cell.isFiller || cell.width > 1.5 * row.pitch) continue;
      if (correlate(describeCell(image, row, cell), template) >= FILLER_CORRELATION) cell.isFiller = true;
    }
  }
}
