import { correctMrz, type MrzCorrection } from './mrz-correction';
import type { MrzTextCandidate } from './mrz-line-fitter';
import { parseMrz, type MrzParseResult } from './mrz-parser';

export interface ScoredMrz {
  parsed: MrzParseResult;
  corrections: MrzCorrection[];
  score: number;
}

/** YYMMDD with a real month and day; '<' stands for an unknown part and is accepted. */
export function isPlausibleMrzDate(text: string): boolean {
  if (!/^[0-9<]{6}$/.test(text)) return false;
  if (text.includes('<')) return true;
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/**
 * How much a name field looks like SURNAME<<GIVEN<NAMES<<<: one '<<' separator, trailing filler,
 * no runs of filler look-alikes (KLLKC) and no stray one-letter words. Names carry no check digit,
 * so this is what tells a clean reading from one where fillers came out as letters.
 */
export function scoreNameField(names: string): number {
  let score = 0;
  if (names.includes('<<')) score += 1;
  if (/^[A-Z<]*$/.test(names)) score += 1;
  const body = names.replace(/<+$/, '');
  const words = body.split('<').filter(Boolean);
  score -= 0.5 * words.filter((word) => word.length === 1).length;
  score -= 1.5 * words.filter((word) => word.length >= 3 && /^[KLCEX]+$/.test(word)).length;
  if (/[KLCEX]{4,}$/.test(body)) score -= 2;
  return score;
}

/**
 * Check digits dominate: each one holding is worth more than every plausibility hint together, so a
 * reading whose digits hold always beats a prettier one whose digits fail.
 */
export function scoreMrz(parsed: MrzParseResult): number {
  const results = Object.values(parsed.checkDigits);
  let score = 10 * results.filter(Boolean).length - 10 * results.filter((holds) => !holds).length;
  if (isPlausibleMrzDate(parsed.fields.birthDate)) score += 2;
  if (isPlausibleMrzDate(parsed.fields.expiryDate)) score += 2;
  if (/^[A-Z]{1,3}$/.test(parsed.fields.issuingState)) score += 1;
  if (/^[A-Z]{1,3}$/.test(parsed.fields.nationality)) score += 1;
  if (parsed.fields.surname.length > 0) score += 1;
  const names = parsed.format === 'TD1' ? (parsed.lines[2] ?? '') : (parsed.lines[0] ?? '').slice(5);
  score += scoreNameField(names);
  // ICAO document codes are letters (the second may be a filler): a digit there is a misread.
  if (/^[A-Z][A-Z<]?$/.test(parsed.fields.documentCode.padEnd(1, '<'))) score += 1;
  return score;
}

/** Corrects, parses and scores one candidate; null when the text does not parse as an MRZ. */
export function evaluateMrzCandidate(candidate: MrzTextCandidate): ScoredMrz | null {
  const corrected = correctMrz(candidate.lines, candidate.format);
  const parsed = parseMrz(corrected.lines);
  if (!parsed) return null;
  // Each correction is a small doubt: among equal readings, prefer the one that needed fewer.
  const score = scoreMrz(parsed) - 0.05 * corrected.corrections.length + (candidate.prior ?? 0);
  return { parsed, corrections: corrected.corrections, score };
}

export function pickBestMrz(candidates: readonly MrzTextCandidate[]): ScoredMrz | null {
  let best: ScoredMrz | null = null;
  for (const candidate of candidates) {
    const scored = evaluateMrzCandidate(candidate);
    if (scored && (!best || scored.score > best.score)) best = scored;
  }
  return best;
}
