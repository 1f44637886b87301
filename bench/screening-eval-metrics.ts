/** Small statistics helpers for the screening evaluation. */
import { round } from './lib';

export interface Confusion {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
}

export interface BinaryMetrics extends Confusion {
  precision: number;
  recall: number;
  f1: number;
}

export function countConfusion(cases: readonly { isMatch: boolean; score: number }[], threshold: number): BinaryMetrics {
  const confusion: Confusion = { truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 0 };
  for (const { isMatch, score } of cases) {
    const isPredicted = score >= threshold;
    if (isPredicted && isMatch) confusion.truePositives += 1;
    else if (isPredicted) confusion.falsePositives += 1;
    else if (isMatch) confusion.falseNegatives += 1;
    else confusion.trueNegatives += 1;
  }
  const precision = confusion.truePositives / Math.max(1, confusion.truePositives + confusion.falsePositives);
  const recall = confusion.truePositives / Math.max(1, confusion.truePositives + confusion.falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...confusion, precision: round(precision, 4), recall: round(recall, 4), f1: round(f1, 4) };
}

/** F1 at the best threshold, for a baseline scored on the same cases. */
export function bestF1(cases: readonly { isMatch: boolean; score: number }[]): { threshold: number; metrics: BinaryMetrics } {
  let best = { threshold: 0, metrics: countConfusion(cases, 0) };
  for (let threshold = 1; threshold <= 100; threshold += 1) {
    const metrics = countConfusion(cases, threshold);
    if (metrics.f1 > best.metrics.f1) best = { threshold, metrics };
  }
  return best;
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).toSorted((a, b) => a.value - b.value);
  const result = values.map(() => 0);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    for (let position = start; position <= end; position += 1) result[order[position]!.index] = (start + end) / 2;
    start = end + 1;
  }
  return result;
}

export function pearson(a: readonly number[], b: readonly number[]): number {
  const meanA = a.reduce((total, value) => total + value, 0) / a.length;
  const meanB = b.reduce((total, value) => total + value, 0) / b.length;
  let numerator = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let index = 0; index < a.length; index += 1) {
    numerator += (a[index]! - meanA) * (b[index]! - meanB);
    varianceA += (a[index]! - meanA) ** 2;
    varianceB += (b[index]! - meanB) ** 2;
  }
  return numerator / Math.sqrt(varianceA * varianceB);
}

export function spearman(a: readonly number[], b: readonly number[]): number {
  return pearson(ranks(a), ranks(b));
}
