import type { BinaryImage } from '../image/binarize';
import { labelConnectedComponents } from '../image/connected-components';
import { computeConvexHull, computeMinAreaRectArea, computePolygonArea, type Point } from '../image/convex-hull';
import { close } from '../image/morphology';
import { shrinkRgb, type Box, type RgbImage } from '../image/raster';

export interface DocumentRegion {
  /** In the coordinates of the image given. */
  box: Box;
  /** Share of the picture the region covers. */
  areaShare: number;
  /** Region area over its convex hull: notches and tears lower it. */
  solidity: number;
  /** Region area over its smallest enclosing rectangle: a cut corner lowers it. */
  rectangularity: number;
  /** How many picture edges the region touches. */
  edgesTouched: number;
  /** Touches the left or right edge and the top or bottom edge: a corner lies outside the picture. */
  isCornerCut: boolean;
}

export interface DocumentRegions {
  /** Document-like regions, largest first. */
  regions: DocumentRegion[];
  /** No background is visible around the document (a scan, or a photo cropped to the card). */
  isFullFrame: boolean;
  /** Share of the picture that differs from the background at all. */
  foregroundShare: number;
}

/** Card-like: big enough, close to a rectangle, and not a strip (ID-1 is 1.59:1, a passport page 1.42:1). */
const MIN_DOCUMENT_SHARE = 0.04;
const MIN_DOCUMENT_RECTANGULARITY = 0.75;
const MAX_DOCUMENT_ASPECT = 2.2;
/** Pieces of print from this size count as print outside the documents; a little clutter is allowed. */
const MIN_PRINT_SHARE = 0.004;
const MAX_OUTSIDE_PIECES = 1;

const ANALYSIS_SIDE = 600;
/** Below this share of the border agreeing on one colour, the border is not a background. */
const MIN_BACKGROUND_AGREEMENT = 0.6;
const BACKGROUND_DISTANCE = 38;
/** Foreground pieces smaller than this are specks; they count neither as documents nor against them. */
const MIN_REGION_SHARE = 0.002;

function colourDistance(data: Uint8Array, index: number, colour: readonly number[]): number {
  const dr = (data[index] ?? 0) - (colour[0] ?? 0);
  const dg = (data[index + 1] ?? 0) - (colour[1] ?? 0);
  const db = (data[index + 2] ?? 0) - (colour[2] ?? 0);
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

function borderPixels(image: RgbImage): number[] {
  const ring = Math.max(2, Math.round(Math.min(image.width, image.height) * 0.02));
  const indices: number[] = [];
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (x < ring || y < ring || x >= image.width - ring || y >= image.height - ring) indices.push((y * image.width + x) * 3);
    }
  }
  return indices;
}

function medianColour(data: Uint8Array, indices: readonly number[]): number[] {
  return [0, 1, 2].map((channel) => {
    const values = indices.map((index) => data[index + channel] ?? 0).toSorted((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  });
}

/** Marks background reachable from the border; everything else (holes included) is document. */
function fillHoles(mask: BinaryImage): BinaryImage {
  const { width, height, data } = mask;
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  const push = (index: number): void => {
    if (data[index] === 0 && outside[index] === 0) {
      outside[index] = 1;
      stack.push(index);
    }
  };
  for (let x = 0; x < width; x += 1) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const index = stack.pop() ?? 0;
    const x = index % width;
    if (x > 0) push(index - 1);
    if (x < width - 1) push(index + 1);
    if (index >= width) push(index - width);
    if (index < width * (height - 1)) push(index + width);
  }
  const filled = new Uint8Array(width * height);
  for (let index = 0; index < filled.length; index += 1) filled[index] = outside[index] === 1 ? 0 : 1;
  return { width, height, data: filled };
}

/**
 * Separates documents from the surface they lie on: the picture's border gives the background
 * colour, everything far from it is foreground, gaps in the print are closed and holes filled, and
 * each large component is a candidate document with shape measures for damage checks. When the
 * border does not agree on one colour there is no visible background and the whole picture is the
 * document.
 */
export function findDocumentRegions(input: RgbImage): DocumentRegions {
  const { image, scale } = shrinkRgb(input, ANALYSIS_SIDE);
  const border = borderPixels(image);
  const background = medianColour(image.data, border);
  const agreeing = border.filter((index) => colourDistance(image.data, index, background) < BACKGROUND_DISTANCE).length;
  const fullFrame = (foregroundShare: number): DocumentRegions => ({
    regions: [
      {
        box: { x: 0, y: 0, width: input.width, height: input.height },
        areaShare: 1,
        solidity: 1,
        rectangularity: 1,
        edgesTouched: 4,
        isCornerCut: false,
      },
    ],
    isFullFrame: true,
    foregroundShare,
  });
  if (agreeing / Math.max(1, border.length) < MIN_BACKGROUND_AGREEMENT) return fullFrame(1);

  const mask = new Uint8Array(image.width * image.height);
  let foreground = 0;
  for (let index = 0; index < mask.length; index += 1) {
    mask[index] = colourDistance(image.data, index * 3, background) >= BACKGROUND_DISTANCE ? 1 : 0;
    foreground += mask[index] ?? 0;
  }
  const foregroundShare = foreground / mask.length;
  const radius = Math.max(2, Math.round(Math.max(image.width, image.height) * 0.012));
  const solid = fillHoles(close({ width: image.width, height: image.height, data: mask }, radius));
  const { labels, components } = labelConnectedComponents(solid, Math.round(MIN_REGION_SHARE * image.width * image.height));

  const pointsByComponent = components.map(() => [] as Point[]);
  for (let y = 0; y < image.height; y += 1) {
    let previous = -1;
    for (let x = 0; x < image.width; x += 1) {
      const label = labels[y * image.width + x] ?? -1;
      if (label !== previous) {
        if (label >= 0) pointsByComponent[label]?.push({ x, y });
        if (previous >= 0) pointsByComponent[previous]?.push({ x: x - 1, y });
        previous = label;
      }
    }
    if (previous >= 0) pointsByComponent[previous]?.push({ x: image.width - 1, y });
  }

  const total = image.width * image.height;
  const measured = components
    .map((component, index) => {
      const hull = computeConvexHull(pointsByComponent[index] ?? []);
      const hullArea = Math.max(1, computePolygonArea(hull));
      const rectArea = Math.max(1, computeMinAreaRectArea(hull));
      // Closing erodes shapes at the picture's edge by its radius, so "touching" allows for that.
      const reach = radius + 1;
      const left = component.x <= reach;
      const top = component.y <= reach;
      const right = component.x + component.width >= image.width - reach;
      const bottom = component.y + component.height >= image.height - reach;
      const region: DocumentRegion = {
        box: {
          x: Math.round(component.x / scale),
          y: Math.round(component.y / scale),
          width: Math.round(component.width / scale),
          height: Math.round(component.height / scale),
        },
        areaShare: component.area / total,
        solidity: Math.min(1, component.area / hullArea),
        rectangularity: Math.min(1, component.area / rectArea),
        edgesTouched: Number(left) + Number(top) + Number(right) + Number(bottom),
        isCornerCut: (left || right) && (top || bottom),
      };
      return { region, area: component.area };
    })
    .toSorted((a, b) => b.region.areaShare - a.region.areaShare);
  // Documents are card-shaped regions with nothing sizeable printed outside them. On a tightly
  // cropped card the border colour is the card's own margin and the regions are its photo and
  // text blocks: print lies outside any of them, and the picture itself is the document.
  const documents = measured
    .filter(
      ({ region }) =>
        region.areaShare >= MIN_DOCUMENT_SHARE &&
        region.rectangularity >= MIN_DOCUMENT_RECTANGULARITY &&
        Math.max(region.box.width, region.box.height) <= MAX_DOCUMENT_ASPECT * Math.min(region.box.width, region.box.height),
    )
    .map(({ region }) => region);
  if (foreground === 0 || measured.length === 0) return { regions: [], isFullFrame: false, foregroundShare };
  const outside = measured.filter(({ region }) => !documents.includes(region) && region.areaShare >= MIN_PRINT_SHARE);
  if (documents.length === 0 || outside.length > MAX_OUTSIDE_PIECES) return fullFrame(foregroundShare);
  return { regions: documents, isFullFrame: false, foregroundShare };
}
