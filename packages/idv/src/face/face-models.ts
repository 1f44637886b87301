/**
 * Loads the networks and runs them on the WASM backend, whose .wasm binaries come from the
 * @tensorflow/tfjs-backend-wasm npm package: face-api's four (detectors, landmarks, ResNet-34
 * descriptor) from the @vladmandic/face-api package, and FaceRes (descriptor) and the two passive
 * anti-spoofing networks from the models/ folder of the @vladmandic/human package, read as graph
 * models from disk (graph-model.ts). Nothing is fetched.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { FaceEngineError } from './face-engine-error';
import { faceresSpec, humanModelDir, loadGraphRecognizer, type FaceInImage } from './face-recognizers';
import { loadPresentationModels, type PresentationScores } from './presentation-attack';
import { installFastConcat } from './wasm-concat-kernel';
import type { Point, RgbImage } from './rgb-image';

export interface RawDetection {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly score: number;
}

export type DetectorName = 'tiny' | 'ssd';

/** What the pipeline needs from the networks; tests of later stages never need more. */
export interface FaceModels {
  detect(image: RgbImage, detector: DetectorName, options?: { inputSize?: number }): Promise<RawDetection[]>;
  /** 68 landmarks (iBUG 300-W order) in the coordinates of a square chip. */
  locateLandmarks(chip: RgbImage): Promise<Point[]>;
  /** 128-dimension descriptor of an aligned 150x150 face chip. */
  describe(chip: RgbImage): Promise<Float32Array>;
  /** FaceRes's 1024-dimension unit descriptor of the face around the landmarks (its own crop). */
  describeWithFaceres(image: RgbImage, landmarks: readonly Point[]): Promise<Float32Array>;
  /** The passive anti-spoofing networks' view of the face around the landmarks. */
  assessPresentation(image: RgbImage, landmarks: readonly Point[]): Promise<PresentationScores>;
  /**
   * The same four for several faces (chips of one size), each network run once on all of them as a
   * batch: the numbers each face gets alone, in less time per face. Used for the frames of a clip.
   */
  locateLandmarksOfEach(chips: readonly RgbImage[]): Promise<Point[][]>;
  describeEach(chips: readonly RgbImage[]): Promise<Float32Array[]>;
  describeEachWithFaceres(faces: readonly FaceInImage[]): Promise<Float32Array[]>;
  assessPresentationOfEach(faces: readonly FaceInImage[]): Promise<PresentationScores[]>;
  dispose(): void;
}

export interface FaceModelPaths {
  /** Folder holding the face-api weight manifests and .bin shards; default: the npm package's `model/`. */
  readonly modelDir?: string;
  /** Folder holding tfjs-backend-wasm's .wasm files; default: the npm package's `dist/`. */
  readonly wasmDir?: string;
  /** Folder holding faceres.json, antispoof.json and liveness.json; default: `models/` of @vladmandic/human. */
  readonly graphModelDir?: string;
}

/** Detection scores below these are noise for our purposes (portraits and selfies, not crowds). */
const TINY_MIN_SCORE = 0.5;
const SSD_MIN_SCORE = 0.5;
const DEFAULT_TINY_INPUT = 416;

const require = createRequire(import.meta.url);
let backendReady: Promise<void> | undefined;

export function defaultModelDir(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

export function defaultWasmDir(): string {
  return path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
}

/**
 * The TensorFlow.js backend is process-wide: the first engine chooses the WASM files, later ones
 * share it. The WASM build runs single-threaded in Node, which keeps results bit-for-bit repeatable.
 */
function ensureWasmBackend(wasmDir: string): Promise<void> {
  backendReady ??= (async () => {
    setWasmPaths(`${wasmDir.replace(/[\\/]+$/, '')}/`);
    const isSet = await tf.setBackend('wasm');
    if (!isSet) throw new Error('TensorFlow.js refused the wasm backend');
    await tf.ready();
    installFastConcat();
  })();
  return backendReady;
}

export async function loadFaceModels(paths: FaceModelPaths = {}): Promise<FaceModels> {
  const modelDir = paths.modelDir ?? defaultModelDir();
  const tiny = new faceapi.TinyFaceDetector();
  const ssd = new faceapi.SsdMobilenetv1();
  const landmarkNet = new faceapi.FaceLandmark68Net();
  const recognitionNet = new faceapi.FaceRecognitionNet();
  const graphModelDir = paths.graphModelDir ?? humanModelDir();
  let faceres: Awaited<ReturnType<typeof loadGraphRecognizer>>;
  let presentation: Awaited<ReturnType<typeof loadPresentationModels>>;
  try {
    await ensureWasmBackend(paths.wasmDir ?? defaultWasmDir());
    await tiny.loadFromDisk(modelDir);
    await ssd.loadFromDisk(modelDir);
    await landmarkNet.loadFromDisk(modelDir);
    await recognitionNet.loadFromDisk(modelDir);
    faceres = await loadGraphRecognizer(faceresSpec(graphModelDir));
    presentation = await loadPresentationModels(graphModelDir);
  } catch (error) {
    backendReady = undefined;
    const message = error instanceof Error ? error.message : String(error);
    throw new FaceEngineError('MODEL_LOAD_FAILED', `Face models could not be loaded from ${modelDir} and ${graphModelDir}: ${message}`, {
      cause: error,
    });
  }

  async function locateLandmarksOfEach(chips: readonly RgbImage[]): Promise<Point[][]> {
    if (chips.length === 0) return [];
    const inputs = chips.map(toTensor);
    try {
      const result = await landmarkNet.detectLandmarks(inputs);
      const found = Array.isArray(result) ? result : [result];
      if (found.length !== chips.length) throw new Error('The landmark network returned nothing');
      return found.map((landmarks) => landmarks.positions.map((point) => ({ x: point.x, y: point.y })));
    } finally {
      for (const input of inputs) input.dispose();
    }
  }

  async function describeEach(chips: readonly RgbImage[]): Promise<Float32Array[]> {
    if (chips.length === 0) return [];
    const inputs = chips.map(toTensor);
    try {
      const result = await recognitionNet.computeFaceDescriptor(inputs);
      const found = Array.isArray(result) ? result : [result];
      if (found.length !== chips.length) throw new Error('The recognition network returned nothing');
      return found;
    } finally {
      for (const input of inputs) input.dispose();
    }
  }

  return {
    async detect(image, detector, options = {}) {
      const input = toTensor(image);
      try {
        const found =
          detector === 'tiny'
            ? await tiny.locateFaces(
                input,
                new faceapi.TinyFaceDetectorOptions({ inputSize: options.inputSize ?? DEFAULT_TINY_INPUT, scoreThreshold: TINY_MIN_SCORE }),
              )
            : await ssd.locateFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: SSD_MIN_SCORE, maxResults: 20 }));
        return found.map((detection) => ({
          x: detection.box.x,
          y: detection.box.y,
          width: detection.box.width,
          height: detection.box.height,
          score: detection.score,
        }));
      } finally {
        input.dispose();
      }
    },

    async locateLandmarks(chip) {
      return firstOf(await locateLandmarksOfEach([chip]), 'The landmark network');
    },

    async describe(chip) {
      return firstOf(await describeEach([chip]), 'The recognition network');
    },

    describeWithFaceres(image, landmarks) {
      return faceres.describe(image, landmarks);
    },

    assessPresentation(image, landmarks) {
      return presentation.assess(image, landmarks);
    },

    locateLandmarksOfEach: (chips) => inBatches(chips, locateLandmarksOfEach),
    describeEach: (chips) => inBatches(chips, describeEach),
    describeEachWithFaceres: (faces) => inBatches(faces, faceres.describeEach),
    assessPresentationOfEach: (faces) => inBatches(faces, presentation.assessEach),

    dispose() {
      faceres.dispose();
      presentation.dispose();
      tiny.dispose();
      ssd.dispose();
      landmarkNet.dispose();
      recognitionNet.dispose();
    },
  };
}

/**
 * Batches are cut at this many faces (a clip's anchor and its six identity frames fit in one): the
 * WASM heap grows with a batch's activations and never gives the memory back.
 */
const MAX_BATCH = 8;

async function inBatches<T, R>(items: readonly T[], run: (batch: readonly T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += MAX_BATCH) results.push(...(await run(items.slice(start, start + MAX_BATCH))));
  return results;
}

function firstOf<T>(results: readonly T[], network: string): T {
  const [first] = results;
  if (first === undefined) throw new Error(`${network} returned nothing`);
  return first;
}

function toTensor(image: RgbImage): faceapi.tf.Tensor3D {
  return faceapi.tf.tensor3d(Float32Array.from(image.data), [image.height, image.width, 3], 'float32');
}
