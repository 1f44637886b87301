/**
 * Error rates of a score threshold on labelled pairs, and the lowest threshold that keeps false
 * matches within a budget. A pair matches when its score is at least the threshold; scores carry
 * two decimals, so 0.01 is the step between neighbouring thresholds.
 */
export interface RocPoint {
  readonly threshold: number;
  /** Share of different-person pairs accepted. */
  readonly falseMatchRate: number;
  /** Share of same-person pairs refused. */
  readonly falseNonMatchRate: number;
}

const STEP = 0.01;

export function errorRatesAt(threshold: number, genuine: readonly number[], impostor: readonly number[]): RocPoint {
  if (genuine.length === 0 || impostor.length === 0) throw new RangeError('Both same-person and different-person scores are needed');
  return {
    threshold,
    falseMatchRate: impostor.filter((score) => score >= threshold).length / impostor.length,
    falseNonMatchRate: genuine.filter((score) => score < threshold).length / genuine.length,
  };
}

/** The lowest threshold whose false match rate does not exceed `maxFalseMatchRate`. */
export function calibrateThreshold(genuine: readonly number[], impostor: readonly number[], maxFalseMatchRate: number): RocPoint {
  const descending = impostor.toSorted((a, b) => b - a);
  const allowed = Math.floor(maxFalseMatchRate * descending.length + 1e-9);
  const blocking = descending[allowed];
  const threshold = blocking === undefined ? 0 : round(blocking + STEP);
  return errorRatesAt(threshold, genuine, impostor);
}

/** One point per distinct score, lowest threshold first: every place where an error rate changes. */
export function rocCurve(genuine: readonly number[], impostor: readonly number[]): RocPoint[] {
  const thresholds = [...new Set([...genuine, ...impostor].map(round))].toSorted((a, b) => a - b);
  return [...thresholds, round((thresholds.at(-1) ?? 0) + STEP)].map((threshold) => errorRatesAt(threshold, genuine, impostor));
}

/** Where the two error rates cross: the point minimising their larger value. */
export function equalErrorPoint(curve: readonly RocPoint[]): RocPoint {
  let best: RocPoint | undefined;
  for (const point of curve) {
    if (!best || Math.max(point.falseMatchRate, point.falseNonMatchRate) < Math.max(best.falseMatchRate, best.falseNonMatchRate))
      best = point;
  }
  if (!best) throw new RangeError('An empty curve has no equal error point');
  return best;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
