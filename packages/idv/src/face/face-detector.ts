import { scaleBox, sortByProminence, suppressOverlaps, type ScoredBox } from './box-geometry';
import { extractRegion, resizeLongSide, rotateQuarterTurns } from './face-image-decoder';
import type { DetectorName, FaceModels } from './face-models';
import { cropSquareRegion, rotateClockwise, type RgbImage } from './rgb-image';

export type Rotation = 0 | 90 | 180 | 270;

/** Which attempt of the search found the faces: the cheap ones come first. */
export type DetectionPass = 'whole-tiny' | 'whole-ssd' | 'tiles-ssd' | 'rotated-tiny' | 'rotated-ssd' | 'none';

export interface FaceSearchResult {
  /** The image the boxes refer to: the input, or the input turned clockwise by `rotation`. */
  readonly image: RgbImage;
  readonly rotation: Rotation;
  readonly pass: DetectionPass;
  /** Most prominent (largest) first. */
  readonly faces: readonly ScoredBox[];
}

/**
 * Faces are searched on a copy whose longer side is this long: large photos are shrunk (the
 * detectors work at 416-512 px anyway) and small ones, such as a portrait cut from a document,
 * are enlarged so that the face reaches a size the detectors were trained on.
 */
export const DETECTION_SIDE = 640;

/**
 * The detectors also fire on a face lying sideways, and the landmark network then returns a
 * plausible but meaningless upright shape. So the main face's surroundings are shown to the tiny
 * detector as they stand; a face it does not accept as such (below KEEP_AS_IS_SCORE, as a sideways
 * face scores) is shown in the other three quarter turns and the most confident turn wins. A face
 * accepted as it stands is never turned: on small portraits the detector scores a face and the same
 * face upside down too closely to choose between them (npm run eval -- idv-faces checks both cases).
 */
const ORIENTATION_CHIP = 160;
const ORIENTATION_CONTEXT = 1.6;
const KEEP_AS_IS_SCORE = 0.6;

/** Tiles are worth it only when the enlarged tile shows the face notably larger than the whole view. */
const MIN_SIDE_FOR_TILES = 1000;
const TILE_FRACTION = 0.6;

/**
 * Searches in order of cost and stops at the first attempt that finds a face: the fast tiny
 * detector on the whole image; the slower, more sensitive SSD MobileNet; SSD on four overlapping
 * enlarged tiles (small faces on a document scan); finally the image turned, for photos stored
 * sideways without an EXIF orientation. A face found as the image stands is then checked for lying
 * sideways (see KEEP_AS_IS_SCORE).
 */
export async function searchFaces(models: FaceModels, image: RgbImage): Promise<FaceSearchResult> {
  const found = await searchAsItStands(models, image);
  const main = found?.faces[0];
  if (!found || !main) return searchTurned(models, image);
  const turn = await voteOrientation(models, image, main.box);
  if (turn === 0) return found;
  const turned = await rotateQuarterTurns(image, turn);
  for (const detector of ['tiny', 'ssd'] as const) {
    const faces = await detectWhole(models, turned, detector);
    if (faces.length > 0) return { image: turned, rotation: turn, pass: found.pass, faces };
  }
  return found;
}

async function searchAsItStands(models: FaceModels, image: RgbImage): Promise<FaceSearchResult | null> {
  for (const detector of ['tiny', 'ssd'] as const) {
    const faces = await detectWhole(models, image, detector);
    if (faces.length > 0) return { image, rotation: 0, pass: detector === 'tiny' ? 'whole-tiny' : 'whole-ssd', faces };
  }
  if (Math.max(image.width, image.height) >= MIN_SIDE_FOR_TILES) {
    const faces = await detectInTiles(models, image);
    if (faces.length > 0) return { image, rotation: 0, pass: 'tiles-ssd', faces };
  }
  return null;
}

/**
 * A sideways photo turned both ways shows the face once upright and once upside down, and the
 * detectors fire on both: the more confident quarter turn wins. A half turn comes last.
 */
async function searchTurned(models: FaceModels, image: RgbImage): Promise<FaceSearchResult> {
  const quarters = await Promise.all(
    [90, 270].map(async (rotation) => ({ rotation, image: await rotateQuarterTurns(image, rotation as 90 | 270) })),
  );
  for (const detector of ['tiny', 'ssd'] as const) {
    let best: FaceSearchResult | null = null;
    for (const quarter of quarters) {
      const faces = await detectWhole(models, quarter.image, detector);
      const score = Math.max(0, ...faces.map((face) => face.score));
      if (faces.length > 0 && (!best || score > Math.max(...best.faces.map((face) => face.score)))) {
        best = {
          image: quarter.image,
          rotation: quarter.rotation as Rotation,
          pass: detector === 'tiny' ? 'rotated-tiny' : 'rotated-ssd',
          faces,
        };
      }
    }
    if (best) return best;
  }
  const upsideDown = await rotateQuarterTurns(image, 180);
  for (const detector of ['tiny', 'ssd'] as const) {
    const faces = await detectWhole(models, upsideDown, detector);
    if (faces.length > 0) return { image: upsideDown, rotation: 180, pass: detector === 'tiny' ? 'rotated-tiny' : 'rotated-ssd', faces };
  }
  return { image, rotation: 0, pass: 'none', faces: [] };
}

/** The clockwise quarter turn that makes the face around `box` a face to the detector; 0 when it already is one. */
export async function voteOrientation(
  models: FaceModels,
  image: RgbImage,
  box: { x: number; y: number; width: number; height: number },
): Promise<Rotation> {
  const chip = cropSquareRegion(image, {
    centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    side: Math.max(box.width, box.height) * ORIENTATION_CONTEXT,
    angle: 0,
    outputSize: ORIENTATION_CHIP,
  });
  let bestScore = await bestDetectionScore(models, chip);
  if (bestScore >= KEEP_AS_IS_SCORE) return 0;
  let best: Rotation = 0;
  for (const turn of [90, 180, 270] as const) {
    const score = await bestDetectionScore(models, rotateClockwise(chip, turn === 90 ? 1 : turn === 180 ? 2 : 3));
    if (score > bestScore) {
      best = turn;
      bestScore = score;
    }
  }
  return best;
}

async function bestDetectionScore(models: FaceModels, chip: RgbImage): Promise<number> {
  const found = await models.detect(chip, 'tiny', { inputSize: ORIENTATION_CHIP });
  return Math.max(0, ...found.map((detection) => detection.score));
}

async function detectWhole(models: FaceModels, image: RgbImage, detector: DetectorName): Promise<ScoredBox[]> {
  const view = await resizeLongSide(image, DETECTION_SIDE);
  const found = await models.detect(view.image, detector);
  return sortByProminence(found.map((detection) => ({ box: scaleBox(detection, 1 / view.scale), score: detection.score })));
}

async function detectInTiles(models: FaceModels, image: RgbImage): Promise<ScoredBox[]> {
  const tileWidth = image.width * TILE_FRACTION;
  const tileHeight = image.height * TILE_FRACTION;
  const found: ScoredBox[] = [];
  for (const top of [0, image.height - tileHeight]) {
    for (const left of [0, image.width - tileWidth]) {
      const tile = await extractRegion(image, { left, top, width: tileWidth, height: tileHeight });
      const view = await resizeLongSide(tile, DETECTION_SIDE);
      for (const detection of await models.detect(view.image, 'ssd')) {
        found.push({ box: scaleBox(detection, 1 / view.scale, { x: Math.round(left), y: Math.round(top) }), score: detection.score });
      }
    }
  }
  return sortByProminence(suppressOverlaps(found));
}
