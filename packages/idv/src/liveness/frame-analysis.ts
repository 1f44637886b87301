import { scaleBox, sortByProminence, type ScoredBox } from '../face/box-geometry';
import { locateFaceShapes } from '../face/face-description';
import type { FaceModels, RawDetection } from '../face/face-models';
import type { RgbImage } from '../face/rgb-image';
import type { FrameObservation } from './frame-consistency';
import { estimateYawDegrees, eyeAspectRatio } from './landmark-geometry';

/** Selfie frames show one large face, which the tiny detector finds at this small (fast) input size. */
export const FRAME_DETECTOR_INPUT = 224;
/**
 * A frame where the tiny detector sees nothing gets one look by SSD MobileNet (about 8x slower),
 * for at most this many frames per video, so that a clip without any face still ends quickly.
 */
export const SSD_RETRIES_PER_VIDEO = 4;
/** Another face counts when it is confidently detected and not tiny next to the main one. */
const SECOND_FACE_MIN_SCORE = 0.7;
const SECOND_FACE_MIN_RELATIVE_WIDTH = 0.3;

/**
 * Every frame's faces, then the main face's landmarks: the detector runs frame by frame (the SSD
 * retries go to the first frames that need them), the landmark network on all main faces at
 * once, which gives each frame the landmarks it would get alone in less time.
 */
export async function analyseFrames(
  models: FaceModels,
  frames: readonly RgbImage[],
  options: { isMirrored: boolean },
): Promise<FrameObservation[]> {
  let ssdRetriesLeft = SSD_RETRIES_PER_VIDEO;
  const found: { frame: RgbImage; main: ScoredBox | undefined; others: ScoredBox[] }[] = [];
  for (const frame of frames) {
    let detections = await models.detect(frame, 'tiny', { inputSize: FRAME_DETECTOR_INPUT });
    if (detections.length === 0 && ssdRetriesLeft > 0) {
      ssdRetriesLeft -= 1;
      detections = await models.detect(frame, 'ssd');
    }
    const [main, ...others] = sortByProminence(detections.map(toScoredBox));
    found.push({ frame, main, others });
  }
  const withFace = found.flatMap(({ frame, main }) => (main ? [{ image: frame, box: main.box }] : []));
  const shapes = await locateFaceShapes(models, withFace);
  let shapeIndex = 0;
  return found.map(({ main, others }, index): FrameObservation => {
    const shape = main ? shapes[shapeIndex++] : undefined;
    if (!main || !shape) return { index, faceCount: 0, face: null };
    const yaw = estimateYawDegrees(shape.landmarks);
    const secondFaces = others.filter(
      (other) => other.score >= SECOND_FACE_MIN_SCORE && other.box.width >= main.box.width * SECOND_FACE_MIN_RELATIVE_WIDTH,
    );
    return {
      index,
      faceCount: 1 + secondFaces.length,
      face: {
        box: main.box,
        detectionScore: main.score,
        landmarks: shape.landmarks,
        rollDegrees: (shape.roll * 180) / Math.PI,
        yawDegrees: options.isMirrored ? -yaw : yaw,
        eyeAspectRatio: eyeAspectRatio(shape.landmarks),
      },
    };
  });
}

function toScoredBox(detection: RawDetection): ScoredBox {
  return { box: scaleBox(detection, 1), score: detection.score };
}
