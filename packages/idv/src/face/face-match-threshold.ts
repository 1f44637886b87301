/**
 * Default lowest similarity score (0-100, the fused score of face-similarity.ts) accepted as the
 * same person.
 *
 * Calibrated by `npm run eval -- idv-faces` (bench/results/idv-faces-eval.json) on the tuned part of
 * the split (bench/idv-faces-data.ts): faces/pairs.csv and the more/faces pairs of half the people,
 * 391 same-person and 799 different-person pairs. The lowest threshold with a false match rate of at
 * most 1 % was 62.02 (FMR 0.9 %, FNMR 1.8 %); rounded up to the next whole score. On the held-apart
 * half (238 / 323 pairs, never used to choose anything) the same threshold gave FMR 0.6 % and FNMR
 * 11.3 %: the tuned rates flatter the engine, so treat them as indicative and re-run the evaluation
 * on your own labelled pairs before relying on the default.
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 63;
