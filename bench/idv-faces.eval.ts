/**
 * Face match and liveness accuracy on the shared face data (../shared/data/idv/faces):
 * - false non-match rate at a 1% false match rate on faces/pairs.csv (target <= 5%), the threshold
 *   that gives it (the engine's default is set from this run), and the ROC curve;
 * - small faces: a portrait cut down to a few dozen pixels of face, alone and on a card-like scan,
 *   still matches another photo of the person, and is not turned by the orientation vote;
 * - the three spoof samples handled as packages/idv/README.md says: each still picture, held to the
 *   camera as an attacker would, fails liveness with NO_MOTION and CHALLENGE_NOT_COMPLETED; its
 *   face is still found, also when the photo lies sideways without its EXIF orientation;
 * - end-to-end liveness on clips made from the shared photos (the data holds no live recording): a
 *   photo warped into a continuous head turn passes (it is itself a synthetic-video attack), two
 *   posed photos cut together, a face swapped mid-clip, another person's portrait and a group
 *   photo fail.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFaceEngine, type FaceEngine } from '@sanad/idv/face/face-engine';
import { DEFAULT_FACE_MATCH_THRESHOLD } from '@sanad/idv/face/face-match-threshold';
import { scoreDescriptors } from '@sanad/idv/face/face-similarity';
import {
  GROUP_SELFIE_TURNED_FACE,
  cropUpright,
  onDocumentCanvas,
  scaledToHeight,
  withoutOrientation,
} from '@sanad/idv/face/image-variants.fixture';
import { calibrateThreshold, equalErrorPoint, errorRatesAt, rocCurve } from '@sanad/idv/face/threshold-calibration';
import { generateHandHeldPhotoClip, generateSlideshowClip, generateWarpedTurnClip } from '@sanad/idv/liveness/generated-video.fixture';
import type { LivenessVerdict } from '@sanad/idv/liveness/liveness-verdict';
import { findSharedData, report, round, writeResult } from './lib';

const TARGET_FNMR = 0.05;
const TARGET_FMR = 0.01;
const SPOOF_SAMPLES = [
  { file: 'faces/spoof/silent-face_image_F1_print_attack.jpg', label: 'printed photo (spoof)' },
  { file: 'faces/spoof/silent-face_image_F2_screen_replay.jpg', label: 'face on a tablet screen (spoof)' },
  { file: 'faces/spoof/silent-face_image_T1_live.jpg', label: 'live person photographed (bona fide)' },
];

const dataRoot = findSharedData();
if (!dataRoot) {
  console.log('idv-faces eval skipped: no shared data (../shared/data or SANAD_EVAL_DATA)');
  process.exit(0);
}
const idvRoot = path.join(dataRoot, 'idv');
const read = (file: string) => readFileSync(path.join(idvRoot, file));

const engine = await createFaceEngine();
const pairs = await evaluatePairs(engine);
const smallFaces = await evaluateSmallFaces(engine);
const spoofs = await evaluateSpoofs(engine);
const clips = await evaluateAssembledClips(engine);
await engine.close();

const spoofsAsClaimed = spoofs.every((spoof) => spoof.handledAsReadmeSays);
const clipsAsExpected = clips.every((clip) => clip.asExpected);
const smallFacesMatched = smallFaces.every((check) => check.match && check.rotation === 0);
const file = writeResult('idv-faces-eval', {
  dataset: 'idv/faces/pairs.csv (deepface unit-test photos)',
  scoreScale: '100 x (1 - euclidean descriptor distance / 2); match when score >= threshold',
  ...pairs,
  smallFaces,
  smallFacesMatched,
  spoofs,
  spoofsHandledAsReadmeSays: spoofsAsClaimed,
  assembledClips: clips,
  assembledClipsAsExpected: clipsAsExpected,
});
console.log(`\nwrote ${file}`);
if (pairs.calibrated.falseNonMatchRate > TARGET_FNMR || !spoofsAsClaimed || !clipsAsExpected || !smallFacesMatched) process.exit(1);

async function evaluatePairs(faceEngine: FaceEngine) {
  const rows = read('faces/pairs.csv')
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([a = '', b = '', same = '']) => ({ a, b, isSame: same.trim() === 'True' }));
  const descriptors = new Map<string, number[] | null>();
  const turned: string[] = [];
  for (const name of new Set(rows.flatMap((row) => [row.a, row.b]))) {
    const description = await faceEngine.describeFace(read(name));
    descriptors.set(name, description.descriptor);
    if (description.faces.rotation !== 0) turned.push(name);
  }
  const missing = [...descriptors].filter(([, descriptor]) => descriptor === null).map(([name]) => name);

  const genuine: number[] = [];
  const impostor: number[] = [];
  const cosine = { genuine: [] as number[], impostor: [] as number[] };
  for (const row of rows) {
    const a = descriptors.get(row.a);
    const b = descriptors.get(row.b);
    // A photo without a face scores 0, as compareFaces reports it: a miss counts against us.
    const score = a && b ? scoreDescriptors(a, b).score : 0;
    (row.isSame ? genuine : impostor).push(score);
    if (a && b) (row.isSame ? cosine.genuine : cosine.impostor).push(cosineSimilarity(a, b));
  }

  // compareFaces must give exactly the scores the descriptors give.
  const sample = rows.slice(0, 8);
  let agreeing = 0;
  for (const row of sample) {
    const comparison = await faceEngine.compareFaces(read(row.a), read(row.b));
    const a = descriptors.get(row.a);
    const b = descriptors.get(row.b);
    if (a && b && comparison.score === scoreDescriptors(a, b).score) agreeing += 1;
  }

  const calibrated = calibrateThreshold(genuine, impostor, TARGET_FMR);
  const atDefault = errorRatesAt(DEFAULT_FACE_MATCH_THRESHOLD, genuine, impostor);
  const curve = rocCurve(genuine, impostor);
  const equalError = equalErrorPoint(curve);
  report('FNMR at FMR <= 1% (calibrated threshold)', calibrated.falseNonMatchRate * 100, '%', { target: '<= 5 %' });
  report('calibrated threshold', calibrated.threshold, 'score');
  report(`FNMR at the default threshold ${DEFAULT_FACE_MATCH_THRESHOLD}`, atDefault.falseNonMatchRate * 100, '%');
  report(`FMR at the default threshold ${DEFAULT_FACE_MATCH_THRESHOLD}`, atDefault.falseMatchRate * 100, '%', { target: '<= 1 %' });
  report('equal error rate', Math.max(equalError.falseMatchRate, equalError.falseNonMatchRate) * 100, '%');
  return {
    pairs: { total: rows.length, genuine: genuine.length, impostor: impostor.length },
    photos: descriptors.size,
    photosWithoutFace: missing,
    // Every photo is upright: any turn here would be a wrong orientation vote.
    uprightPhotosTurned: turned,
    targetFalseMatchRate: TARGET_FMR,
    calibrated,
    targetMet: calibrated.falseNonMatchRate <= TARGET_FNMR,
    defaultThreshold: DEFAULT_FACE_MATCH_THRESHOLD,
    atDefaultThreshold: atDefault,
    equalError,
    distributions: { genuine: summarise(genuine), impostor: summarise(impostor) },
    cosineSimilarityForComparison: { genuine: summarise(cosine.genuine, 4), impostor: summarise(cosine.impostor, 4) },
    compareFacesAgreesWithDescriptors: `${agreeing}/${sample.length}`,
    roc: curve,
  };
}

/** Document portraits are small: img1 cut down to a few dozen pixels of face, alone and on a card-like scan, against img2. */
async function evaluateSmallFaces(faceEngine: FaceEngine) {
  const selfie = read('faces/deepface/img2.jpg');
  const checks = [];
  for (const height of [240, 160, 120, 100, 80]) {
    const portrait = await scaledToHeight(read('faces/deepface/img1.jpg'), height);
    for (const [setting, image] of [
      ['portrait alone', portrait],
      ['portrait on a 1600 x 1000 scan', await onDocumentCanvas(portrait)],
    ] as const) {
      const comparison = await faceEngine.compareFaces(image, selfie);
      const face = comparison.first.faces[0];
      checks.push({
        setting,
        portraitHeight: height,
        faceHeight: face ? Math.round(face.box.height) : null,
        pass: comparison.first.pass,
        rotation: comparison.first.rotation,
        score: comparison.score,
        match: comparison.match,
      });
    }
  }
  console.log(`small faces: ${checks.filter((check) => check.match).length} of ${checks.length} matched`);
  return checks;
}

async function evaluateSpoofs(faceEngine: FaceEngine) {
  const results = [];
  for (const sample of SPOOF_SAMPLES) {
    const photo = read(sample.file);
    const faces = await faceEngine.detectFaces(photo);
    const sideways = await faceEngine.compareFaces(await withoutOrientation(photo), photo);
    const clip = await generateHandHeldPhotoClip(photo, { seconds: 4, container: 'webm' });
    const turn = await faceEngine.checkLiveness(clip, { challenge: 'turn-left-right' });
    const blink = await faceEngine.checkLiveness(clip, { challenge: 'blink' });
    const handled = faces.faceCount === 1 && sideways.match && isRefused(turn) && isRefused(blink);
    console.log(
      `${sample.label}: faces ${faces.faceCount}, sideways match ${sideways.match}, held to camera -> ${turn.reasons.join('+')} / ${blink.reasons.join('+')}`,
    );
    results.push({
      file: sample.file,
      label: sample.label,
      facesFound: faces.faceCount,
      sidewaysWithoutExif: { rotationFound: sideways.first.rotation, score: sideways.score, match: sideways.match },
      heldToCamera: { turnLeftRight: brief(turn), blink: brief(blink) },
      handledAsReadmeSays: handled,
    });
  }
  return results;
}

async function evaluateAssembledClips(faceEngine: FaceEngine) {
  const portrait = read('faces/deepface/img62.jpg');
  const warpedTurn = await generateWarpedTurnClip(portrait, {
    ...(await turnGeometry(faceEngine, portrait)),
    strength: 0.35,
    seconds: 4,
    container: 'webm',
  });
  const turnedFace = await cropUpright(read('faces/deepface/selfie-many-people.jpg'), GROUP_SELFIE_TURNED_FACE);
  const cutTurn = await generateSlideshowClip(
    [
      { image: turnedFace, seconds: 1.5 },
      { image: turnedFace, seconds: 1.5, isFlipped: true },
    ],
    { container: 'webm' },
  );
  const person = ['img62', 'img61', 'img16'].map((name) => ({ image: read(`faces/deepface/${name}.jpg`), seconds: 1 }));
  const swappedClip = await generateSlideshowClip([...person, { image: read('faces/deepface/img1.jpg'), seconds: 1.5 }], {
    container: 'mp4',
  });
  const groupClip = await generateHandHeldPhotoClip(read('faces/deepface/selfie-many-people.jpg'), { seconds: 3, container: 'webm' });
  const checks = [
    {
      name: 'photo warped into a left-then-right head turn, same person as the document portrait',
      verdict: await faceEngine.checkLiveness(warpedTurn, {
        challenge: 'turn-left-right',
        referenceImage: read('faces/deepface/img59.jpg'),
      }),
      expect: (verdict: LivenessVerdict) => verdict.live && verdict.faceMatch?.match === true,
    },
    {
      name: 'same clip, right-then-left asked',
      verdict: await faceEngine.checkLiveness(warpedTurn, { challenge: 'turn-right-left' }),
      expect: (verdict: LivenessVerdict) => verdict.reasons.join() === 'CHALLENGE_NOT_COMPLETED',
    },
    {
      name: 'same clip against another person as document portrait',
      verdict: await faceEngine.checkLiveness(warpedTurn, {
        challenge: 'turn-left-right',
        referenceImage: read('faces/deepface/img1.jpg'),
      }),
      expect: (verdict: LivenessVerdict) => verdict.reasons.join() === 'FACE_MISMATCH',
    },
    {
      name: 'two posed photos (left, then mirrored right) cut together',
      verdict: await faceEngine.checkLiveness(cutTurn, { challenge: 'turn-left-right' }),
      expect: (verdict: LivenessVerdict) => verdict.reasons.join() === 'CHALLENGE_NOT_COMPLETED',
    },
    {
      name: 'another person appears at the end of a clip of one person',
      verdict: await faceEngine.checkLiveness(swappedClip, { challenge: 'blink' }),
      expect: (verdict: LivenessVerdict) => verdict.reasons.includes('FACE_CHANGED'),
    },
    {
      name: 'group selfie held to the camera',
      verdict: await faceEngine.checkLiveness(groupClip, { challenge: 'blink' }),
      expect: (verdict: LivenessVerdict) => verdict.reasons.includes('SEVERAL_FACES'),
    },
  ];
  return checks.map((check) => {
    const asExpected = check.expect(check.verdict);
    console.log(
      `${check.name}: ${check.verdict.live ? 'live' : check.verdict.reasons.join('+')} ${asExpected ? '(as expected)' : '(UNEXPECTED)'}`,
    );
    return { name: check.name, asExpected, ...brief(check.verdict) };
  });
}

/** Nose tip and outer-eye distance of the photo's face, from the engine's own landmarks. */
async function turnGeometry(faceEngine: FaceEngine, photo: Uint8Array) {
  const landmarks = (await faceEngine.detectFaces(photo)).faces[0]?.landmarks ?? [];
  const [noseTip, outerLeft, outerRight] = [landmarks[30], landmarks[36], landmarks[45]];
  if (!noseTip || !outerLeft || !outerRight) throw new Error('No landmarks on the portrait used for the turn clip');
  return { noseTip, eyeDistance: Math.hypot(outerRight.x - outerLeft.x, outerRight.y - outerLeft.y) };
}

function isRefused(verdict: LivenessVerdict): boolean {
  return !verdict.live && verdict.reasons.includes('NO_MOTION') && verdict.reasons.includes('CHALLENGE_NOT_COMPLETED');
}

function brief(verdict: LivenessVerdict) {
  return {
    live: verdict.live,
    reasons: verdict.reasons,
    challenge: verdict.challenge,
    framesAnalysed: verdict.framesAnalysed,
    ...(verdict.faceMatch ? { faceMatch: verdict.faceMatch } : {}),
    evidence: verdict.evidence,
  };
}

function summarise(values: readonly number[], digits = 2) {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (share: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN, digits);
  return { count: sorted.length, min: at(0), median: at(0.5), max: round(sorted.at(-1) ?? Number.NaN, digits) };
}

function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  });
  return dot / Math.sqrt(normA * normB);
}
