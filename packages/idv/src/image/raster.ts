/**
 * Plain in-memory rasters the engine works on: 8-bit grey or interleaved RGB, row-major, no
 * padding. Kept free of any library type so the pure stages (locating, measuring) test in isolation.
 */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface RgbImage {
  width: number;
  height: number;
  /** R, G, B per pixel. */
  data: Uint8Array;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function createGrayImage(width: number, height: number, fill = 0): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/** ITU-R BT.601 luma, as JPEG and most OCR pipelines use. */
export function toGray(image: RgbImage): GrayImage {
  const { width, height, data } = image;
  const gray = new Uint8Array(width * height);
  for (let index = 0, source = 0; index < gray.length; index += 1, source += 3) {
    gray[index] = Math.round(0.299 * (data[source] ?? 0) + 0.587 * (data[source + 1] ?? 0) + 0.114 * (data[source + 2] ?? 0));
  }
  return { width, height, data: gray };
}

/**
 * Each pixel's brightest colour channel. Machine-readable print is black in every channel, while
 * coloured print, guilloches and stamps are bright in at least one, so they fade here and the ink
 * stands out.
 */
export function toInkGray(image: RgbImage): GrayImage {
  const { width, height, data } = image;
  const gray = new Uint8Array(width * height);
  for (let index = 0, source = 0; index < gray.length; index += 1, source += 3) {
    gray[index] = Math.max(data[source] ?? 0, data[source + 1] ?? 0, data[source + 2] ?? 0);
  }
  return { width, height, data: gray };
}

export function clampBox(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.min(width, Math.round(box.x)));
  const y = Math.max(0, Math.min(height, Math.round(box.y)));
  const right = Math.max(x, Math.min(width, Math.round(box.x + box.width)));
  const bottom = Math.max(y, Math.min(height, Math.round(box.y + box.height)));
  return { x, y, width: right - x, height: bottom - y };
}

export function expandBox(box: Box, marginX: number, marginY: number): Box {
  return { x: box.x - marginX, y: box.y - marginY, width: box.width + 2 * marginX, height: box.height + 2 * marginY };
}

export function unionBoxes(boxes: readonly Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function cropGray(image: GrayImage, region: Box): GrayImage {
  const box = clampBox(region, image.width, image.height);
  const data = new Uint8Array(box.width * box.height);
  for (let row = 0; row < box.height; row += 1) {
    const start = (box.y + row) * image.width + box.x;
    data.set(image.data.subarray(start, start + box.width), row * box.width);
  }
  return { width: box.width, height: box.height, data };
}

export function cropRgb(image: RgbImage, region: Box): RgbImage {
  const box = clampBox(region, image.width, image.height);
  const data = new Uint8Array(box.width * box.height * 3);
  for (let row = 0; row < box.height; row += 1) {
    const start = ((box.y + row) * image.width + box.x) * 3;
    data.set(image.data.subarray(start, start + box.width * 3), row * box.width * 3);
  }
  return { width: box.width, height: box.height, data };
}

/** Quarter turns clockwise; works on any channel count. */
function rotatePixels(width: number, height: number, data: Uint8Array, channels: number, turns: number) {
  const quarter = ((turns % 4) + 4) % 4;
  if (quarter === 0) return { width, height, data: data.slice() };
  const outWidth = quarter === 2 ? width : height;
  const outHeight = quarter === 2 ? height : width;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let targetX: number;
      let targetY: number;
      if (quarter === 1) {
        targetX = height - 1 - y;
        targetY = x;
      } else if (quarter === 2) {
        targetX = width - 1 - x;
        targetY = height - 1 - y;
      } else {
        targetX = y;
        targetY = width - 1 - x;
      }
      const source = (y * width + x) * channels;
      const target = (targetY * outWidth + targetX) * channels;
      for (let channel = 0; channel < channels; channel += 1) out[target + channel] = data[source + channel] ?? 0;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

export function rotateGray(image: GrayImage, turns: number): GrayImage {
  return rotatePixels(image.width, image.height, image.data, 1, turns);
}

export function rotateRgb(image: RgbImage, turns: number): RgbImage {
  return rotatePixels(image.width, image.height, image.data, 3, turns);
}

/** Bilinear resampling; used to bring text to a height OCR reads well and to normalise measures. */
export function resizeGray(image: GrayImage, width: number, height: number): GrayImage {
  const out = new Uint8Array(width * height);
  const scaleX = image.width / width;
  const scaleY = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.min(image.height - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sourceY - y0;
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(image.width - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sourceX - x0;
      const top = (image.data[y0 * image.width + x0] ?? 0) * (1 - fx) + (image.data[y0 * image.width + x1] ?? 0) * fx;
      const bottom = (image.data[y1 * image.width + x0] ?? 0) * (1 - fx) + (image.data[y1 * image.width + x1] ?? 0) * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data: out };
}

/** Downscales (never enlarges) so the longer side is at most `maxSide`; returns the factor applied. */
export function limitGraySize(image: GrayImage, maxSide: number): { image: GrayImage; scale: number } {
  const longest = Math.max(image.width, image.height);
  if (longest <= maxSide) return { image, scale: 1 };
  const scale = maxSide / longest;
  return {
    image: resizeGray(image, Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale))),
    scale,
  };
}

/** Area-averaging downscale of RGB so the longer side is at most `maxSide`; never enlarges. */
export function shrinkRgb(image: RgbImage, maxSide: number): { image: RgbImage; scale: number } {
  const longest = Math.max(image.width, image.height);
  if (longest <= maxSide) return { image, scale: 1 };
  const scale = maxSide / longest;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.min(image.height, Math.max(y0 + 1, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.min(image.width, Math.max(x0 + 1, Math.floor((x + 1) / scale)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const source = (sy * image.width + sx) * 3;
          r += image.data[source] ?? 0;
          g += image.data[source + 1] ?? 0;
          b += image.data[source + 2] ?? 0;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const target = (y * width + x) * 3;
      data[target] = Math.round(r / count);
      data[target + 1] = Math.round(g / count);
      data[target + 2] = Math.round(b / count);
    }
  }
  return { image: { width, height, data }, scale };
}
