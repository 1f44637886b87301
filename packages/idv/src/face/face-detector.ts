import { scaleBox, sortByProminence, suppressOverlaps, type ScoredBox } from './box-geometry';
import { locateFaceShape, type FaceBox } from './face-description';
import { extractRegion, padImage, resizeLongSide, rotateQuarterTurns } from './face-image-decoder';
import type { DetectorName, FaceModels } from './face-models';
import { checkLandmarks } from './face-plausibility';
import { cropSquareRegion, rotateClockwise, type RgbImage } from './rgb-image';

export type Rotation = 0 | 90 | 180 | 270;

/** Which attempt of the search found the faces: the cheap ones come first. */
export type DetectionPass =
  'whole-tiny' | 'whole-ssd' | 'padded-tiny' | 'padded-ssd' | 'tiles-ssd' | 'rotated-tiny' | 'rotated-ssd' | 'none';

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
 * The detectors were trained on faces with surroundings: a face that fills a tight crop (a
 * document portrait of ~150 px) is often missed or boxed badly. So when nothing is found, or the
 * face found reaches the picture's edges, the picture is searched again in the middle of a grey
 * canvas PAD_MARGIN times its size on every side (a second, smaller scale of the same face).
 */
const PAD_MARGIN = 0.5;
/** A box closer than this share of its own size to two or more picture edges fills the picture. */
const EDGE_SHARE = 0.08;

/**
 * The detectors also fire on a face lying sideways, and the landmark network then returns a
 * plausible but meaningless upright shape. So the main face's surroundings are shown to the tiny
 * detector as they stand; a face it does not accept as such (below KEEP_AS_IS_SCORE, as a sideways
 * face scores) is shown in the other three quarter turns, and a turn wins only when it reads as a
 * face (KEEP_AS_IS_SCORE) clearly better (TURN_MARGIN) than the face as it stands: on small
 * portraits the detector scores a face and the same face upside down too closely to choose by a hair.
 */
const ORIENTATION_CHIP = 160;
const ORIENTATION_CONTEXT = 1.6;
const KEEP_AS_IS_SCORE = 0.6;
const TURN_MARGIN = 0.2;

/**
 * A face found only in a turned copy of the picture must be as convincing as an upright face:
 * a detector score of at least ROTATED_MIN_SCORE (the tenth percentile of the tiny detector's
 * score on the upright faces of the tuning photos is 0.76), landmarks that stand upright in the
 * detected box (face-plausibility.ts), and its levelled surroundings read as a face on their own.
 * Otherwise a pattern that looks like a small face when turned would be compared as one.
 */
const ROTATED_MIN_SCORE = 0.8;

/** Tiles are worth it only when the enlarged tile shows the face notably larger than the whole view. */
const MIN_SIDE_FOR_TILES = 1000;
const TILE_FRACTION = 0.6;

/**
 * Searches in order of cost and stops at the first attempt that finds a face: the fast tiny
 * detector on the whole image (and on the image with a margin when the face fills it or none is
 * found); the slower, more sensitive SSD MobileNet the same way; SSD on four overlapping enlarged
 * tiles (small faces on a document scan); finally the image turned, for photos stored sideways
 * without an EXIF orientation, accepting only a convincing face there. A face found as the image
 * stands is then checked for lying sideways (see KEEP_AS_IS_SCORE).
 */
export async function searchFaces(models: FaceModels, image: RgbImage): Promise<FaceSearchResult> {
  const found = await searchAsItStands(models, image);
  const main = found?.faces[0];
  if (!found || !main) return searchTurned(models, image);
  const turn = await voteOrientation(models, image, main.box);
  if (turn === 0) return found;
  const turned = await rotateQuarterTurns(image, turn);
  const again = await searchAsItStands(models, turned, false);
  if (again && again.faces.length > 0) return { ...again, image: turned, rotation: turn, pass: found.pass };
  return found;
}

async function searchAsItStands(models: FaceModels, image: RgbImage, withTiles = true): Promise<FaceSearchResult | null> {
  for (const detector of ['tiny', 'ssd'] as const) {
    const whole = await detectWhole(models, image, detector);
    const first = whole[0];
    if (first && !fillsPicture(first.box, image))
      return { image, rotation: 0, pass: detector === 'tiny' ? 'whole-tiny' : 'whole-ssd', faces: whole };
    const padded = await detectPadded(models, image, detector);
    const merged = sortByProminence(suppressOverlaps([...whole, ...padded]));
    const best = merged[0];
    if (best) {
      const fromPadded = padded.includes(best);
      const pass: DetectionPass =
        detector === 'tiny' ? (fromPadded ? 'padded-tiny' : 'whole-tiny') : fromPadded ? 'padded-ssd' : 'whole-ssd';
      return { image, rotation: 0, pass, faces: merged };
    }
  }
  if (withTiles && Math.max(image.width, image.height) >= MIN_SIDE_FOR_TILES) {
    const faces = await detectInTiles(models, image);
    if (faces.length > 0) return { image, rotation: 0, pass: 'tiles-ssd', faces };
  }
  return null;
}

/** True when the box comes within EDGE_SHARE of its size to at least two edges of the picture. */
export function fillsPicture(box: FaceBox, image: { width: number; height: number }): boolean {
  const reach = EDGE_SHARE * Math.max(box.width, box.height);
  const near = [box.x, box.y, image.width - (box.x + box.width), image.height - (box.y + box.height)].filter((gap) => gap <= reach);
  return near.length >= 2;
}

/**
 * A sideways or upside-down photo turned the right way shows the face upright. Every turn is
 * searched as the upright picture is; among the turns, the most confident convincing face wins.
 */
async function searchTurned(models: FaceModels, image: RgbImage): Promise<FaceSearchResult> {
  let best: { result: FaceSearchResult; score: number } | null = null;
  for (const rotation of [90, 270, 180] as const) {
    const turned = await rotateQuarterTurns(image, rotation);
    const found = await searchAsItStands(models, turned, false);
    const main = found?.faces[0];
    if (!found || !main || main.score < ROTATED_MIN_SCORE || (best && main.score <= best.score)) continue;
    if (!(await isConvincingFace(models, turned, main))) continue;
    const pass: DetectionPass = found.pass.endsWith('tiny') ? 'rotated-tiny' : 'rotated-ssd';
    best = { result: { image: turned, rotation, pass, faces: found.faces }, score: main.score };
  }
  return best?.result ?? { image, rotation: 0, pass: 'none', faces: [] };
}

async function isConvincingFace(models: FaceModels, image: RgbImage, face: ScoredBox): Promise<boolean> {
  const shape = await locateFaceShape(models, image, face.box);
  if (!checkLandmarks(shape.landmarks, face.box).isPlausible) return false;
  return (await bestDetectionScore(models, orientationChip(image, face.box))) >= KEEP_AS_IS_SCORE;
}

function orientationChip(image: RgbImage, box: FaceBox): RgbImage {
  return cropSquareRegion(image, {
    centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    side: Math.max(box.width, box.height) * ORIENTATION_CONTEXT,
    angle: 0,
    outputSize: ORIENTATION_CHIP,
  });
}

/** The clockwise quarter turn that makes the face around `box` a face to the detector; 0 when it already is one. */
export async function voteOrientation(models: FaceModels, image: RgbImage, box: FaceBox): Promise<Rotation> {
  const chip = orientationChip(image, box);
  const asItStands = await bestDetectionScore(models, chip);
  if (asItStands >= KEEP_AS_IS_SCORE) return 0;
  let best: Rotation = 0;
  let bestScore = Math.max(KEEP_AS_IS_SCORE, asItStands + TURN_MARGIN);
  for (const turn of [90, 180, 270] as const) {
    const score = await bestDetectionScore(models, rotateClockwise(chip, turn === 90 ? 1 : turn === 180 ? 2 : 3));
    if (score >= bestScore) {
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

async function detectPadded(models: FaceModels, image: RgbImage, detector: DetectorName): Promise<ScoredBox[]> {
  const padded = await padImage(image, PAD_MARGIN);
  const faces = await detectWhole(models, padded.image, detector);
  return faces.map((face) => ({ ...face, box: { ...face.box, x: face.box.x - padded.offset.x, y: face.box.y - padded.offset.y } }));
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
