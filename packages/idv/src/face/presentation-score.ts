import type { PresentationScores } from './presentation-attack';

/** The anti-spoofing networks' outputs for one image or one clip, and a 0-100 score of looking genuine. */
export interface PresentationAssessment {
  /** 0-100: the mean of the two networks' outputs (medians over the frames of a clip) x 100. Higher looks genuine. */
  readonly score: number;
  readonly antispoof: number;
  readonly liveness: number;
  /** How many faces (frames) were assessed. */
  readonly samples: number;
}

/** Medians over the samples, so that one odd frame of a clip does not decide; null without a sample. */
export function summarisePresentation(samples: readonly PresentationScores[]): PresentationAssessment | null {
  if (samples.length === 0) return null;
  const antispoof = median(samples.map((sample) => sample.antispoof));
  const liveness = median(samples.map((sample) => sample.liveness));
  return { score: Math.round(((antispoof + liveness) / 2) * 10_000) / 100, antispoof, liveness, samples: samples.length };
}

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 1000) / 1000;
}
