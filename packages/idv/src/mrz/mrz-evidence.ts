/**
 * Per-position evidence for the lattice decoder (mrz-lattice): how much each character of the MRZ
 * alphabet is supported at every position of the zone, in nats. Two independent sources add up:
 * the glyph's resemblance to the OCR-B typeface (drawn from the font at several weights and blurs,
 * see ocrb-glyphs; a chevron-shaped cell is a filler by shape), and the recogniser's readings, each
 * a vote. A vote backs the character's look-alike too (O/0, I/1, B/8, S/5, Z/2, G/6): a general
 * recogniser picks between those by its language model, not by the print, so only the typeface
 * and the check digits may tell them apart.
 */
import { getMrzLayout, MRZ_ALPHABET, type MrzFormat } from './mrz-format';
import type { PlacedPosition } from './mrz-glyph-grid';
import type { PositionScores, ZoneEvidence } from './mrz-lattice';
import type { TypefaceScores } from './mrz-font-changes';

/** Nats per unit of correlation with the typeface: a lead of 0.1 in resemblance is worth 2 nats. */
export const TYPEFACE_SHARPNESS = 20;
/** A cell with the filler's chevron shape: every other character is this much less likely. */
const FILLER_SHAPE = 6;
/** One recogniser reading of a character. */
export const VOTE_WEIGHT = 1;
/** Look-alikes a recogniser's vote cannot tell apart. */
const SHAPE_GROUPS = ['0O', '1I', '8B', '5S', '2Z', '6G'];
/** Between 0 and O the field's other characters decide, when the print cannot: digits among digits. */
const ROUND_CLASS_PRIOR = 0.3;

function groupOf(char: string): string {
  return SHAPE_GROUPS.find((group) => group.includes(char)) ?? char;
}

export interface EvidenceSources {
  /** Typeface correlations by "line:position" (non-filler cells only). */
  typeface: TypefaceScores | null;
  /** Where each position lies and whether its glyph has the filler's shape. */
  placements: ReadonlyArray<ReadonlyArray<PlacedPosition>>;
  /** Readings of the zone in this format, with their weight in votes. */
  readings: ReadonlyArray<{ lines: readonly string[]; weight: number }>;
}

/** The evidence for every position of a zone of `format`. */
export function buildZoneEvidence(format: MrzFormat, sources: EvidenceSources): ZoneEvidence {
  const layout = getMrzLayout(format);
  const evidence: Array<Array<Map<string, number>>> = [];
  for (let line = 0; line < layout.lineCount; line += 1) {
    const row: Array<Map<string, number>> = [];
    const placed = new Map((sources.placements[line] ?? []).map((entry) => [entry.position, entry]));
    for (let position = 0; position < layout.lineLength; position += 1) {
      const scores = new Map<string, number>([...MRZ_ALPHABET].map((char) => [char, 0]));
      const typeface = sources.typeface?.get(`${line}:${position}`);
      if (typeface) {
        const top = Math.max(...typeface.values());
        for (const [char, value] of typeface) scores.set(char, TYPEFACE_SHARPNESS * (value - top));
      } else if (placed.get(position)?.isFiller) {
        for (const char of MRZ_ALPHABET) scores.set(char, char === '<' ? 0 : -FILLER_SHAPE);
      }
      for (const reading of sources.readings) {
        const char = reading.lines[line]?.[position];
        if (!char) continue;
        for (const member of groupOf(char)) scores.set(member, (scores.get(member) ?? 0) + VOTE_WEIGHT * reading.weight);
      }
      row.push(scores);
    }
    evidence.push(row);
  }
  applyRoundPrior(format, evidence);
  return evidence;
}

function likeliest(scores: PositionScores): string {
  let char = '<';
  let score = -Infinity;
  for (const [candidate, value] of scores) {
    if (value > score) {
      score = value;
      char = candidate;
    }
  }
  return char;
}

/** In letters-or-digits fields, 0 and O lean to the class most of the field's other characters take. */
function applyRoundPrior(format: MrzFormat, evidence: Array<Array<Map<string, number>>>): void {
  for (const field of getMrzLayout(format).fields) {
    if (field.charClass !== 'alnum') continue;
    const row = evidence[field.line];
    if (!row) continue;
    const chars = row.slice(field.start, field.end).map(likeliest);
    chars.forEach((char, index) => {
      if (char !== '0' && char !== 'O') return;
      const others = chars.filter((_, at) => at !== index);
      const digits = others.filter((other) => /[0-9]/.test(other)).length;
      const letters = others.filter((other) => /[A-Z]/.test(other)).length;
      const scores = row[field.start + index];
      const favoured = digits >= letters ? '0' : 'O';
      scores?.set(favoured, (scores.get(favoured) ?? 0) + ROUND_CLASS_PRIOR);
    });
  }
}
