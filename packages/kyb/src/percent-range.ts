import type { PercentRange, ShareRange } from './ownership.types';

/** Percentages are rounded to six decimals so that 0.3 × 0.5 reads 15, not 14.999999999999998. */
export function roundPercent(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export const ZERO: PercentRange = { min: 0, max: 0 };
export const UNKNOWN_SHARE: PercentRange = { min: 0, max: 100 };
export const WHOLE: PercentRange = { min: 100, max: 100 };

/** A declared share as a range; no share at all means the percentage is unknown (0–100). */
export function rangeOfShare(share: ShareRange | undefined): PercentRange {
  if (!share) return UNKNOWN_SHARE;
  if (share.exact !== undefined) return { min: share.exact, max: share.exact };
  const range: PercentRange = { min: share.min ?? 0, max: share.max ?? 100 };
  return share.maxExclusive && share.max !== undefined ? { ...range, maxExclusive: true } : range;
}

export function isShareKnown(share: ShareRange | undefined): boolean {
  return share !== undefined && (share.exact !== undefined || share.min !== undefined || share.max !== undefined);
}

/** Holding `b` of something that holds `a`: the product of the two percentages. */
export function multiplyRanges(a: PercentRange, b: PercentRange): PercentRange {
  const max = roundPercent((a.max * b.max) / 100);
  const result: PercentRange = { min: roundPercent((a.min * b.min) / 100), max };
  return (a.maxExclusive || b.maxExclusive) && max > 0 ? { ...result, maxExclusive: true } : result;
}

/** Two holdings of the same thing: their sum, capped at 100%. */
export function addRanges(a: PercentRange, b: PercentRange): PercentRange {
  const rawMax = a.max + b.max;
  const max = roundPercent(Math.min(100, rawMax));
  const result: PercentRange = { min: roundPercent(Math.min(100, a.min + b.min)), max };
  return (a.maxExclusive || b.maxExclusive) && rawMax <= 100 ? { ...result, maxExclusive: true } : result;
}

export function sumRanges(ranges: readonly PercentRange[]): PercentRange {
  return ranges.reduce(addRanges, ZERO);
}

/** Both ranges constrain the same figure: their overlap, or null when they contradict each other. */
export function intersectRanges(a: PercentRange, b: PercentRange): PercentRange | null {
  const min = Math.max(a.min, b.min);
  const max = Math.min(a.max, b.max);
  if (min > max + 1e-9) return null;
  const maxExclusive = (a.max === max && a.maxExclusive) || (b.max === max && b.maxExclusive);
  return maxExclusive ? { min, max, maxExclusive: true } : { min, max };
}

export function isZero(range: PercentRange): boolean {
  return range.max === 0;
}

/** At or above the threshold for certain (the lower bound reaches it). */
export function reachesThreshold(range: PercentRange, threshold: number): boolean {
  return range.min >= threshold;
}

/** Could reach the threshold, but the figures do not settle it. */
export function mayReachThreshold(range: PercentRange, threshold: number): boolean {
  if (range.min >= threshold) return false;
  return range.maxExclusive ? range.max > threshold : range.max >= threshold;
}

export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

export function formatRange(range: PercentRange): string {
  if (range.min === range.max) return formatPercent(range.min);
  return `between ${formatPercent(range.min)} and ${formatPercent(range.max)}`;
}
