/**
 * Face engine speed on one core, each figure beside a baseline measured in the same run:
 * - model load (networks read and compiled) beside reading the weight files alone;
 * - face comparison with a warm engine (target <= 500 ms) beside decoding and resizing the two photos;
 * - liveness on a 5-second clip (target <= 5 s) beside ffmpeg's frame extraction alone;
 * - peak memory beside the process's memory before the engine was created.
 * The clip is made at bench time from a shared photo (no recording is stored or committed).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { findMainFace } from '@sanad/idv/face/face-analysis';
import { createFaceEngine } from '@sanad/idv/face/face-engine';
import { decodeFaceImage, resizeLongSide } from '@sanad/idv/face/face-image-decoder';
import { defaultModelDir, loadFaceModels, type FaceModels } from '@sanad/idv/face/face-models';
import { humanModelDir } from '@sanad/idv/face/face-recognizers';
import { generateWarpedTurnClip } from '@sanad/idv/liveness/generated-video.fixture';
import { DEFAULT_FRAME_EXTRACTION, extractVideoFrames } from '@sanad/idv/liveness/video-frame-extractor';
import { findSharedData, percentile, pinToOneCore, report, round, writeResult } from './lib';

const COMPARISON_PAIRS = [
  ['img1', 'img2'],
  ['img1', 'img3'],
  ['img20', 'img21'],
  ['img16', 'img17'],
  ['img22', 'img23'],
  ['img3', 'img12'],
  ['img38', 'img39'],
  ['img50', 'img51'],
] as const;
const LIVENESS_RUNS = 3;
const CLIP_SECONDS = 5;

pinToOneCore(import.meta.url);
const loadAverageAtStart = loadavg().map((value) => round(value));
const dataRoot = findSharedData();
if (!dataRoot) {
  console.log('idv-faces bench skipped: no shared data (../shared/data or SANAD_EVAL_DATA) to build the photos and clip from');
  process.exit(0);
}
const facesRoot = path.join(dataRoot, 'idv', 'faces', 'deepface');
const photo = (name: string) => readFileSync(path.join(facesRoot, `${name}.jpg`));
const baselineRssMb = process.memoryUsage().rss / 2 ** 20;

// Model load, beside reading the same weight files from disk.
let started = performance.now();
const modelDir = defaultModelDir();
const weightFiles = [
  ...readdirSync(modelDir)
    .filter((file) => /^(tiny_face_detector|ssd_mobilenetv1|face_landmark_68|face_recognition)_model/.test(file))
    .map((file) => path.join(modelDir, file)),
  ...['faceres', 'antispoof', 'liveness'].flatMap((name) => ['json', 'bin'].map((ext) => path.join(humanModelDir(), `${name}.${ext}`))),
];
const weightBytes = weightFiles.reduce((sum, file) => sum + readFileSync(file).length, 0);
const readWeightsMs = performance.now() - started;
started = performance.now();
const coldEngine = await createFaceEngine({ warmUp: false });
const loadMs = performance.now() - started;
await coldEngine.close();
started = performance.now();
const engine = await createFaceEngine();
const loadAndWarmMs = performance.now() - started;

// Face comparison with a warm engine, beside decoding and resizing the same two photos.
const pairs = COMPARISON_PAIRS.map(([a, b]) => [photo(a), photo(b)] as const);
for (const [a, b] of pairs.slice(0, 2)) await engine.compareFaces(a, b);
const compareMs: number[] = [];
const compareCpuMs: number[] = [];
const decodeMs: number[] = [];
for (const [a, b] of pairs) {
  started = performance.now();
  for (const bytes of [a, b]) await resizeLongSide(await decodeFaceImage(bytes), 640);
  decodeMs.push(performance.now() - started);
  started = performance.now();
  const cpuStart = process.cpuUsage();
  await engine.compareFaces(a, b);
  compareCpuMs.push(cpuMs(process.cpuUsage(cpuStart)));
  compareMs.push(performance.now() - started);
}

// The same comparisons without the two networks this pipeline added (FaceRes and the anti-spoofing
// pair): what the ResNet-34-only engine cost, measured in this run.
const models = await loadFaceModels();
const resnetOnly: FaceModels = {
  ...models,
  describeWithFaceres: async () => new Float32Array(1024),
  assessPresentation: async () => ({ antispoof: 0, liveness: 0 }),
};
for (const [a, b] of pairs.slice(0, 2)) await compareWith(resnetOnly, a, b);
const resnetOnlyCpuMs: number[] = [];
for (const [a, b] of pairs) {
  const cpuStart = process.cpuUsage();
  await compareWith(resnetOnly, a, b);
  resnetOnlyCpuMs.push(cpuMs(process.cpuUsage(cpuStart)));
}
models.dispose();

// Liveness on a 5-second clip of a photo warped into a head turn, beside frame extraction alone.
const portrait = photo('img62');
const landmarks = (await engine.detectFaces(portrait)).faces[0]?.landmarks ?? [];
const [noseTip, outerLeft, outerRight] = [landmarks[30], landmarks[36], landmarks[45]];
if (!noseTip || !outerLeft || !outerRight) throw new Error('No landmarks on the portrait the clip is made from');
const clip = await generateWarpedTurnClip(portrait, {
  noseTip,
  eyeDistance: Math.hypot(outerRight.x - outerLeft.x, outerRight.y - outerLeft.y),
  strength: 0.35,
  seconds: CLIP_SECONDS,
  container: 'webm',
});
const reference = photo('img59');
const livenessMs: Record<'turn' | 'blink', number[]> = { turn: [], blink: [] };
const livenessCpuMs: Record<'turn' | 'blink', number[]> = { turn: [], blink: [] };
const extractMs: Record<'turn' | 'blink', number[]> = { turn: [], blink: [] };
let turnVerdict = await engine.checkLiveness(clip, { challenge: 'turn-left-right', referenceImage: reference });
for (let run = 0; run < LIVENESS_RUNS; run += 1) {
  for (const [kind, challenge, fps] of [
    ['turn', 'turn-left-right', 8],
    ['blink', 'blink', 12],
  ] as const) {
    started = performance.now();
    await extractVideoFrames(clip, { ...DEFAULT_FRAME_EXTRACTION, fps });
    extractMs[kind].push(performance.now() - started);
    started = performance.now();
    const cpuStart = process.cpuUsage();
    const verdict = await engine.checkLiveness(clip, { challenge, referenceImage: reference });
    livenessCpuMs[kind].push(cpuMs(process.cpuUsage(cpuStart)));
    livenessMs[kind].push(performance.now() - started);
    if (kind === 'turn') turnVerdict = verdict;
  }
}
await engine.close();
const peakRssMb = process.resourceUsage().maxRSS / 1024;

const median = (values: number[]) =>
  percentile(
    values.toSorted((a, b) => a - b),
    50,
  );
const fastest = (values: number[]) => Math.min(...values);
const figures = {
  modelLoadMs: round(loadMs),
  modelLoadAndWarmUpMs: round(loadAndWarmMs),
  readWeightFilesMs: round(readWeightsMs),
  weightBytes,
  compareFacesMedianMs: round(median(compareMs)),
  compareFacesP95Ms: round(
    percentile(
      compareMs.toSorted((a, b) => a - b),
      95,
    ),
  ),
  compareFacesFastestMs: round(fastest(compareMs)),
  compareFacesCpuMedianMs: round(median(compareCpuMs)),
  compareWithoutFaceresAndAntispoofCpuMedianMs: round(median(resnetOnlyCpuMs)),
  decodeAndResizeBothMedianMs: round(median(decodeMs)),
  comparisons: compareMs.length,
  livenessTurnMedianMs: round(median(livenessMs.turn)),
  livenessBlinkMedianMs: round(median(livenessMs.blink)),
  livenessTurnFastestMs: round(fastest(livenessMs.turn)),
  livenessBlinkFastestMs: round(fastest(livenessMs.blink)),
  livenessTurnCpuMedianMs: round(median(livenessCpuMs.turn)),
  livenessBlinkCpuMedianMs: round(median(livenessCpuMs.blink)),
  cpuNote:
    'CPU time of this process only (ffmpeg runs as a child process and is not included); it grows far less than wall time when other work shares the core',
  frameExtractionTurnMedianMs: round(median(extractMs.turn)),
  frameExtractionBlinkMedianMs: round(median(extractMs.blink)),
  clip: { seconds: CLIP_SECONDS, container: 'webm', bytes: clip.length, framesAnalysedTurn: turnVerdict.framesAnalysed },
  turnClipVerdict: { live: turnVerdict.live, reasons: turnVerdict.reasons, faceMatch: turnVerdict.faceMatch },
  peakRssMb: round(peakRssMb),
  rssBeforeEngineMb: round(baselineRssMb),
  pinnedToOneCore: process.env.SANAD_BENCH_PINNED === '1',
  machine: {
    coresAvailableToProcess: availableParallelism(),
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map((value) => round(value)),
    note: 'wall times grow with other work on the same core; CPU times much less so',
  },
};

report('model load (7 networks, WASM backend)', loadMs, 'ms', { baseline: readWeightsMs });
report('model load + warm-up', loadAndWarmMs, 'ms', { baseline: readWeightsMs });
report('compare two photos, warm (median)', median(compareMs), 'ms', { baseline: median(decodeMs), target: '<= 500 ms' });
report(`liveness, ${CLIP_SECONDS} s clip, head turn (median)`, median(livenessMs.turn), 'ms', {
  baseline: median(extractMs.turn),
  target: '<= 5000 ms',
});
report(`liveness, ${CLIP_SECONDS} s clip, blink at 12 fps (median)`, median(livenessMs.blink), 'ms', {
  baseline: median(extractMs.blink),
  target: '<= 5000 ms',
});
report('compare two photos, warm (fastest of the run)', fastest(compareMs), 'ms', { baseline: fastest(decodeMs), target: '<= 500 ms' });
report(`liveness, ${CLIP_SECONDS} s clip, head turn (fastest of ${LIVENESS_RUNS})`, fastest(livenessMs.turn), 'ms', {
  baseline: fastest(extractMs.turn),
  target: '<= 5000 ms',
});
report('compare two photos, CPU time of this process (median)', median(compareCpuMs), 'ms', {
  baseline: median(resnetOnlyCpuMs),
  target: '<= 500 ms',
});
console.log('  (baseline: the same comparisons without FaceRes and the anti-spoofing networks)');
report('liveness head turn, CPU time of this process, ffmpeg excluded (median)', median(livenessCpuMs.turn), 'ms');
report('peak memory (max RSS)', peakRssMb, 'MB', { baseline: baselineRssMb });
console.log(`load average ${loadAverageAtStart.join(' ')} at start; ${availableParallelism()} core(s) available to this process`);
console.log(`wrote ${writeResult('idv-faces-bench', figures)}`);

async function compareWith(faceModels: FaceModels, a: Uint8Array, b: Uint8Array): Promise<void> {
  await findMainFace(faceModels, await decodeFaceImage(a));
  await findMainFace(faceModels, await decodeFaceImage(b));
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
