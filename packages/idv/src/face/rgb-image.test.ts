import { describe, expect, it } from 'vitest';
import { createRgbImage, cropSquareRegion, mapFromRegion, rotateClockwise, type RgbImage } from './rgb-image';

/** Each pixel encodes its own coordinates: red = x, green = y. */
function coordinateImage(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      data.set([x, y, 100], (y * width + x) * 3);
    }
  }
  return createRgbImage(width, height, data);
}

function pixel(image: RgbImage, x: number, y: number): number[] {
  const offset = (y * image.width + x) * 3;
  return Array.from(image.data.subarray(offset, offset + 3));
}

describe('square region crops', () => {
  const image = coordinateImage(100, 80);

  it('copies an upright region at its own size pixel for pixel', () => {
    const crop = cropSquareRegion(image, { centre: { x: 30, y: 40 }, side: 20, angle: 0, outputSize: 20 });
    expect(pixel(crop, 0, 0)).toEqual([20, 30, 100]);
    expect(pixel(crop, 19, 19)).toEqual([39, 49, 100]);
  });

  it('turns a region by a quarter turn', () => {
    const crop = cropSquareRegion(image, { centre: { x: 50, y: 40 }, side: 10, angle: Math.PI / 2, outputSize: 10 });
    // Moving right in the crop moves down in the image.
    expect(pixel(crop, 9, 5)[1]).toBeGreaterThan(pixel(crop, 0, 5)[1] ?? 255);
    expect(pixel(crop, 9, 5)[0]).toBe(pixel(crop, 0, 5)[0]);
  });

  it('fills what lies outside the image with black', () => {
    const crop = cropSquareRegion(image, { centre: { x: 0, y: 0 }, side: 20, angle: 0, outputSize: 20 });
    expect(pixel(crop, 0, 0)).toEqual([0, 0, 0]);
    expect(pixel(crop, 15, 15)).toEqual([5, 5, 100]);
  });

  it('averages when shrinking, so a fine checkerboard becomes grey rather than noise', () => {
    const data = new Uint8Array(64 * 64 * 3);
    for (let i = 0; i < 64 * 64; i += 1) data.fill(((i % 64) + Math.floor(i / 64)) % 2 === 0 ? 255 : 0, i * 3, i * 3 + 3);
    const crop = cropSquareRegion(createRgbImage(64, 64, data), { centre: { x: 32, y: 32 }, side: 64, angle: 0, outputSize: 8 });
    expect(Array.from(crop.data).every((value) => value > 100 && value < 155)).toBe(true);
  });

  it('maps points of the crop back onto the image', () => {
    const region = { centre: { x: 50, y: 40 }, side: 20, angle: Math.PI / 2, outputSize: 40 };
    const back = mapFromRegion(region, { x: 40, y: 20 });
    expect(back.x).toBeCloseTo(50, 9);
    expect(back.y).toBeCloseTo(50, 9);
  });
});

describe('quarter turns', () => {
  const image = coordinateImage(4, 3);

  it('turns clockwise: the top-left pixel goes to the top-right', () => {
    const turned = rotateClockwise(image, 1);
    expect([turned.width, turned.height]).toEqual([3, 4]);
    expect(pixel(turned, 2, 0)).toEqual(pixel(image, 0, 0));
    expect(pixel(turned, 0, 0)).toEqual(pixel(image, 0, 2));
  });

  it('comes back to the original after a full turn', () => {
    expect(Array.from(rotateClockwise(rotateClockwise(image, 1), 3).data)).toEqual(Array.from(image.data));
    expect(Array.from(rotateClockwise(rotateClockwise(image, 2), 2).data)).toEqual(Array.from(image.data));
    expect(Array.from(rotateClockwise(rotateClockwise(image, 1), 1).data)).toEqual(Array.from(rotateClockwise(image, 2).data));
  });
});

describe('image construction', () => {
  it('refuses data of the wrong length and empty dimensions', () => {
    expect(() => createRgbImage(2, 2, new Uint8Array(11))).toThrow(RangeError);
    expect(() => createRgbImage(0, 2, new Uint8Array())).toThrow(RangeError);
  });
});
