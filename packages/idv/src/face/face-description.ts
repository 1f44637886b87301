import { descriptorRegion, landmarkRegion, levelledLandmarkRegion } from './face-alignment';
import { estimateRoll } from './face-landmarks';
import type { FaceModels } from './face-models';
import { cropSquareRegion, mapFromRegion, type Point, type RgbImage, type SquareRegion } from './rgb-image';

export interface FaceBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface FaceShape {
  /** 68 landmarks in the image's pixel coordinates. */
  readonly landmarks: readonly Point[];
  /** In-plane tilt in radians, from the eye line. */
  readonly roll: number;
}

export interface DescribedFace extends FaceShape {
  readonly descriptor: Float32Array;
}

/** Beyond this tilt the landmark network is run a second time on a levelled chip, where it is more accurate. */
const RELOCATE_ROLL = (10 * Math.PI) / 180;

export async function locateFaceShape(models: FaceModels, image: RgbImage, box: FaceBox): Promise<FaceShape> {
  let landmarks = await locateIn(models, image, landmarkRegion(box));
  if (Math.abs(estimateRoll(landmarks)) > RELOCATE_ROLL) {
    landmarks = await locateIn(models, image, levelledLandmarkRegion(landmarks));
  }
  return { landmarks, roll: estimateRoll(landmarks) };
}

/** Landmarks, then a roll-corrected chip, then the fused descriptor (see face-similarity.ts). */
export async function describeFace(models: FaceModels, image: RgbImage, box: FaceBox): Promise<DescribedFace> {
  const shape = await locateFaceShape(models, image, box);
  const descriptor = await describeShape(models, image, shape);
  return { ...shape, descriptor };
}

/** ResNet-34's 128 numbers, then FaceRes's 1024: both networks' descriptors of the same face, end to end. */
export async function describeShape(models: FaceModels, image: RgbImage, shape: Pick<FaceShape, 'landmarks'>): Promise<Float32Array> {
  const resnet = await models.describe(cropSquareRegion(image, descriptorRegion(shape.landmarks)));
  const faceres = await models.describeWithFaceres(image, shape.landmarks);
  const fused = new Float32Array(resnet.length + faceres.length);
  fused.set(resnet, 0);
  fused.set(faceres, resnet.length);
  return fused;
}

async function locateIn(models: FaceModels, image: RgbImage, region: SquareRegion): Promise<Point[]> {
  const chipPoints = await models.locateLandmarks(cropSquareRegion(image, region));
  return chipPoints.map((point) => mapFromRegion(region, point));
}
