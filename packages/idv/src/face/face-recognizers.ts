/**
 * Face description networks that ship as TensorFlow.js graph models inside npm packages, and the
 * face crop each was trained on. The engine uses one; the evaluation (npm run eval -- idv-faces)
 * runs every candidate on the same detected faces to choose it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tf from '@tensorflow/tfjs';
import { boundingBox, estimateRoll, meanPoint, rotatePoint } from './face-landmarks';
import { loadGraphModelFile, modelInputSide, runOnChips } from './graph-model';
import { cropSquareRegion, type Point, type RgbImage, type SquareRegion } from './rgb-image';

/** A network that turns an aligned face into a descriptor; descriptors of one recogniser compare by Euclidean distance. */
export interface FaceRecognizer {
  readonly name: string;
  describe(image: RgbImage, landmarks: readonly Point[]): Promise<Float32Array>;
  /** The descriptors of several faces from one batched run: the same numbers as one call per face. */
  describeEach(faces: readonly FaceInImage[]): Promise<Float32Array[]>;
  dispose(): void;
}

/** A face given by its landmarks in the image they were located in. */
export interface FaceInImage {
  readonly image: RgbImage;
  readonly landmarks: readonly Point[];
}

export interface GraphRecognizerSpec {
  readonly name: string;
  /** Path of the model.json. */
  readonly modelFile: string;
  /** Pixel scale the network expects: 1 for 0-255 input, 1/255 for 0-1. */
  readonly pixelScale: number;
  /** Added after scaling: -1 with a scale of 1/127.5 gives -1 to 1 input. */
  readonly pixelOffset?: number;
  /** Side of the crop relative to the landmarks' levelled bounding box (brows to chin, ear to ear). */
  readonly cropScale: number;
  /** Crop centre moved up by this share of the landmark box height: these networks saw the forehead. */
  readonly raiseCentre: number;
  /** Length of the descriptor output: the network's other outputs (age, gender) are ignored. */
  readonly descriptorLength?: number;
}

const require = createRequire(import.meta.url);

/** `models/` of @vladmandic/human (MIT): faceres, antispoof, liveness and more, shipped inside the npm package. */
export function humanModelDir(): string {
  // The package exports no package.json; resolving (never loading) its entry point finds the folder.
  return path.join(path.dirname(path.dirname(require.resolve('@vladmandic/human'))), 'models');
}

/**
 * HSE FaceRes (MobileNet-based, 1024-d descriptor, trained on VGGFace2), as @vladmandic/human runs
 * it: the face box enlarged 1.4x, squared, 0-255 RGB at 224 px. Our landmarks' box is the face
 * from brow to chin, a little smaller than BlazeFace's, hence the larger factor and the raised centre.
 */
export function faceresSpec(modelDir = humanModelDir()): GraphRecognizerSpec {
  return {
    name: 'faceres',
    modelFile: path.join(modelDir, 'faceres.json'),
    pixelScale: 1,
    cropScale: 1.5,
    raiseCentre: 0.1,
    descriptorLength: 1024,
  };
}

/** The square region, levelled by the eye line, that a graph recogniser or the anti-spoofing networks see. */
export function faceContextRegion(landmarks: readonly Point[], cropScale: number, raiseCentre: number, outputSize: number): SquareRegion {
  const roll = estimateRoll(landmarks);
  const centre = meanPoint(landmarks);
  const levelled = landmarks.map((point) => rotatePoint(point, centre, -roll));
  const box = boundingBox(levelled);
  const levelledCentre = { x: box.x + box.width / 2, y: box.y + box.height / 2 - raiseCentre * box.height };
  return {
    centre: rotatePoint(levelledCentre, centre, roll),
    side: Math.max(box.width, box.height) * cropScale,
    angle: roll,
    outputSize,
  };
}

export async function loadGraphRecognizer(spec: GraphRecognizerSpec): Promise<FaceRecognizer> {
  const model: tf.GraphModel = await loadGraphModelFile(spec.modelFile);
  const side = modelInputSide(model, 112);
  async function describeEach(faces: readonly FaceInImage[]): Promise<Float32Array[]> {
    const chips = faces.map(({ image, landmarks }) =>
      cropSquareRegion(image, faceContextRegion(landmarks, spec.cropScale, spec.raiseCentre, side)),
    );
    const outputs = await runOnChips(model, chips, spec.pixelScale, spec.pixelOffset);
    return chips.map((_, index) =>
      normalise(
        pickDescriptor(
          outputs.map((output) => output[index] ?? new Float32Array(0)),
          spec.descriptorLength,
        ),
      ),
    );
  }
  return {
    name: spec.name,
    async describe(image, landmarks) {
      const [descriptor] = await describeEach([{ image, landmarks }]);
      if (!descriptor) throw new Error(`${spec.name} returned no descriptor`);
      return descriptor;
    },
    describeEach,
    dispose() {
      model.dispose();
    },
  };
}

function pickDescriptor(outputs: readonly Float32Array[], length: number | undefined): Float32Array {
  const sorted = outputs.toSorted((a, b) => b.length - a.length);
  const found = length === undefined ? sorted[0] : outputs.find((output) => output.length === length);
  if (!found) throw new Error(`The recognition network returned no descriptor of length ${length ?? 'any'}`);
  return found;
}

/** Unit length, so that the distance (0-2) and the 0-100 score mean the same for every recogniser. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((value) => value / norm);
}
