import { descriptorRegion, landmarkRegion, levelledLandmarkRegion } from './face-alignment';
import { estimateRoll } from './face-landmarks';
import type { FaceModels } from './face-models';
import type { FaceInImage } from './face-recognizers';
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

/** locateFaceShape for several faces (the frames of a clip): the same shapes, each pass of the landmark network batched. */
export async function locateFaceShapes(models: FaceModels, faces: readonly { image: RgbImage; box: FaceBox }[]): Promise<FaceShape[]> {
  const located = await locateInEach(
    models,
    faces.map(({ image, box }) => ({ image, region: landmarkRegion(box) })),
  );
  const tilted = faces.flatMap(({ image }, index) => {
    const landmarks = located[index];
    return landmarks && Math.abs(estimateRoll(landmarks)) > RELOCATE_ROLL
      ? [{ index, image, region: levelledLandmarkRegion(landmarks) }]
      : [];
  });
  const levelled = await locateInEach(models, tilted);
  for (const [position, { index }] of tilted.entries()) {
    const landmarks = levelled[position];
    if (landmarks) located[index] = landmarks;
  }
  return located.map((landmarks) => ({ landmarks, roll: estimateRoll(landmarks) }));
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
  return fuseDescriptors(resnet, faceres);
}

/** describeShape for several faces: the same descriptors, each network run once on all of them. */
export async function describeShapes(models: FaceModels, faces: readonly FaceInImage[]): Promise<Float32Array[]> {
  const resnet = await models.describeEach(faces.map(({ image, landmarks }) => cropSquareRegion(image, descriptorRegion(landmarks))));
  const faceres = await models.describeEachWithFaceres(faces);
  return faces.map((_, index) => fuseDescriptors(resnet[index] ?? new Float32Array(0), faceres[index] ?? new Float32Array(0)));
}

function fuseDescriptors(resnet: Float32Array, faceres: Float32Array): Float32Array {
  const fused = new Float32Array(resnet.length + faceres.length);
  fused.set(resnet, 0);
  fused.set(faceres, resnet.length);
  return fused;
}

async function locateIn(models: FaceModels, image: RgbImage, region: SquareRegion): Promise<Point[]> {
  const chipPoints = await models.locateLandmarks(cropSquareRegion(image, region));
  return chipPoints.map((point) => mapFromRegion(region, point));
}

async function locateInEach(models: FaceModels, chips: readonly { image: RgbImage; region: SquareRegion }[]): Promise<Point[][]> {
  const found = await models.locateLandmarksOfEach(chips.map(({ image, region }) => cropSquareRegion(image, region)));
  return chips.map(({ region }, index) => (found[index] ?? []).map((point) => mapFromRegion(region, point)));
}
