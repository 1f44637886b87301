import type { GrayImage } from './raster';

/** 1 marks ink (dark), 0 background. */
export interface BinaryImage {
  width: number;
  height: number;
  data: Uint8Array;
}

function buildIntegrals(image: GrayImage): { sum: Float64Array; squares: Float64Array } {
  const { width, height, data } = image;
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x += 1) {
      const value = data[y * width + x] ?? 0;
      rowSum += value;
      rowSquares += value * value;
      const target = (y + 1) * stride + x + 1;
      sum[target] = (sum[target - stride] ?? 0) + rowSum;
      squares[target] = (squares[target - stride] ?? 0) + rowSquares;
    }
  }
  return { sum, squares };
}

/**
 * Sauvola's local threshold (t = m·(1 + k·(s/128 − 1))): dark print stays ink under uneven light,
 * while pale guilloche backgrounds, whose local contrast is low, fall to background.
 */
export function binarizeSauvola(image: GrayImage, windowSize: number, k = 0.2): BinaryImage {
  const { width, height, data } = image;
  const { sum, squares } = buildIntegrals(image);
  const stride = width + 1;
  const half = Math.max(1, Math.floor(windowSize / 2));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const top = Math.max(0, y - half);
    const bottom = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - half);
      const right = Math.min(width, x + half + 1);
      const count = (bottom - top) * (right - left);
      const a = top * stride + left;
      const b = top * stride + right;
      const c = bottom * stride + left;
      const d = bottom * stride + right;
      const total = (sum[d] ?? 0) - (sum[b] ?? 0) - (sum[c] ?? 0) + (sum[a] ?? 0);
      const totalSquares = (squares[d] ?? 0) - (squares[b] ?? 0) - (squares[c] ?? 0) + (squares[a] ?? 0);
      const mean = total / count;
      const deviation = Math.sqrt(Math.max(0, totalSquares / count - mean * mean));
      const threshold = mean * (1 + k * (deviation / 128 - 1));
      out[y * width + x] = (data[y * width + x] ?? 0) < threshold ? 1 : 0;
    }
  }
  return { width, height, data: out };
}

/** Otsu's global threshold over a histogram; returns the grey level separating the two classes. */
export function computeOtsuThreshold(image: GrayImage): number {
  const histogram = new Float64Array(256);
  for (const value of image.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * (histogram[level] ?? 0);
  let sumBackground = 0;
  let weightBackground = 0;
  let best = 0;
  let threshold = 127;
  for (let level = 0; level < 256; level += 1) {
    weightBackground += histogram[level] ?? 0;
    if (weightBackground === 0) continue;
    const weightForeground = total - weightBackground;
    if (weightForeground === 0) break;
    sumBackground += level * (histogram[level] ?? 0);
    const meanBackground = sumBackground / weightBackground;
    const meanForeground = (sumAll - sumBackground) / weightForeground;
    const between = weightBackground * weightForeground * (meanBackground - meanForeground) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}
