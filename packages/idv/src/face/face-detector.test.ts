import { describe, expect, it } from 'vitest';
import { syntheticLandmarks } from '../liveness/synthetic-landmarks.fixture';
import { fillsPicture, searchFaces } from './face-detector';
import { padImage } from './face-image-decoder';
import { boundingBox } from './face-landmarks';
import type { FaceModels } from './face-models';
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

/**
 * Networks stood in by rules, to test the search alone: the "detector" sees a face only where the
 * picture's red marker sits in its top-right quarter (so only in a copy turned a quarter clockwise),
 * and the landmark "network" always draws an upright face filling its chip.
 */
function fakeModels(options: { faceScore: number; chipScore: number }): FaceModels {
  const chipLandmarks = (() => {
    const points = syntheticLandmarks();
    const box = boundingBox(points);
    return points.map((point) => ({ x: 12 + ((point.x - box.x) / box.width) * 88, y: 12 + ((point.y - box.y) / box.height) * 88 }));
  })();
  return {
    async detect(image, _detector, detectOptions) {
      if (detectOptions?.inputSize === 160) return [{ x: 20, y: 20, width: 120, height: 120, score: options.chipScore }];
      let sumX = 0;
      let sumY = 0;
      let count = 0;
      for (let i = 0; i < image.width * image.height; i += 1) {
        if ((image.data[i * 3] ?? 0) > 200 && (image.data[i * 3 + 1] ?? 255) < 60) {
          sumX += i % image.width;
          sumY += Math.floor(i / image.width);
          count += 1;
        }
      }
      const isTopRight = count > 0 && sumX / count > image.width / 2 && sumY / count < image.height / 2;
      if (!isTopRight) return [];
      const side = Math.min(image.width, image.height) * 0.4;
      return [{ x: image.width / 2 - side / 2, y: image.height / 2 - side / 2, width: side, height: side, score: options.faceScore }];
    },
    async locateLandmarks() {
      return chipLandmarks;
    },
    async describe() {
      return new Float32Array(128);
    },
    async describeWithFaceres() {
      return new Float32Array(1024);
    },
    async assessPresentation() {
      return { antispoof: 0, liveness: 0 };
    },
    async locateLandmarksOfEach(chips) {
      return chips.map(() => chipLandmarks);
    },
    async describeEach(chips) {
      return chips.map(() => new Float32Array(128));
    },
    async describeEachWithFaceres(faces) {
      return faces.map(() => new Float32Array(1024));
    },
    async assessPresentationOfEach(faces) {
      return faces.map(() => ({ antispoof: 0, liveness: 0 }));
    },
    dispose() {},
  };
}

/** 120 x 80 grey picture with a red marker in its top-left corner: turned a quarter clockwise, the marker is top right. */
function markedPicture() {
  const width = 120;
  const height = 80;
  const data = new Uint8Array(width * height * 3).fill(128);
  for (let y = 0; y < 12; y += 1) for (let x = 0; x < 12; x += 1) data.set([230, 20, 20], (y * width + x) * 3);
  return createRgbImage(width, height, data);
}

describe('a face found only in a turned copy', () => {
  it('is accepted, turned upright, when it is as convincing as an upright face', async () => {
    const found = await searchFaces(fakeModels({ faceScore: 0.95, chipScore: 0.9 }), markedPicture());
    expect(found).toMatchObject({ rotation: 90, pass: 'rotated-tiny' });
    expect(found.faces).toHaveLength(1);
  });

  it('is refused when the detector is only lukewarm about it', async () => {
    const found = await searchFaces(fakeModels({ faceScore: 0.7, chipScore: 0.9 }), markedPicture());
    expect(found).toMatchObject({ rotation: 0, pass: 'none', faces: [] });
  });

  it('is refused when its surroundings do not read as a face on their own', async () => {
    const found = await searchFaces(fakeModels({ faceScore: 0.95, chipScore: 0.3 }), markedPicture());
    expect(found).toMatchObject({ pass: 'none', faces: [] });
  });
});
