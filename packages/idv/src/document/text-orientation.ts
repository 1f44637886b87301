import { binarizeSauvola } from '../image/binarize';
import { findConnectedComponents } from '../image/connected-components';
import { clampBox, cropGray, expandBox, limitGraySize, resizeGray, rotateGray, unionBoxes, type GrayImage } from '../image/raster';
import { findTextLines, type TextLine } from '../image/text-lines';
import type { TextRecognizer } from '../ocr/tesseract-engine';

const ANALYSIS_SIDE = 1000;
/** Widest sample recognised both ways up when deciding orientation. */
const SAMPLE_WIDTH = 700;

export interface TextLayout {
  lines: TextLine[];
  /** Summed width of text lines, in pixels of the analysed copy. */
  mass: number;
  /** Median glyph height of the lines, in pixels of the image given. */
  glyphHeight: number;
}

/** Horizontal text lines of a greyscale image, measured on a copy of at most 1000 px. */
export function measureTextLayout(image: GrayImage): TextLayout {
  const { image: small, scale } = limitGraySize(image, ANALYSIS_SIDE);
  const windowSize = Math.max(15, Math.round(Math.min(small.width, small.height) / 15) | 1);
  const components = findConnectedComponents(binarizeSauvola(small, windowSize, 0.25), 4);
  const lines = findTextLines(components, { minCharHeight: 5, maxCharHeight: Math.max(10, small.height / 6), minComponents: 4 }).filter(
    (line) => line.box.width > 3 * line.charHeight,
  );
  const heights = lines.map((line) => line.charHeight).toSorted((a, b) => a - b);
  return {
    lines,
    mass: lines.reduce((sum, line) => sum + line.box.width, 0),
    glyphHeight: (heights[Math.floor(heights.length / 2)] ?? 0) / scale,
  };
}

/**
 * Quarter turns that make printed text upright, for documents without an MRZ. Whether lines run
 * across or down is told by where text-line shapes appear; which way up, by recognising the longest
 * lines both ways and keeping the more confident reading.
 */
export async function findTextOrientation(image: GrayImage, recognizer: TextRecognizer): Promise<number> {
  const across = measureTextLayout(image);
  const down = measureTextLayout(rotateGray(image, 1));
  const base = down.mass > across.mass * 1.2 ? 1 : 0;
  const layout = base === 1 ? down : across;
  if (layout.lines.length === 0) return base;
  const { image: small } = limitGraySize(rotateGray(image, base), ANALYSIS_SIDE);
  // The two longest lines are enough to tell which way up the text is, and cheap to recognise.
  const longest = layout.lines.toSorted((a, b) => b.box.width - a.box.width).slice(0, 2);
  const glyph = Math.max(...longest.map((line) => line.charHeight));
  const region = clampBox(expandBox(unionBoxes(longest.map((line) => line.box)), glyph, glyph * 0.6), small.width, small.height);
  const sample = cropGray(small, region);
  const factor = Math.min(3, Math.max(0.5, 24 / glyph), SAMPLE_WIDTH / Math.max(1, sample.width));
  const scaled = resizeGray(sample, Math.round(sample.width * factor), Math.round(sample.height * factor));
  const upright = await recognizer.recognize(scaled, { segmentation: 'block' });
  const flipped = await recognizer.recognize(rotateGray(scaled, 2), { segmentation: 'block' });
  return flipped.confidence > upright.confidence + 5 ? (base + 2) % 4 : base;
}
