import { binarizeSauvola, type BinaryImage } from '../image/binarize';
import { findConnectedComponents, type Component } from '../image/connected-components';
import { unionBoxes, type Box, type GrayImage } from '../image/raster';
import { findTextLines, mergeCollinearLines, type TextLine } from '../image/text-lines';

export interface MrzLocation {
  /** Union of the line boxes, in the coordinates of the image given. */
  box: Box;
  lines: TextLine[];
  charHeight: number;
  /** Higher is more MRZ-like; comparable between orientations of the same image. */
  score: number;
  /** The ink mask the lines were found in, for glyph-level analysis. */
  binary: BinaryImage;
}

export interface LocateOptions {
  /** Binarisation window; defaults to a twelfth of the shorter side. */
  windowSize?: number;
  /** Tallest glyph considered; defaults to an eighth of the image height or a 28th of its width, the larger. */
  maxCharHeight?: number;
}

/** Width over glyph height of an MRZ line is about 1.05 × its character count (2.54 mm pitch). */
const MIN_LINE_ASPECT = 18;

function isMrzLineCandidate(line: TextLine): boolean {
  if (line.charHeight < 5) return false;
  const aspect = line.box.width / line.charHeight;
  if (aspect < MIN_LINE_ASPECT || aspect > 70) return false;
  // An MRZ line is one evenly pitched run: its glyph count is close to width / pitch.
  const density = (line.components.length * line.charHeight) / line.box.width;
  return density > 0.25;
}

/** The line's centre line y = intercept + slope·x, fitted through its full-height glyphs' centres. */
export function fitCentreLine(line: TextLine): { intercept: number; slope: number } {
  const glyphs = line.components.filter((component) => component.height >= 0.6 * line.charHeight);
  const points = (glyphs.length >= 3 ? glyphs : line.components).map((component) => ({
    x: component.x + component.width / 2,
    y: component.y + component.height / 2,
  }));
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / Math.max(1, points.length);
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / Math.max(1, points.length);
  let numerator = 0;
  let denominator = 0;
  for (const point of points) {
    numerator += (point.x - meanX) * (point.y - meanY);
    denominator += (point.x - meanX) ** 2;
  }
  const slope = denominator > 0 ? numerator / denominator : 0;
  return { intercept: meanY - slope * meanX, slope };
}

/**
 * Two lines of one zone: alike in glyph height, slope and length, starting at the same place, the
 * lower one's centre line 1.1–4.6 glyph heights below the upper one's. Distances are measured
 * between the fitted centre lines, not the boxes: a tilted photograph makes every line's box tall.
 */
function areStackedMrzLines(upper: TextLine, lower: TextLine): boolean {
  const height = Math.max(upper.charHeight, lower.charHeight);
  if (Math.min(upper.charHeight, lower.charHeight) / height < 0.7) return false;
  const a = fitCentreLine(upper);
  const b = fitCentreLine(lower);
  if (Math.abs(a.slope - b.slope) > 0.05) return false;
  const slope = (a.slope + b.slope) / 2;
  const distance = (b.intercept - a.intercept) * Math.cos(Math.atan(slope));
  if (distance < 1.1 * height || distance > 4.6 * height) return false;
  // Left edges measured along the lines: a tilted zone's lines start at x shifted by the slope.
  if (Math.abs(upper.box.x - lower.box.x) > 2.5 * height + Math.abs(slope) * distance) return false;
  const widthRatio = Math.min(upper.box.width, lower.box.width) / Math.max(upper.box.width, lower.box.width);
  return widthRatio > 0.75;
}

/** Height of the line's fitted centre line at its middle: the order of lines down a tilted picture. */
function middleY(line: TextLine): number {
  const fit = fitCentreLine(line);
  return fit.intercept + fit.slope * (line.box.x + line.box.width / 2);
}

/**
 * Lines are chained from glyph-sized components; the filler '<' is lower than the capitals, and in
 * a small photograph it can fall under the glyph size, so a zone line would stop where its
 * trailing fillers start. The line is carried on to the right (a zone line always ends in fillers
 * and begins with a full-height letter) through components of any height from a third of the
 * capitals whose centres lie on its fitted centre line, at gaps under two glyphs, and to the left
 * through glyph-sized ones.
 */
function extendAlongLine(line: TextLine, components: readonly Component[]): TextLine {
  const fit = fitCentreLine(line);
  const height = line.charHeight;
  const onLine = components
    .filter((component) => {
      if (component.height < Math.max(2, 0.3 * height) || component.height > 1.3 * height || component.width > 2.5 * height) return false;
      const centreX = component.x + component.width / 2;
      return Math.abs(component.y + component.height / 2 - (fit.intercept + fit.slope * centreX)) < 0.3 * height;
    })
    .toSorted((a, b) => a.x - b.x);
  const members = new Set(line.components);
  let right = line.box.x + line.box.width;
  const added: Component[] = [];
  for (const component of onLine) {
    if (members.has(component) || component.x < right - 0.2 * height) continue;
    if (component.x - right > 2 * height) break;
    added.push(component);
    right = Math.max(right, component.x + component.width);
  }
  // To the left too, through glyph-sized components only: in a tilted photograph the start of a
  // line can be chained into another line (a card edge, a neighbouring line) and the zone's line
  // begins mid-way, no longer starting where the line above or below it starts.
  let left = line.box.x;
  for (const component of onLine.toReversed()) {
    if (members.has(component) || component.x + component.width > left + 0.2 * height) continue;
    if (left - (component.x + component.width) > 2 * height) break;
    if (component.height < 0.5 * height) continue;
    added.push(component);
    left = Math.min(left, component.x);
  }
  if (added.length === 0) return line;
  const all = [...line.components, ...added].toSorted((a, b) => a.x - b.x);
  return { box: unionBoxes(all), components: all, charHeight: line.charHeight };
}

function scoreGroup(lines: TextLine[]): number {
  const widths = lines.map((line) => line.box.width);
  const uniformity = Math.min(...widths) / Math.max(...widths);
  const aspect = Math.max(...widths) / Math.max(...lines.map((line) => line.charHeight));
  const glyphs = lines.reduce((total, line) => total + line.components.length, 0);
  // Three lines of 30 and two of 44 both count; more glyphs and straighter columns win.
  return glyphs * uniformity * Math.min(1, aspect / 30);
}

/**
 * Finds the machine-readable zone as two or three stacked, left-aligned, equally long lines of
 * evenly pitched glyphs. Works at the image's own scale; the caller supplies an upright image.
 */
export function locateMrz(image: GrayImage, options: LocateOptions = {}): MrzLocation | null {
  const windowSize = options.windowSize ?? Math.max(15, Math.round(Math.min(image.width, image.height) / 12) | 1);
  const binary = binarizeSauvola(image, windowSize, 0.25);
  const components = findConnectedComponents(binary, 4);
  // An eighth of the height, or a 20th of the width: a picture cropped tight to the zone is as
  // wide as one line of 30–44 glyphs and barely taller than two. A TD1 line of 30 glyphs is about
  // 31–34 glyph heights wide, and a tilted or blurred glyph's box is up to a third taller than the
  // capital: at a 28th, glyphs of a tight TD1 crop fell over the limit and its lines broke apart.
  const maxCharHeight = options.maxCharHeight ?? Math.max(8, image.height / 8, image.width / 20);
  const pieces = findTextLines(components, { minCharHeight: 5, maxCharHeight, minComponents: 2 });
  const lines = mergeCollinearLines(pieces, 3);
  const candidates = lines
    .filter(isMrzLineCandidate)
    .map((line) => extendAlongLine(line, components))
    .toSorted((a, b) => middleY(a) - middleY(b));

  let best: MrzLocation | null = null;
  for (let start = 0; start < candidates.length; start += 1) {
    const group: TextLine[] = [];
    let previous = candidates[start];
    if (!previous) continue;
    group.push(previous);
    for (let next = start + 1; next < candidates.length && group.length < 3; next += 1) {
      const candidate = candidates[next];
      if (candidate && areStackedMrzLines(previous, candidate)) {
        group.push(candidate);
        previous = candidate;
      }
    }
    for (const size of [3, 2]) {
      if (group.length < size) continue;
      const chosen = group.slice(0, size).map((line) => extendAlongLine(line, components));
      const score = scoreGroup(chosen);
      if (!best || score > best.score) {
        best = {
          box: unionBoxes(chosen.map((line) => line.box)),
          lines: chosen,
          charHeight: Math.max(...chosen.map((line) => line.charHeight)),
          score,
          binary,
        };
      }
    }
  }
  return best;
}
