import { cropGray, clampBox, type GrayImage } from '../image/raster';
import { getMrzLayout, type MrzFormat } from './mrz-format';
import { placeGlyphPositions } from './mrz-glyph-grid';
import { allowedAt, type TemplateChange, type ZonePrints } from './mrz-glyph-templates';
import { median, type GlyphRow } from './mrz-glyphs';
import type { OcrbMatcher } from './ocrb-glyphs';

/** A cell joins another character only when it looks like that character's print this much... */
const MIN_SIMILARITY = 0.75;
/** ...and clearly more than like the character it was read as. */
const MIN_ADVANTAGE = 0.06;
/** The likeliest allowed character replaces one the position cannot hold, unless the cell is next to blank. */
const MIN_SIMILARITY_IMPOSSIBLE = 0.3;
/** Below this lead the zone's own prints may veto a change (see proposeFontChanges). */
const SLIGHT_ADVANTAGE = 0.1;
/** A lead this wide over the character read is as sure as a reading gets: it may outweigh a check digit held by luck. */
const DECISIVE_ADVANTAGE = 0.15;
/** Rows above and below the line's box the window takes in, so a glyph taller than the box keeps its ink. */
const WINDOW_MARGIN = 0.15;
/**
 * OCR-B draws the digit 0 and the letter O alike but for a hair of width, which print and blur
 * erase: the typeface cannot tell them apart, so they are one shape here and the field decides.
 */
const ROUND = new Set(['0', 'O']);
/** A cell's centre comes from its blob or the line's grid, and either can be off by a few pixels: each window is also tried this far (in pitches) to either side. */
const CENTRE_SHIFTS = [-0.14, -0.07, 0, 0.07, 0.14];

/**
 * The rows the row's glyphs stand in: the median top and bottom of its glyph-sized cells. The line's
 * box can be far taller (a vertical 'SPECIMEN' fused with the first glyphs reaches into the next line).
 */
export function glyphBand(row: GlyphRow): { top: number; bottom: number } {
  const glyphs = row.cells.filter((cell) => !cell.isFiller && cell.span === 1 && cell.component.height > 0.4 * row.line.charHeight);
  if (glyphs.length < 5) return { top: row.line.box.y, bottom: row.line.box.y + row.line.box.height };
  return {
    top: median(glyphs.map((cell) => cell.component.y)),
    bottom: median(glyphs.map((cell) => cell.component.y + cell.component.height)),
  };
}

/** The window of one position: a pitch wide, centred on its glyph, the glyph band's height and a margin. */
function glyphWindow(
  image: GrayImage,
  row: GlyphRow,
  band: { top: number; bottom: number },
  centre: number,
): { window: GrayImage; line: { top: number; bottom: number } } {
  return cutGlyphWindow(image, row.pitch, band, centre);
}

/**
 * A pitch-wide window centred on `centre`, the band's rows and WINDOW_MARGIN of them above and
 * below; `line` gives the band's rows inside the window. The typeface matcher and the glyph
 * classifier both read this, and the classifier was trained on windows cut by it.
 */
export function cutGlyphWindow(
  image: GrayImage,
  pitch: number,
  band: { top: number; bottom: number },
  centre: number,
): { window: GrayImage; line: { top: number; bottom: number } } {
  const width = Math.max(2, Math.round(pitch));
  const height = Math.round(band.bottom - band.top);
  const margin = Math.round(height * WINDOW_MARGIN);
  const box = clampBox(
    { x: Math.round(centre - width / 2), y: Math.round(band.top) - margin, width, height: height + 2 * margin },
    image.width,
    image.height,
  );
  const top = Math.max(0, Math.round(band.top) - box.y);
  return { window: cropGray(image, box), line: { top, bottom: Math.min(box.height - 1, top + height - 1) } };
}

/**
 * The typeface's scores where the glyph sits best: the window tried at each shift, the shift whose
 * closest plain drawing matches best kept, and every character scored there — scoring each
 * character at its own best shift would let a '0' cut at its left side pass for a 'D'.
 */
function scoreAligned(
  image: GrayImage,
  row: GlyphRow,
  band: { top: number; bottom: number },
  centre: number,
  matcher: OcrbMatcher,
): Map<string, number> {
  let bestShift = 0;
  let bestFit = -Infinity;
  for (const shift of CENTRE_SHIFTS) {
    const { window, line } = glyphWindow(image, row, band, centre + shift * row.pitch);
    const fit = matcher.align(window, line);
    if (fit > bestFit) {
      bestFit = fit;
      bestShift = shift;
    }
  }
  const { window, line } = glyphWindow(image, row, band, centre + bestShift * row.pitch);
  return matcher.score(window, line);
}

/** The round shape as the field reads it: a digit among digits, a letter among letters. */
function roundFor(lines: readonly string[], format: MrzFormat, line: number, position: number, allowed: RegExp): string {
  if (!allowed.test('O')) return '0';
  if (!allowed.test('0')) return 'O';
  const field = getMrzLayout(format).fields.find((entry) => entry.line === line && position >= entry.start && position < entry.end);
  const text = field ? (lines[line] ?? '').slice(field.start, field.end) : '';
  const others = [...text].filter((_, index) => index + (field?.start ?? 0) !== position);
  const digits = others.filter((char) => /[0-9]/.test(char)).length;
  const letters = others.filter((char) => /[A-Z]/.test(char)).length;
  return digits > letters ? '0' : 'O';
}

/** The typeface's scores of every non-filler glyph cell, by "line:position". */
export type TypefaceScores = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * Compares every glyph cell with the typeface once: cells are placed from the rows and the line
 * lengths alone, so the scores serve every later reading of the same zone.
 */
export function measureTypeface(
  image: GrayImage,
  rows: readonly GlyphRow[],
  lines: readonly string[],
  matcher: OcrbMatcher,
): TypefaceScores {
  const measured = new Map<string, Map<string, number>>();
  placeGlyphPositions(rows, lines).forEach((placed, line) => {
    const row = rows[line];
    if (!row) return;
    const band = glyphBand(row);
    for (const { position, centre, isFiller } of placed) {
      if (!isFiller) measured.set(`${line}:${position}`, scoreAligned(image, row, band, centre, matcher));
    }
  });
  return measured;
}

/** A cell's score for a character, 0 and O as one shape (see ROUND). */
function scoreFor(scores: ReadonlyMap<string, number>, char: string): number {
  return ROUND.has(char) ? Math.max(scores.get('0') ?? -1, scores.get('O') ?? -1) : (scores.get(char) ?? -1);
}

/** A change the typeface backs, with how sure it is. */
export interface FontChange extends TemplateChange {
  isDecisive: boolean;
}

/**
 * Re-reads each glyph against the typeface: a cell the recogniser read as 'K' that looks like
 * OCR-B's 'X' far more than like its 'K' is an 'X'. The zone's own prints (proposeTemplateChanges)
 * cannot say so when the character is printed nowhere else in the zone; the typeface always can.
 * A cell changes only to a character its field allows, never between 0 and O (see ROUND), and only
 * when the resemblance is clear; cells shaped like the filler are left alone. Over a slight lead the
 * zone's prints keep a veto: a cell more like the zone's other prints of what it was read as than
 * like its prints of the new character stays (blur turns OCR-B's E into an F; this zone's E's are
 * blurred alike) — unless those prints are cells the typeface re-reads too, one misreading shared
 * (two H's read M).
 */
export function proposeFontChanges(typeface: TypefaceScores, lines: readonly string[], format: MrzFormat, zone: ZonePrints): FontChange[] {
  const allowed = allowedAt(format);
  const proposed: FontChange[] = [];
  for (const [key, scores] of typeface) {
    const [line = 0, position = 0] = key.split(':').map(Number);
    const own = lines[line]?.[position];
    if (own === undefined) continue;
    const pattern = allowed(line, position);
    let best = own;
    let bestScore = -Infinity;
    for (const char of scores.keys()) {
      if (!pattern.test(char) || (ROUND.has(char) && ROUND.has(own))) continue;
      const score = scoreFor(scores, char);
      if (score > bestScore) {
        bestScore = score;
        best = char;
      }
    }
    if (best === own || (ROUND.has(best) && ROUND.has(own))) continue;
    const advantage = bestScore - scoreFor(scores, own);
    // A character its position cannot hold (an 'F' opening a card's code) yields to the likeliest one it can.
    const isImpossible = !pattern.test(own);
    if (bestScore < (isImpossible ? MIN_SIMILARITY_IMPOSSIBLE : MIN_SIMILARITY) || (!isImpossible && advantage < MIN_ADVANTAGE)) continue;
    const to = ROUND.has(best) ? roundFor(lines, format, line, position, pattern) : best;
    proposed.push({ line, position, from: own, to, similarity: bestScore, advantage, isDecisive: advantage >= DECISIVE_ADVANTAGE });
  }
  const changing = new Set(proposed.map((change) => `${change.line}:${change.position}`));
  return proposed.filter((change) => {
    // A clear lead, or a character the position cannot hold, is not the zone's to veto.
    if ((change.advantage ?? 0) >= SLIGHT_ADVANTAGE || !allowed(change.line, change.position).test(change.from)) return true;
    const asRead = zone(change.line, change.position, change.from, changing);
    if (asRead === null) return true;
    const asChanged = zone(change.line, change.position, change.to, changing);
    return asChanged !== null && asChanged > asRead;
  });
}

/**
 * Template changes the typeface agrees with (it, too, finds the cell more like the new character
 * than like the one read) are two independent readings of one glyph: as sure as a decisive one.
 */
export function confirmByTypeface(changes: readonly TemplateChange[], typeface: TypefaceScores): Array<TemplateChange | FontChange> {
  return changes.map((change) => {
    const scores = typeface.get(`${change.line}:${change.position}`);
    // 0 and O are one shape to the typeface: it cannot confirm a change between them.
    if (!scores || change.advantage === null || (ROUND.has(change.from) && ROUND.has(change.to))) return change;
    return scoreFor(scores, change.to) > scoreFor(scores, change.from) ? { ...change, isDecisive: true } : change;
  });
}
