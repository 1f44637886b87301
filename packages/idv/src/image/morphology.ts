import type { BinaryImage } from './binarize';

/** Square dilation by `radius` using separable running maxima: O(pixels) whatever the radius. */
export function dilate(image: BinaryImage, radius: number): BinaryImage {
  return runSeparable(image, radius, 1);
}

export function erode(image: BinaryImage, radius: number): BinaryImage {
  return runSeparable(image, radius, 0);
}

/** Closing (dilate then erode) fills gaps narrower than about 2·radius. */
export function close(image: BinaryImage, radius: number): BinaryImage {
  return erode(dilate(image, radius), radius);
}

/** Larger than any image side; fits an Int32Array, unlike Number.MAX_SAFE_INTEGER. */
const FAR = 1_000_000_000;

function runSeparable(image: BinaryImage, radius: number, target: 0 | 1): BinaryImage {
  const { width, height } = image;
  const horizontal = new Uint8Array(width * height);
  const out = new Uint8Array(width * height);
  // For dilation a pixel becomes 1 when any neighbour is 1; for erosion 0 when any neighbour is 0.
  // Outside the picture counts as background, so erosion also wears shapes down at the border.
  const outsideIsHit = target === 0;
  for (let y = 0; y < height; y += 1) {
    let lastHit = outsideIsHit ? -1 : -Infinity;
    const row = y * width;
    const nextHit = new Int32Array(width).fill(FAR);
    for (let x = width - 1, next = outsideIsHit ? width : FAR; x >= 0; x -= 1) {
      if (image.data[row + x] === target) next = x;
      nextHit[x] = next;
    }
    for (let x = 0; x < width; x += 1) {
      if (image.data[row + x] === target) lastHit = x;
      const isNear = x - lastHit <= radius || (nextHit[x] ?? FAR) - x <= radius;
      horizontal[row + x] = isNear ? target : 1 - target;
    }
  }
  for (let x = 0; x < width; x += 1) {
    let lastHit = outsideIsHit ? -1 : -Infinity;
    const nextHit = new Int32Array(height).fill(FAR);
    for (let y = height - 1, next = outsideIsHit ? height : FAR; y >= 0; y -= 1) {
      if (horizontal[y * width + x] === target) next = y;
      nextHit[y] = next;
    }
    for (let y = 0; y < height; y += 1) {
      if (horizontal[y * width + x] === target) lastHit = y;
      const isNear = y - lastHit <= radius || (nextHit[y] ?? FAR) - y <= radius;
      out[y * width + x] = isNear ? target : 1 - target;
    }
  }
  return { width, height, data: out };
}
