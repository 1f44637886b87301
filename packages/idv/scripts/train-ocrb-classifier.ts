/**
 * Trains the MRZ glyph classifier (src/mrz/ocrb-classifier.ts) on synthetic OCR-B only and writes
 * assets/models/ocrb-glyph-classifier.json. Deterministic (seeded): the same weights on every
 * machine with the same sharp/Pango build.
 *
 *   node --import tsx packages/idv/scripts/train-ocrb-classifier.ts
 *
 * Data: random MRZ lines (every character of the MRZ alphabet, fillers alone and in runs) drawn by
 * sharp (Pango) from the package's public-domain OCR-B at several letter spacings and stroke
 * weights, printed dark on a light paper with a faint security pattern, then shrunk to MRZ glyphs of
 * 7–26 px, blurred, noisy and JPEG-compressed, and brought back to the reader's measuring scale
 * (capitals 32 px) the way the reader does it. Each glyph's window is cut by the reader's own
 * functions (cutGlyphWindow, describeWindow) at its known place, jittered by what the reader's cell
 * placement leaves (±0.1 pitch, ±1.5 px in its rows). No specimen is used.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { stretchContrast } from '../src/image/gray-filters';
import { resizeGray, type GrayImage } from '../src/image/raster';
import { cutGlyphWindow } from '../src/mrz/mrz-font-changes';
import { MRZ_ALPHABET } from '../src/mrz/mrz-format';
import { encodeFloats, type ClassifierWeights } from '../src/mrz/ocrb-classifier';
import { describeWindow, escapeMarkup, ocrbFontFile } from '../src/mrz/ocrb-glyphs';
import { createSeededRandom, type Random } from '../src/test-support/generated-mrz-documents';

const LINES = Number(process.env.TRAIN_LINES ?? 1500);
const LINE_LENGTH = 44;
const POINT_SIZE = 46.4;
const BASE_GLYPH_HEIGHT = 32;
const HIDDEN = 128;
const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 10);
const BATCH = 128;
const SPACINGS = [-2, 0, 2, 4, 6];

const random = createSeededRandom(20261127);

async function renderInk(text: string, spacing: number): Promise<GrayImage> {
  const markup = `<span size="${Math.round(POINT_SIZE * 1024)}" letter_spacing="${Math.round(spacing * 1024)}">${escapeMarkup(text)}</span>`;
  const { data, info } = await sharp({ text: { text: markup, fontfile: ocrbFontFile(), font: 'OCR B', dpi: 72, rgba: true } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = new Uint8Array(info.width * info.height);
  for (let index = 0; index < ink.length; index += 1) ink[index] = data[index * 4 + 3] ?? 0;
  return { width: info.width, height: info.height, data: ink };
}

/** Centre of glyph 0, pitch, and the capitals' rows, from a row of H's at this spacing. */
async function calibrate(spacing: number): Promise<{ first: number; pitch: number; top: number; bottom: number }> {
  const ink = await renderInk('HHHHHHHHHH', spacing);
  const runs: Array<{ start: number; end: number }> = [];
  let start = -1;
  let top = ink.height;
  let bottom = -1;
  for (let x = 0; x <= ink.width; x += 1) {
    let hasInk = false;
    for (let y = 0; x < ink.width && y < ink.height; y += 1) {
      if ((ink.data[y * ink.width + x] ?? 0) > 127) {
        hasInk = true;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
    if (hasInk && start < 0) start = x;
    if (!hasInk && start >= 0) {
      runs.push({ start, end: x });
      start = -1;
    }
  }
  const centres = runs.map((run) => (run.start + run.end) / 2);
  const first = centres[0] ?? 0;
  return { first, pitch: ((centres[centres.length - 1] ?? first) - first) / Math.max(1, centres.length - 1), top, bottom: bottom + 1 };
}

/** First and last rows (bottom exclusive) holding ink within columns [from, to). */
function inkRowsOfColumns(ink: GrayImage, from: number, to: number): { top: number; bottom: number } {
  let top = ink.height;
  let bottom = 0;
  for (let y = 0; y < ink.height; y += 1) {
    for (let x = from; x < Math.min(to, ink.width); x += 1) {
      if ((ink.data[y * ink.width + x] ?? 0) > 127) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  return { top, bottom };
}

function randomLine(rng: Random): string {
  let line = '';
  while (line.length < LINE_LENGTH) {
    const roll = rng();
    if (roll < 0.05) line += '<'.repeat(2 + Math.floor(rng() * 8));
    else if (roll < 0.15) line += '<';
    else line += MRZ_ALPHABET[Math.floor(rng() * 36)] ?? 'A';
  }
  return line.slice(0, LINE_LENGTH);
}

/** Darkest or lightest of the cross neighbourhood: bolder or thinner print. */
function spread(image: GrayImage, isBolder: boolean): GrayImage {
  const { width, height } = image;
  const out = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (dx: number, dy: number): number =>
        image.data[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))] ?? 255;
      const values = [at(0, 0), at(-1, 0), at(1, 0), at(0, -1), at(0, 1)];
      out[y * width + x] = isBolder ? Math.min(...values) : Math.max(...values);
    }
  }
  return { width, height, data: out };
}

interface Sample {
  patch: Float32Array;
  label: number;
}

async function makeSamples(
  rng: Random,
  calibrations: Map<number, { first: number; pitch: number; top: number; bottom: number }>,
): Promise<Sample[]> {
  const spacing = SPACINGS[Math.floor(rng() * SPACINGS.length)] ?? 0;
  const calibration = calibrations.get(spacing);
  if (!calibration) return [];
  const text = randomLine(rng);
  // H's at both ends: Pango trims the picture to the ink, and H spans exactly the capitals' rows.
  const ink = await renderInk(`H${text}H`, spacing);
  const capRows = inkRowsOfColumns(ink, 0, Math.round(calibration.first * 2));
  // Paper, print and a faint security pattern.
  const paper = 150 + rng() * 100;
  const printed = rng() * 80;
  const amplitude = rng() * 35;
  const period = 8 + rng() * 60;
  const phase = rng() * 6.3;
  // A margin of paper above and below, as the reader's windows see around a line.
  const pad = Math.round(ink.height * 0.5);
  const width = ink.width;
  const height = ink.height + 2 * pad;
  let image: GrayImage = { width, height, data: new Uint8Array(width * height) };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const background = paper - amplitude * (0.5 + 0.5 * Math.sin((x + 0.7 * y) / period + phase));
      const inkY = y - pad;
      const alpha = inkY >= 0 && inkY < ink.height ? (ink.data[inkY * width + x] ?? 0) / 255 : 0;
      image.data[y * width + x] = Math.max(0, Math.min(255, Math.round(background - (background - printed) * alpha)));
    }
  }
  const weight = rng();
  if (weight < 0.25) image = spread(image, true);
  else if (weight < 0.4) image = spread(image, false);
  // Shrink to the photographed glyph height, blur, noise, JPEG.
  const capHeight = capRows.bottom - capRows.top;
  const glyph = 7 + rng() * 19;
  const factor = glyph / capHeight;
  const smallWidth = Math.max(8, Math.round(image.width * factor));
  const smallHeight = Math.max(4, Math.round(image.height * factor));
  let pipeline = sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 1 } }).resize(
    smallWidth,
    smallHeight,
    {
      kernel: 'cubic',
      fit: 'fill',
    },
  );
  const sigma = rng() * 1.3;
  if (sigma >= 0.3) pipeline = pipeline.blur(sigma);
  const resized = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  let small = new Uint8Array(resized.data.length / resized.info.channels);
  for (let index = 0; index < small.length; index += 1) small[index] = resized.data[index * resized.info.channels] ?? 0;
  const noise = rng() * 12;
  for (let index = 0; index < small.length; index += 1) {
    const value = ((rng() + rng() + rng() - 1.5) / 0.5) * noise;
    small[index] = Math.max(0, Math.min(255, Math.round((small[index] ?? 0) + value)));
  }
  if (rng() < 0.7) {
    const jpeg = await sharp(Buffer.from(small), { raw: { width: smallWidth, height: smallHeight, channels: 1 } })
      .jpeg({ quality: 30 + Math.floor(rng() * 65) })
      .toBuffer();
    small = new Uint8Array(await sharp(jpeg).greyscale().raw().toBuffer());
  }
  // The reader measures the glyph height from blobs (blur widens them) and brings it to 32 px.
  const measured = glyph * (1 + (rng() - 0.3) * 0.15);
  const up = BASE_GLYPH_HEIGHT / measured;
  const base = stretchContrast(
    resizeGray({ width: smallWidth, height: smallHeight, data: small }, Math.round(smallWidth * up), Math.round(smallHeight * up)),
  );
  const scale = (smallWidth / image.width) * (base.width / smallWidth);
  const pitch = calibration.pitch * scale;
  const samples: Sample[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const centre = (calibration.first + (index + 1) * calibration.pitch) * scale + (rng() - 0.5) * 0.2 * pitch;
    const band = {
      top: (capRows.top + pad) * scale + (rng() - 0.5) * 3,
      bottom: (capRows.bottom + pad) * scale + (rng() - 0.5) * 3,
    };
    const { window, line } = cutGlyphWindow(base, pitch, band, centre);
    if (window.width < 2 || window.height < 4) continue;
    samples.push({ patch: Float32Array.from(describeWindow(window, line)), label: MRZ_ALPHABET.indexOf(text[index] ?? '<') });
  }
  return samples;
}

function gaussian(rng: Random): number {
  return Math.sqrt(-2 * Math.log(Math.max(1e-12, rng()))) * Math.cos(2 * Math.PI * rng());
}

const calibrations = new Map<number, { first: number; pitch: number; top: number; bottom: number }>();
for (const spacing of SPACINGS) calibrations.set(spacing, await calibrate(spacing));
const all: Sample[] = [];
for (let line = 0; line < LINES; line += 1) {
  all.push(...(await makeSamples(random, calibrations)));
  if (line % 200 === 0) console.log(`rendered ${line} lines, ${all.length} glyphs`);
}
const validation = all.splice(Math.floor(all.length * 0.9));
const INPUT = all[0]?.patch.length ?? 192;
const CLASSES = MRZ_ALPHABET.length;
const inputScale = Math.sqrt(INPUT);

// Parameters and Adam state.
const w1 = Float32Array.from({ length: HIDDEN * INPUT }, () => gaussian(random) * Math.sqrt(2 / INPUT));
const b1 = new Float32Array(HIDDEN);
const w2 = Float32Array.from({ length: CLASSES * HIDDEN }, () => gaussian(random) * Math.sqrt(1 / HIDDEN));
const b2 = new Float32Array(CLASSES);
const parameters = [w1, b1, w2, b2];
const moments = parameters.map((array) => ({ m: new Float32Array(array.length), v: new Float32Array(array.length) }));
const gradients = parameters.map((array) => new Float32Array(array.length));
let step = 0;

const hidden = new Float32Array(HIDDEN);
const output = new Float32Array(CLASSES);
const hiddenGradient = new Float32Array(HIDDEN);

function forward(patch: Float32Array): void {
  for (let unit = 0; unit < HIDDEN; unit += 1) {
    let sum = b1[unit] ?? 0;
    const offset = unit * INPUT;
    for (let index = 0; index < INPUT; index += 1) sum += (w1[offset + index] ?? 0) * (patch[index] ?? 0) * inputScale;
    hidden[unit] = sum > 0 ? sum : 0;
  }
  let top = -Infinity;
  for (let label = 0; label < CLASSES; label += 1) {
    let sum = b2[label] ?? 0;
    const offset = label * HIDDEN;
    for (let unit = 0; unit < HIDDEN; unit += 1) sum += (w2[offset + unit] ?? 0) * (hidden[unit] ?? 0);
    output[label] = sum;
    top = Math.max(top, sum);
  }
  let total = 0;
  for (let label = 0; label < CLASSES; label += 1) {
    output[label] = Math.exp((output[label] ?? 0) - top);
    total += output[label] ?? 0;
  }
  for (let label = 0; label < CLASSES; label += 1) output[label] = (output[label] ?? 0) / total;
}

function accumulate(sample: Sample): void {
  forward(sample.patch);
  const [gw1, gb1, gw2, gb2] = gradients as [Float32Array, Float32Array, Float32Array, Float32Array];
  hiddenGradient.fill(0);
  for (let label = 0; label < CLASSES; label += 1) {
    const delta = (output[label] ?? 0) - (label === sample.label ? 1 : 0);
    gb2[label] = (gb2[label] ?? 0) + delta;
    const offset = label * HIDDEN;
    for (let unit = 0; unit < HIDDEN; unit += 1) {
      gw2[offset + unit] = (gw2[offset + unit] ?? 0) + delta * (hidden[unit] ?? 0);
      hiddenGradient[unit] = (hiddenGradient[unit] ?? 0) + delta * (w2[offset + unit] ?? 0);
    }
  }
  for (let unit = 0; unit < HIDDEN; unit += 1) {
    if ((hidden[unit] ?? 0) <= 0) continue;
    const delta = hiddenGradient[unit] ?? 0;
    gb1[unit] = (gb1[unit] ?? 0) + delta;
    const offset = unit * INPUT;
    for (let index = 0; index < INPUT; index += 1)
      gw1[offset + index] = (gw1[offset + index] ?? 0) + delta * (sample.patch[index] ?? 0) * inputScale;
  }
}

function applyAdam(rate: number, count: number): void {
  step += 1;
  const beta1 = 0.9;
  const beta2 = 0.999;
  parameters.forEach((array, which) => {
    const gradient = gradients[which] ?? new Float32Array(0);
    const moment = moments[which];
    if (!moment) return;
    for (let index = 0; index < array.length; index += 1) {
      const g = (gradient[index] ?? 0) / count;
      moment.m[index] = beta1 * (moment.m[index] ?? 0) + (1 - beta1) * g;
      moment.v[index] = beta2 * (moment.v[index] ?? 0) + (1 - beta2) * g * g;
      const mHat = (moment.m[index] ?? 0) / (1 - beta1 ** step);
      const vHat = (moment.v[index] ?? 0) / (1 - beta2 ** step);
      array[index] = (array[index] ?? 0) - (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
    gradient.fill(0);
  });
}

function accuracy(samples: readonly Sample[]): number {
  let right = 0;
  for (const sample of samples) {
    forward(sample.patch);
    let best = 0;
    for (let label = 1; label < CLASSES; label += 1) if ((output[label] ?? 0) > (output[best] ?? 0)) best = label;
    if (best === sample.label) right += 1;
  }
  return right / samples.length;
}

console.log(`training on ${all.length} glyphs, validating on ${validation.length}`);
for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
  for (let index = all.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [all[index], all[other]] = [all[other] as Sample, all[index] as Sample];
  }
  const rate = 0.002 * 0.75 ** epoch;
  for (let start = 0; start < all.length; start += BATCH) {
    const batch = all.slice(start, start + BATCH);
    for (const sample of batch) accumulate(sample);
    applyAdam(rate, batch.length);
  }
  console.log(`epoch ${epoch + 1}: validation accuracy ${(100 * accuracy(validation)).toFixed(2)} %`);
}

const weights: ClassifierWeights = {
  alphabet: MRZ_ALPHABET,
  inputSize: INPUT,
  hiddenSize: HIDDEN,
  hiddenWeights: encodeFloats(w1),
  hiddenBias: encodeFloats(b1),
  outputWeights: encodeFloats(w2),
  outputBias: encodeFloats(b2),
  inputScale,
  trainedOn: `${all.length} synthetic OCR-B glyphs from ${LINES} random MRZ lines (seed 20261127): glyphs 7-26 px, blur 0-1.3 px, noise 0-12, JPEG 30-94, bolder/thinner strokes, security pattern; validation accuracy ${(100 * accuracy(validation)).toFixed(2)} % on ${validation.length} held-back glyphs`,
};
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'models', 'ocrb-glyph-classifier.json');
writeFileSync(target, `${JSON.stringify(weights, null, 1)}\n`);
console.log(`written ${target}`);
