import { FRAME_DETECTOR_INPUT } from '../liveness/frame-analysis';
import { assessLiveness, unreadableVideoVerdict } from '../liveness/liveness-check';
import { isLivenessChallenge, type LivenessChallenge } from '../liveness/liveness-challenge';
import type { LivenessVerdict } from '../liveness/liveness-verdict';
import { DEFAULT_FRAME_EXTRACTION, VideoUnreadableError, extractVideoFrames } from '../liveness/video-frame-extractor';
import { findAllFaces, findMainFace, type ImageFaces, type ImageWithMainFace } from './face-analysis';
import { compareMainFaces, type FaceComparison } from './face-comparison';
import { FaceEngineError } from './face-engine-error';
import { decodeFaceImage } from './face-image-decoder';
import { DEFAULT_FACE_MATCH_THRESHOLD } from './face-match-threshold';
import { loadFaceModels, type FaceModels } from './face-models';
import { assertThreshold } from './face-similarity';
import type { RgbImage } from './rgb-image';

export interface FaceEngineOptions {
  /** Folder with face-api's weight files; default: `model/` of the @vladmandic/face-api package. */
  readonly modelDir?: string;
  /** Folder with FaceRes and the anti-spoofing graph models; default: `models/` of the @vladmandic/human package. */
  readonly graphModelDir?: string;
  /** Folder with the tfjs-backend-wasm .wasm files; default: that package's `dist/`. */
  readonly wasmDir?: string;
  /** ffmpeg binary; default: the one in @ffmpeg-installer/ffmpeg. */
  readonly ffmpegPath?: string;
  /** Default lowest similarity score (0-100) for a match; default DEFAULT_FACE_MATCH_THRESHOLD. */
  readonly matchThreshold?: number;
  /** Run every network once at start-up so that the first real call is as fast as later ones. Default true. */
  readonly warmUp?: boolean;
}

export interface LivenessOptions {
  /** The challenge the server chose and signed into the session (never taken from the client as is). */
  readonly challenge: LivenessChallenge;
  /** Document portrait (or any image of the expected person) to compare with the video's best frame. */
  readonly referenceImage?: Uint8Array;
  /** Overrides the engine's match threshold for this call (the tenant's configured value). */
  readonly threshold?: number;
  /** True when the client recorded its mirrored preview: left and right are then swapped. */
  readonly isMirrored?: boolean;
  /**
   * Run the passive anti-spoofing networks on the frames compared for identity, for
   * `evidence.presentation`; default true. No verdict reads it (`live`, `reasons` and `faceMatch`
   * are the same either way), so a caller that keeps only the verdict passes false and saves the work.
   */
  readonly withPresentation?: boolean;
}

/** The largest face of an image as a descriptor, to store and compare later without the image. */
export interface FaceDescription {
  readonly faces: ImageFaces;
  /** 1152 numbers (ResNet-34's 128, then FaceRes's 1024); null when the image has no face. Compare two with `scoreDescriptors`. */
  readonly descriptor: number[] | null;
}

export interface FaceEngine {
  readonly matchThreshold: number;
  /** Every face in the image with its box, detector confidence and landmarks. */
  detectFaces(image: Uint8Array): Promise<ImageFaces>;
  /** The descriptor of the image's largest face, exactly as `compareFaces` computes it. */
  describeFace(image: Uint8Array): Promise<FaceDescription>;
  /** Compares the largest face of each image: document portrait, selfie or video frame. */
  compareFaces(first: Uint8Array, second: Uint8Array, options?: { readonly threshold?: number }): Promise<FaceComparison>;
  /** Verdict on a short selfie clip: a face throughout, one person, the challenge answered, and the reference matched. */
  checkLiveness(video: Uint8Array, options: LivenessOptions): Promise<LivenessVerdict>;
  /** Frees the networks' memory; later calls throw ENGINE_CLOSED. */
  close(): Promise<void>;
}

/** Blinks last 100-400 ms, so the blink challenge samples faster than a head turn needs. */
const FPS_BY_CHALLENGE: Readonly<Record<LivenessChallenge, number>> = { 'turn-left-right': 8, 'turn-right-left': 8, blink: 12 };

/**
 * Loads the networks once (bench/results/idv-faces-bench.json: modelLoadMs) and keeps them for the
 * life of the process. Calls run one at a time: inference is CPU-bound on one thread, so queueing
 * costs nothing and keeps memory flat under load. Results are deterministic for the same bytes.
 */
export async function createFaceEngine(options: FaceEngineOptions = {}): Promise<FaceEngine> {
  const matchThreshold = assertThreshold(options.matchThreshold ?? DEFAULT_FACE_MATCH_THRESHOLD);
  const models = await loadFaceModels({ modelDir: options.modelDir, wasmDir: options.wasmDir, graphModelDir: options.graphModelDir });
  if (options.warmUp ?? true) await warmUpModels(models);
  let isClosed = false;
  let queue: Promise<unknown> = Promise.resolve();

  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(() => {
      if (isClosed) throw new FaceEngineError('ENGINE_CLOSED', 'The face engine has been closed');
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    matchThreshold,

    detectFaces(image) {
      return exclusive(async () => findAllFaces(models, await decodeLabelled(image, 'Image')));
    },

    describeFace(image) {
      return exclusive(async () => {
        const found = await findMainFace(models, await decodeLabelled(image, 'Image'));
        return { faces: found.summary, descriptor: found.main ? Array.from(found.main.descriptor) : null };
      });
    },

    compareFaces(first, second, callOptions = {}) {
      return exclusive(async () => {
        const threshold = assertThreshold(callOptions.threshold ?? matchThreshold);
        const a = await findMainFace(models, await decodeLabelled(first, 'First image'));
        const b = await findMainFace(models, await decodeLabelled(second, 'Second image'));
        return compareMainFaces(a, b, threshold);
      });
    },

    checkLiveness(video, livenessOptions) {
      return exclusive(async () => {
        if (!isLivenessChallenge(livenessOptions.challenge)) {
          throw new RangeError(`Unknown liveness challenge: ${String(livenessOptions.challenge)}`);
        }
        const threshold = assertThreshold(livenessOptions.threshold ?? matchThreshold);
        const fps = FPS_BY_CHALLENGE[livenessOptions.challenge];
        // ffmpeg decodes in its own process while the reference portrait is analysed here; the
        // outcome is caught at once so that a failed decode is never an unhandled rejection.
        const extraction = extractVideoFrames(video, { ...DEFAULT_FRAME_EXTRACTION, fps, ffmpegPath: options.ffmpegPath }).then(
          (frames) => ({ frames }),
          (error: unknown) => ({ error }),
        );
        let reference: ImageWithMainFace | undefined;
        try {
          // Only the reference's descriptor is compared: its anti-spoofing score would be thrown away.
          reference = livenessOptions.referenceImage
            ? await findMainFace(models, await decodeLabelled(livenessOptions.referenceImage, 'Reference image'), {
                withPresentation: false,
              })
            : undefined;
        } finally {
          // Calls run one at a time: ffmpeg is done before this one ends, even when the reference failed.
          await extraction;
        }
        const extracted = await extraction;
        if ('error' in extracted) {
          if (extracted.error instanceof VideoUnreadableError) {
            return unreadableVideoVerdict(livenessOptions.challenge, fps, extracted.error.message);
          }
          throw extracted.error;
        }
        const { frames } = extracted;
        if (frames.length === 0) return unreadableVideoVerdict(livenessOptions.challenge, fps, 'The video has no video frames');
        return assessLiveness(models, {
          frames,
          fps,
          challenge: livenessOptions.challenge,
          threshold,
          reference,
          isMirrored: livenessOptions.isMirrored ?? false,
          withPresentation: livenessOptions.withPresentation ?? true,
        });
      });
    },

    async close() {
      await exclusive(async () => {
        isClosed = true;
        models.dispose();
      });
    },
  };
}

async function decodeLabelled(bytes: Uint8Array, label: string): Promise<RgbImage> {
  try {
    return await decodeFaceImage(bytes);
  } catch (error) {
    if (error instanceof FaceEngineError) throw new FaceEngineError(error.code, `${label}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** WASM kernels are compiled per input shape on first use; running each shape once moves that cost to start-up. */
async function warmUpModels(models: FaceModels): Promise<void> {
  await models.detect(grey(640, 480), 'tiny');
  await models.detect(grey(DEFAULT_FRAME_EXTRACTION.frameSize, DEFAULT_FRAME_EXTRACTION.frameSize), 'tiny', {
    inputSize: FRAME_DETECTOR_INPUT,
  });
  await models.detect(grey(640, 480), 'ssd');
  await models.locateLandmarks(grey(112, 112));
  await models.describe(grey(150, 150));
  const landmarks = Array.from({ length: 68 }, (_, i) => ({ x: 40 + (i % 17) * 4, y: 40 + Math.floor(i / 17) * 12 }));
  await models.describeWithFaceres(grey(160, 160), landmarks);
  await models.assessPresentation(grey(160, 160), landmarks);
}

function grey(width: number, height: number): RgbImage {
  return { width, height, data: new Uint8Array(width * height * 3).fill(128) };
}
