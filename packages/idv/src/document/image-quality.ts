import { limitGraySize, type GrayImage, type RgbImage } from '../image/raster';

export interface QualityMeasures {
  /** 0–100: how crisp edges are, independent of contrast (see measureSharpness). */
  sharpness: number;
  /** Share (0–1) of pixels on an edge at all: near 0 for an empty picture, blurred or not. */
  edgeShare: number;
  /** Share (0–1) of the document covered by clipped highlights. */
  glareShare: number;
  /** 0–100 from the spread between dark and light print. */
  contrast: number;
  /** 0–100 from the document's size in pixels. */
  resolution: number;
  /** 0–100, the figure the summary labels Good, Average or Poor. */
  score: number;
}

export type QualityLabel = 'Good' | 'Average' | 'Poor';

/** Good above 90, Average above 80, otherwise Poor. */
export function labelImageQuality(score: number): QualityLabel {
  if (score > 90) return 'Good';
  if (score > 80) return 'Average';
  return 'Poor';
}

/**
 * Edge crispness as the ratio of second-derivative to first-derivative energy over edge pixels,
 * sqrt(E[Laplacian²] / E[|gradient|²]). Contrast cancels out of the ratio; blurring by σ pixels
 * shrinks it roughly as 1/σ, which is what makes it a blur measure. Measured on at most 1000 px so a
 * large photo and a scan of the same card compare.
 */
export function measureSharpnessRatio(image: GrayImage): number {
  return measureEdges(image).ratio;
}

export function measureEdges(image: GrayImage): { ratio: number; edgeShare: number } {
  const { image: small } = limitGraySize(image, 1000);
  const { width, height, data } = small;
  let laplacianEnergy = 0;
  let gradientEnergy = 0;
  let edgePixels = 0;
  const at = (x: number, y: number): number => data[y * width + x] ?? 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const gx = (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1)) / 8;
      const gy = (at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1)) / 8;
      const gradient = gx * gx + gy * gy;
      // Flat areas carry only sensor noise, which would read as sharpness.
      if (gradient < 16) continue;
      edgePixels += 1;
      const laplacian = at(x + 1, y) + at(x - 1, y) + at(x, y + 1) + at(x, y - 1) - 4 * at(x, y);
      laplacianEnergy += laplacian * laplacian;
      gradientEnergy += gradient;
    }
  }
  const ratio = gradientEnergy === 0 ? 0 : Math.sqrt(laplacianEnergy / gradientEnergy);
  return { ratio, edgeShare: edgePixels / Math.max(1, (width - 2) * (height - 2)) };
}

/** Ratio of crisp print (about 1.6 for text rendered without blur) mapped to 0–100. */
const SHARP_RATIO = 1.5;

export function measureSharpness(image: GrayImage): number {
  return sharpnessFromRatio(measureSharpnessRatio(image));
}

function sharpnessFromRatio(ratio: number): number {
  return Math.max(0, Math.min(100, Math.round((100 * ratio) / SHARP_RATIO)));
}

/**
 * Clipped highlights on a document that is otherwise not white: a reflection on a laminated card.
 * A scan of a white page is bright everywhere, so when the median itself is near white nothing counts.
 */
export function measureGlareShare(image: RgbImage): number {
  const { data } = image;
  const pixels = image.width * image.height;
  if (pixels === 0) return 0;
  const histogram = new Uint32Array(256);
  let clipped = 0;
  for (let index = 0; index < data.length; index += 3) {
    const r = data[index] ?? 0;
    const g = data[index + 1] ?? 0;
    const b = data[index + 2] ?? 0;
    const luma = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    histogram[luma] = (histogram[luma] ?? 0) + 1;
    if (r >= 250 && g >= 250 && b >= 250) clipped += 1;
  }
  let seen = 0;
  let median = 255;
  for (let level = 0; level < 256; level += 1) {
    seen += histogram[level] ?? 0;
    if (seen >= pixels / 2) {
      median = level;
      break;
    }
  }
  if (median >= 225) return 0;
  return clipped / pixels;
}

export function measureContrast(image: GrayImage): number {
  const histogram = new Uint32Array(256);
  for (const value of image.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.data.length;
  const percentile = (fraction: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level] ?? 0;
      if (seen >= total * fraction) return level;
    }
    return 255;
  };
  const spread = percentile(0.98) - percentile(0.02);
  return Math.max(0, Math.min(100, Math.round((100 * spread) / 160)));
}

/** 100 from 900 px across the document down to 0 at 150 px: below that no field is legible. */
export function measureResolution(documentWidth: number, documentHeight: number): number {
  const side = Math.max(documentWidth, documentHeight);
  return Math.max(0, Math.min(100, Math.round(((side - 150) / 750) * 100)));
}

/**
 * One figure for the summary: sharpness weighs most because blur is what defeats reading; glare
 * subtracts three points per percent of the document it covers.
 */
export function measureImageQuality(gray: GrayImage, rgb: RgbImage): QualityMeasures {
  const edges = measureEdges(gray);
  const sharpness = sharpnessFromRatio(edges.ratio);
  const glareShare = measureGlareShare(rgb);
  const contrast = measureContrast(gray);
  const resolution = measureResolution(gray.width, gray.height);
  const weighted = 0.55 * sharpness + 0.25 * resolution + 0.2 * contrast - 300 * glareShare;
  const score = Math.max(0, Math.min(100, Math.round(weighted)));
  return { sharpness, edgeShare: edges.edgeShare, glareShare, contrast, resolution, score };
}
