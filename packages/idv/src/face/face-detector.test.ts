import { describe, expect, it } from 'vitest';
import { fillsPicture } from './face-detector';
import { padImage } from './face-image-decoder';
import { createRgbImage } from './rgb-image';

describe('a face that fills the picture', () => {
  it('is one whose box reaches two edges of a tight crop', () => {
    expect(fillsPicture({ x: 2, y: 6, width: 140, height: 150 }, { width: 150, height: 160 })).toBe(true);
  });

  it('is not one with room around it, or touching a single edge', () => {
    expect(fillsPicture({ x: 200, y: 150, width: 120, height: 140 }, { width: 640, height: 480 })).toBe(false);
    expect(fillsPicture({ x: 0, y: 150, width: 120, height: 140 }, { width: 640, height: 480 })).toBe(false);
  });
});

describe('padding a picture before detection', () => {
  it('centres the picture on a grey canvas and says where it went', async () => {
    const red = createRgbImage(
      20,
      10,
      new Uint8Array(20 * 10 * 3).map((_, i) => (i % 3 === 0 ? 200 : 10)),
    );
    const { image, offset } = await padImage(red, 0.5);
    expect({ width: image.width, height: image.height, offset }).toEqual({ width: 40, height: 30, offset: { x: 10, y: 10 } });
    const pixel = (x: number, y: number) => Array.from(image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3));
    expect(pixel(0, 0)).toEqual([128, 128, 128]);
    expect(pixel(15, 15)).toEqual([200, 10, 10]);
  });
});
