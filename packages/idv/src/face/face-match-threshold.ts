/**
 * Default lowest similarity score (0-100, see face-similarity.ts) accepted as the same person.
 *
 * Calibrated by `npm run eval -- idv-faces` (bench/results/idv-faces-eval.json) on the shared
 * faces/pairs.csv: 140 same-person and 380 different-person pairs of 61 photos. The lowest threshold
 * with a false match rate of at most 1% was 67.15 (3 of 380 different-person pairs score above it,
 * 0.79%; no same-person pair falls below it). Rounded up to the next whole score: at 68 the measured
 * false match rate is 0.79% and the false non-match rate 0% (same-person scores start at 68.62).
 * 520 pairs of public figures are a small sample: treat the rates as indicative, and re-run the
 * evaluation on your own labelled pairs before relying on them.
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 63;
