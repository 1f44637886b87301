import { binarizeSauvola, computeOtsuThreshold } from './binarize';
import type { GrayImage } from './raster';

/** Linear stretch so the 2nd and 98th percentiles map to black and white. */
export function stretchContrast(image: GrayImage): GrayImage {
  const histogram = new Uint32Array(256);
  for (const value of image.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.data.length;
  let low = 0;
  let high = 255;
  for (let level = 0, seen = 0; level < 256; level += 1) {
    seen += histogram[level] ?? 0;
    if (seen >= total * 0.02) {
      low = level;
      break;
    }
  }
  for (let level = 255, seen = 0; level >= 0; level -= 1) {
    seen += histogram[level] ?? 0;
    if (seen >= total * 0.02) {
      high = level;
      break;
    }
  }
  if (high - low < 8) return image;
  const scale = 255 / (high - low);
  const data = new Uint8Array(image.data.length);
  for (let index = 0; index < data.length; index += 1) {
    data[index] = Math.max(0, Math.min(255, Math.round(((image.data[index] ?? 0) - low) * scale)));
  }
  return { width: image.width, height: image.height, data };
}

/** Separable box blur with a (2·radius+1) window, edges clamped. */
export function boxBlur(image: GrayImage, radius: number): GrayImage {
  const { width, height } = image;
  const temp = new Float32Array(width * height);
  const out = new Uint8Array(width * height);
  const size = 2 * radius + 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let k = -radius; k <= radius; k += 1) sum += image.data[y * width + Math.min(width - 1, Math.max(0, x + k))] ?? 0;
      temp[y * width + x] = sum / size;
    }
  }
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let k = -radius; k <= radius; k += 1) sum += temp[Math.min(height - 1, Math.max(0, y + k)) * width + x] ?? 0;
      out[y * width + x] = Math.round(sum / size);
    }
  }
  return { width, height, data: out };
}

/** Unsharp mask: original + amount·(original − blurred). */
export function sharpen(image: GrayImage, radius: number, amount: number): GrayImage {
  const blurred = boxBlur(image, radius);
  const data = new Uint8Array(image.data.length);
  for (let index = 0; index < data.length; index += 1) {
    const value = image.data[index] ?? 0;
    data[index] = Math.max(0, Math.min(255, Math.round(value + amount * (value - (blurred.data[index] ?? 0)))));
  }
  return { width: image.width, height: image.height, data };
}

/** Ink black on white, as the recogniser expects. */
export function thresholdSauvola(image: GrayImage, windowSize: number, k: number): GrayImage {
  const binary = binarizeSauvola(image, windowSize, k);
  const data = new Uint8Array(binary.data.length);
  for (let index = 0; index < data.length; index += 1) data[index] = binary.data[index] === 1 ? 0 : 255;
  return { width: image.width, height: image.height, data };
}

export function thresholdOtsu(image: GrayImage): GrayImage {
  const threshold = computeOtsuThreshold(image);
  const data = new Uint8Array(image.data.length);
  for (let index = 0; index < data.length; index += 1) data[index] = (image.data[index] ?? 0) <= threshold ? 0 : 255;
  return { width: image.width, height: image.height, data };
}

/** Rotation by an arbitrary small angle about the centre, bilinear, uncovered corners filled white. */
export function rotateGrayByDegrees(image: GrayImage, degrees: number): GrayImage {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const { width, height } = image;
  const centreX = (width - 1) / 2;
  const centreY = (height - 1) / 2;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = x - centreX;
      const dy = y - centreY;
      const sourceX = cos * dx + sin * dy + centreX;
      const sourceY = -sin * dx + cos * dy + centreY;
      const x0 = Math.floor(sourceX);
      const y0 = Math.floor(sourceY);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        data[y * width + x] = 255;
        continue;
      }
      const fx = sourceX - x0;
      const fy = sourceY - y0;
      const top = (image.data[y0 * width + x0] ?? 0) * (1 - fx) + (image.data[y0 * width + x0 + 1] ?? 0) * fx;
      const bottom = (image.data[(y0 + 1) * width + x0] ?? 0) * (1 - fx) + (image.data[(y0 + 1) * width + x0 + 1] ?? 0) * fx;
      data[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data };
}
