/**
 * A glyph classifier trained on synthetic OCR-B only: a small neural network (one hidden layer)
 * whose weights ship in assets/models/ocrb-glyph-classifier.json, trained by
 * scripts/train-ocrb-classifier.ts from the public-domain OCR-B font this package ships, rendered
 * as random MRZ lines at many sizes, weights, blurs, noise levels, JPEG qualities and backgrounds —
 * never from a specimen. It reads the same window the typeface matcher reads (cutGlyphWindow, then
 * describeWindow: the glyph's own rows at 12 × 16, zero mean, unit norm) and returns a log-probability
 * for each of the 37 MRZ characters: the per-glyph scores the lattice decoder weighs.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { GrayImage } from '../image/raster';
import { cutGlyphWindow, glyphBand } from './mrz-font-changes';
import { MRZ_ALPHABET } from './mrz-format';
import { placeGlyphPositions } from './mrz-glyph-grid';
import type { GlyphRow } from './mrz-glyphs';
import { describeWindow } from './ocrb-glyphs';

export interface ClassifierWeights {
  alphabet: string;
  inputSize: number;
  hiddenSize: number;
  /** Row-major hiddenSize × inputSize, base64 of little-endian float32. */
  hiddenWeights: string;
  hiddenBias: string;
  /** Row-major alphabet.length × hiddenSize. */
  outputWeights: string;
  outputBias: string;
  /** Multiplies the unit-norm patch, so inputs are of unit variance per pixel. */
  inputScale: number;
  trainedOn: string;
}

export interface GlyphClassifier {
  /** Log-probabilities in MRZ_ALPHABET order. */
  classify(patch: Float64Array): Float64Array;
}

function decodeFloats(base64: string): Float32Array {
  const bytes = Buffer.from(base64, 'base64');
  const floats = new Float32Array(bytes.length / 4);
  for (let index = 0; index < floats.length; index += 1) floats[index] = bytes.readFloatLE(index * 4);
  return floats;
}

export function encodeFloats(values: ArrayLike<number>): string {
  const bytes = Buffer.alloc(values.length * 4);
  for (let index = 0; index < values.length; index += 1) bytes.writeFloatLE(values[index] ?? 0, index * 4);
  return bytes.toString('base64');
}

/** The network's forward pass: ReLU hidden layer, log-softmax output. */
export function createGlyphClassifier(weights: ClassifierWeights): GlyphClassifier {
  if (weights.alphabet !== MRZ_ALPHABET) throw new Error('classifier alphabet does not match the MRZ alphabet');
  const w1 = decodeFloats(weights.hiddenWeights);
  const b1 = decodeFloats(weights.hiddenBias);
  const w2 = decodeFloats(weights.outputWeights);
  const b2 = decodeFloats(weights.outputBias);
  const { inputSize, hiddenSize, inputScale } = weights;
  const classes = MRZ_ALPHABET.length;
  const hidden = new Float64Array(hiddenSize);
  return {
    classify(patch) {
      for (let unit = 0; unit < hiddenSize; unit += 1) {
        let sum = b1[unit] ?? 0;
        const offset = unit * inputSize;
        for (let index = 0; index < inputSize; index += 1) sum += (w1[offset + index] ?? 0) * (patch[index] ?? 0) * inputScale;
        hidden[unit] = sum > 0 ? sum : 0;
      }
      const out = new Float64Array(classes);
      let top = -Infinity;
      for (let label = 0; label < classes; label += 1) {
        let sum = b2[label] ?? 0;
        const offset = label * hiddenSize;
        for (let unit = 0; unit < hiddenSize; unit += 1) sum += (w2[offset + unit] ?? 0) * (hidden[unit] ?? 0);
        out[label] = sum;
        top = Math.max(top, sum);
      }
      let total = 0;
      for (let label = 0; label < classes; label += 1) total += Math.exp((out[label] ?? 0) - top);
      const log = Math.log(total) + top;
      for (let label = 0; label < classes; label += 1) out[label] = (out[label] ?? 0) - log;
      return out;
    },
  };
}

export function classifierFile(): string {
  return createRequire(import.meta.url).resolve('@sanad/idv/assets/models/ocrb-glyph-classifier.json');
}

let loaded: GlyphClassifier | null = null;

/** The shipped classifier, read once per process. */
export function loadGlyphClassifier(): GlyphClassifier {
  loaded ??= createGlyphClassifier(JSON.parse(readFileSync(classifierFile(), 'utf8')) as ClassifierWeights);
  return loaded;
}

/** Shifts (in pitches) each window is also read at: the cell whose reading is surest is kept. */
const CENTRE_SHIFTS = [-0.1, 0, 0.1];

/** Log-probabilities of every character at every placed position of the zone, by "line:position". */
export type ClassifierScores = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * Classifies every placed position of the zone (fillers too): each window read at three shifts,
 * the surest kept — a cell's centre from its blob or the grid can be off by a few pixels.
 */
export function measureClassifier(
  image: GrayImage,
  rows: readonly GlyphRow[],
  lines: readonly string[],
  classifier: GlyphClassifier,
): ClassifierScores {
  const measured = new Map<string, Map<string, number>>();
  placeGlyphPositions(rows, lines).forEach((placed, line) => {
    const row = rows[line];
    if (!row) return;
    const band = glyphBand(row);
    for (const { position, centre } of placed) {
      let best: Float64Array | null = null;
      let bestTop = -Infinity;
      for (const shift of CENTRE_SHIFTS) {
        const { window, line: rowsInWindow } = cutGlyphWindow(image, row.pitch, band, centre + shift * row.pitch);
        const scores = classifier.classify(describeWindow(window, rowsInWindow));
        const top = Math.max(...scores);
        if (top > bestTop) {
          bestTop = top;
          best = scores;
        }
      }
      if (best) measured.set(`${line}:${position}`, new Map([...MRZ_ALPHABET].map((char, index) => [char, best?.[index] ?? -Infinity])));
    }
  });
  return measured;
}
