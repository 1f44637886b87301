/**
 * Passive presentation-attack detection: two small networks shipped in the models/ folder of the
 * @vladmandic/human npm package (MIT) that look at one face crop for the marks of a reproduction
 * (print texture, screen moiré, colour cast, flatness). `antispoof` (128 px input) answers how
 * real the face looks, `liveness` (32 px) how live; both 0-1, higher meaning genuine. They are
 * run on the crop @vladmandic/human feeds them: the face box enlarged 1.4x, squared, 0-1 RGB.
 */
import path from 'node:path';
import type * as tf from '@tensorflow/tfjs';
import { faceContextRegion, type FaceInImage } from './face-recognizers';
import { loadGraphModelFile, modelInputSide, runOnChips } from './graph-model';
import { cropSquareRegion, type Point, type RgbImage } from './rgb-image';

export interface PresentationScores {
  /** The antispoof network's output, 0-1: higher looks more like a real face than a reproduction. */
  readonly antispoof: number;
  /** The liveness network's output, 0-1: higher looks more like a live face. */
  readonly liveness: number;
}

export interface PresentationModels {
  assess(image: RgbImage, landmarks: readonly Point[]): Promise<PresentationScores>;
  /** Several faces in one batched run of each network: the same scores as one call per face. */
  assessEach(faces: readonly FaceInImage[]): Promise<PresentationScores[]>;
  dispose(): void;
}

/** The same face crop as FaceRes sees (face-recognizers.ts): @vladmandic/human feeds all three one crop. */
const CROP_SCALE = 1.5;
const RAISE_CENTRE = 0.1;

export async function loadPresentationModels(modelDir: string): Promise<PresentationModels> {
  const antispoof: tf.GraphModel = await loadGraphModelFile(path.join(modelDir, 'antispoof.json'));
  const liveness: tf.GraphModel = await loadGraphModelFile(path.join(modelDir, 'liveness.json'));
  const antispoofSide = modelInputSide(antispoof, 128);
  const livenessSide = modelInputSide(liveness, 32);
  async function assessEach(faces: readonly FaceInImage[]): Promise<PresentationScores[]> {
    const chipsOf = (side: number) =>
      faces.map(({ image, landmarks }) => cropSquareRegion(image, faceContextRegion(landmarks, CROP_SCALE, RAISE_CENTRE, side)));
    const [realness] = await runOnChips(antispoof, chipsOf(antispoofSide), 1 / 255);
    const [live] = await runOnChips(liveness, chipsOf(livenessSide), 1 / 255);
    return faces.map((_, index) => ({ antispoof: clampUnit(realness?.[index]?.[0]), liveness: clampUnit(live?.[index]?.[0]) }));
  }
  return {
    async assess(image, landmarks) {
      const [scores] = await assessEach([{ image, landmarks }]);
      if (!scores) throw new Error('The anti-spoofing networks returned nothing');
      return scores;
    },
    assessEach,
    dispose() {
      antispoof.dispose();
      liveness.dispose();
    },
  };
}

function clampUnit(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  return Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000;
}
