/**
 * Default lowest similarity score (0-100, see face-similarity.ts) accepted as the same person.
 * Calibrated by `npm run eval -- idv-faces` on faces/pairs.csv: PLACEHOLDER until the eval runs.
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 75;
