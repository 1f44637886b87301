import { describe, expect, it } from 'vitest';
import { clampBox, cropGray, resizeGray, rotateGray, toGray, toInkGray, type GrayImage } from './raster';

function grid(width: number, height: number): GrayImage {
  return { width, height, data: Uint8Array.from({ length: width * height }, (_, index) => index) };
}

describe('raster operations', () => {
  it('turns a quarter clockwise and back', () => {
    const image = grid(3, 2);
    const turned = rotateGray(image, 1);
    expect(turned).toMatchObject({ width: 2, height: 3 });
    expect(Array.from(turned.data)).toEqual([3, 0, 4, 1, 5, 2]);
    expect(rotateGray(rotateGray(image, 1), 3)).toEqual(image);
    expect(Array.from(rotateGray(image, 2).data)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('crops inside the bounds, clamping a box that overhangs', () => {
    const image = grid(4, 4);
    expect(Array.from(cropGray(image, { x: 1, y: 1, width: 2, height: 2 }).data)).toEqual([5, 6, 9, 10]);
    expect(clampBox({ x: -2, y: 3, width: 10, height: 10 }, 4, 4)).toEqual({ x: 0, y: 3, width: 4, height: 1 });
  });

  it('resizes a flat image to the same flat value', () => {
    const flat = { width: 10, height: 10, data: new Uint8Array(100).fill(77) };
    expect(new Set(resizeGray(flat, 23, 7).data)).toEqual(new Set([77]));
  });

  it('computes luma with BT.601 weights', () => {
    expect(Array.from(toGray({ width: 2, height: 1, data: Uint8Array.from([255, 0, 0, 0, 0, 255]) }).data)).toEqual([76, 29]);
  });

  it('keeps black ink dark and fades red and blue print in the brightest-channel image', () => {
    const pixels = Uint8Array.from([20, 20, 20, 200, 30, 30, 40, 60, 220]);
    expect(Array.from(toInkGray({ width: 3, height: 1, data: pixels }).data)).toEqual([20, 200, 220]);
  });
});
