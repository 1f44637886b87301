import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFaceModels, type FaceModels } from './face-models';
import type { RgbImage } from './rgb-image';

const MODEL_TEST_TIMEOUT = 120_000;

/** A smooth two-tone gradient: no face, but a picture the networks must answer for all the same. */
function gradient(size: number): RgbImage {
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < size * size; i += 1) {
    const x = i % size;
    const y = Math.floor(i / size);
    data.set([(x * 255) / size, (y * 255) / size, 128], i * 3);
  }
  return { width: size, height: size, data };
}

const landmarks = Array.from({ length: 68 }, (_, i) => ({ x: 60 + (i % 17) * 5, y: 60 + Math.floor(i / 17) * 20 }));

describe('the descriptor and anti-spoofing networks shipped in npm packages', () => {
  let models: FaceModels;

  beforeAll(async () => {
    models = await loadFaceModels();
  }, MODEL_TEST_TIMEOUT);

  afterAll(() => models?.dispose());

  it(
    'describe a face with FaceRes as a unit vector of 1024 numbers, the same each time',
    async () => {
      const descriptor = await models.describeWithFaceres(gradient(200), landmarks);
      expect(descriptor).toHaveLength(1024);
      expect(Math.hypot(...descriptor)).toBeCloseTo(1, 4);
      expect(await models.describeWithFaceres(gradient(200), landmarks)).toEqual(descriptor);
    },
    MODEL_TEST_TIMEOUT,
  );

  it(
    'score a face as genuine or reproduced between 0 and 1, the same each time',
    async () => {
      const scores = await models.assessPresentation(gradient(200), landmarks);
      for (const value of [scores.antispoof, scores.liveness]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
      expect(await models.assessPresentation(gradient(200), landmarks)).toEqual(scores);
    },
    MODEL_TEST_TIMEOUT,
  );
});
