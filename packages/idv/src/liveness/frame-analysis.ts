import { scaleBox, sortByProminence, type ScoredBox } from '../face/box-geometry';
import { locateFaceShape } from '../face/face-description';
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

export interface FrameAnalyser {
  analyse(frame: RgbImage, index: number): Promise<FrameObservation>;
}

export function createFrameAnalyser(models: FaceModels, options: { isMirrored: boolean }): FrameAnalyser {
  let ssdRetriesLeft = SSD_RETRIES_PER_VIDEO;
  return {
    async analyse(frame, index) {
      let detections = await models.detect(frame, 'tiny', { inputSize: FRAME_DETECTOR_INPUT });
      if (detections.length === 0 && ssdRetriesLeft > 0) {
        ssdRetriesLeft -= 1;
        detections = await models.detect(frame, 'ssd');
      }
      const ranked = sortByProminence(detections.map(toScoredBox));
      const [main, ...others] = ranked;
      if (!main) return { index, faceCount: 0, face: null };
      const shape = await locateFaceShape(models, frame, main.box);
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
    },
  };
}

function toScoredBox(detection: RawDetection): ScoredBox {
  return { box: scaleBox(detection, 1), score: detection.score };
}
