import { boxBlur, rotateGrayByDegrees, sharpen, stretchContrast, thresholdSauvola } from '../image/gray-filters';
import { clampBox, cropGray, expandBox, resizeGray, type GrayImage } from '../image/raster';
import type { RecognizedLine, TextRecognizer } from '../ocr/tesseract-engine';
import { evaluateMrzCandidate, type ScoredMrz } from './mrz-candidate-scorer';
import { analyseGlyphRow, refineFillersByTemplate, type GlyphRow } from './mrz-glyphs';
import { assembleGuidedLine } from './mrz-guided-text';
import { proposeMrzCandidates, type MrzTextCandidate } from './mrz-line-fitter';
import { locateMrz, type MrzLocation } from './mrz-locator';
import { fuseMrzReadings } from './mrz-fusion';
import { applyTemplateChanges, compareWithZonePrints, proposeTemplateChanges, type TemplateChange } from './mrz-glyph-templates';
import { countClassChanges } from './mrz-correction';
import { rereadDigitCells, type DigitPatch } from './mrz-digit-reread';
import { rereadBarGlyphs } from './mrz-bar-glyphs';
import { getMrzLayout, MRZ_ALPHABET, readSpan, type MrzCheckSpec, type MrzFormat } from './mrz-format';
import { confirmByTypeface, measureTypeface, proposeFontChanges, type FontChange, type TypefaceScores } from './mrz-font-changes';
import { loadOcrbMatcher, type OcrbMatcher } from './ocrb-glyphs';
import { loadGlyphClassifier, measureClassifier, type ClassifierScores } from './ocrb-classifier';
import { placeGlyphPositions } from './mrz-glyph-grid';
import { buildZoneEvidence, isConfirmedByDigits } from './mrz-evidence';
import { decodeMrzLattice, INVALID_DIGIT_PENALTY, listUnprotectedPositions } from './mrz-lattice';
import { parseMrz } from './mrz-parser';
import { scoreMrz } from './mrz-candidate-scorer';
import type { MrzCorrection } from './mrz-correction';

export interface MrzVariantReading {
  variant: string;
  text: string;
  /** The lines rebuilt glyph by glyph, when the glyph cells were found. */
  guided: string[];
  confidence: number;
}

export interface MrzReading {
  best: ScoredMrz | null;
  readings: MrzVariantReading[];
}

interface Variant {
  name: string;
  /** Glyph height in pixels the crop is scaled to. */
  glyphHeight: number;
  prepare: (image: GrayImage, glyphHeight: number) => GrayImage;
  /** Read from each pixel's brightest channel instead of luminance; skipped when no colour was given. */
  isInk?: boolean;
}

/**
 * Ordered by how often each reads a specimen MRZ cleanly; reading stops at the first whose check
 * digits all hold, so the later ones cost time only on hard images.
 */
const VARIANTS: Variant[] = [
  { name: 'gray-28', glyphHeight: 28, prepare: (image) => stretchContrast(image) },
  { name: 'gray-22', glyphHeight: 22, prepare: (image) => stretchContrast(image) },
  { name: 'ink-28', glyphHeight: 28, prepare: (image) => stretchContrast(image), isInk: true },
  { name: 'sharpen-34', glyphHeight: 34, prepare: (image) => sharpen(stretchContrast(image), 2, 1) },
  { name: 'sauvola-28', glyphHeight: 28, prepare: (image, glyph) => thresholdSauvola(stretchContrast(image), (glyph * 2) | 1, 0.2) },
];

/**
 * Readings voted on before an early stop: names and codes have no check digit, only agreement.
 * Two identical readings whose digits hold also stop early.
 */
const MIN_VARIANTS = 3;

/** Least-squares slope of glyph centres along each line, averaged, in degrees. */
export function estimateSkewDegrees(location: MrzLocation): number {
  const slopes: number[] = [];
  for (const line of location.lines) {
    const points = line.components
      .filter((component) => component.height >= 0.6 * line.charHeight)
      .map((component) => ({ x: component.x + component.width / 2, y: component.y + component.height / 2 }));
    if (points.length < 5) continue;
    const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
    const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
    let numerator = 0;
    let denominator = 0;
    for (const point of points) {
      numerator += (point.x - meanX) * (point.y - meanY);
      denominator += (point.x - meanX) ** 2;
    }
    if (denominator > 0) slopes.push(numerator / denominator);
  }
  if (slopes.length === 0) return 0;
  const slope = slopes.reduce((sum, value) => sum + value, 0) / slopes.length;
  return (Math.atan(slope) * 180) / Math.PI;
}

/** The MRZ with a margin of about one glyph, levelled when it leans by more than half a degree. */
export function cropMrz(image: GrayImage, location: MrzLocation): GrayImage {
  const glyph = location.charHeight;
  const skew = estimateSkewDegrees(location);
  const region = clampBox(expandBox(location.box, 1.5 * glyph, 0.9 * glyph), image.width, image.height);
  if (Math.abs(skew) < 0.5) return cropGray(image, region);
  // Rotate a wider crop, then trim, so corners brought in by the rotation stay outside the text.
  const wide = clampBox(
    expandBox(region, glyph * 2, region.width * Math.abs(Math.tan((skew * Math.PI) / 180)) + glyph),
    image.width,
    image.height,
  );
  const levelled = rotateGrayByDegrees(cropGray(image, wide), -skew);
  return cropGray(levelled, { x: region.x - wide.x, y: region.y - wide.y, width: region.width, height: region.height });
}

const GUIDED_PRIOR = 0.5;
/** Two check digits' worth (each is +10 holding, −10 failing). */
const RAW_TEXT_MARGIN = 25;

/** Glyph height the glyph cells are measured at; variants at other heights are mapped onto it. */
const BASE_GLYPH_HEIGHT = 32;

/** Merges the dots of a dot-matrix glyph at the base glyph height. */
const DOT_MATRIX_BLUR = 3;

/** Finds the MRZ lines again inside the levelled, scaled crop and cuts them into glyph cells. */
function analyseGlyphs(base: GrayImage): GlyphRow[] {
  const options = { windowSize: BASE_GLYPH_HEIGHT * 2 + 1, maxCharHeight: BASE_GLYPH_HEIGHT * 2 };
  // Dot-matrix print (some visas) falls apart into dots at this size; blurred, each glyph is one blob again.
  const inner = locateMrz(base, options) ?? locateMrz(boxBlur(base, DOT_MATRIX_BLUR), options);
  if (!inner) return [];
  const rows = inner.lines.map((line) => analyseGlyphRow(inner.binary, line));
  refineFillersByTemplate(base, rows);
  return rows;
}

/** The located zone's crop brought to the base glyph height and cut into glyph rows: what the glyph stages compare. */
export function measureGlyphZone(crop: GrayImage, location: MrzLocation): { base: GrayImage; rows: GlyphRow[] } {
  const base = toBaseScale(crop, location);
  return { base, rows: analyseGlyphs(base) };
}

/** A crop of the zone at the base glyph height, contrast stretched: the geometry glyph rows are measured in. */
function toBaseScale(crop: GrayImage, location: MrzLocation): GrayImage {
  return stretchContrast(scaleToGlyphHeight(crop, location.charHeight, BASE_GLYPH_HEIGHT));
}

/** Rebuilds each recognised line on the glyph row it lies on; lines matching no row are left out. */
function assembleGuidedLines(rows: readonly GlyphRow[], lines: readonly RecognizedLine[], factor: number): string[] {
  const guided: string[] = [];
  for (const line of lines) {
    const top = line.box.y * factor;
    const bottom = (line.box.y + line.box.height) * factor;
    const row = rows.find((candidate) => {
      const overlap = Math.min(bottom, candidate.line.box.y + candidate.line.box.height) - Math.max(top, candidate.line.box.y);
      return overlap > 0.5 * candidate.line.box.height;
    });
    if (!row) continue;
    const symbols = line.symbols.map((symbol) => ({
      ...symbol,
      box: { x: symbol.box.x * factor, y: symbol.box.y * factor, width: symbol.box.width * factor, height: symbol.box.height * factor },
    }));
    guided.push(assembleGuidedLine(row, symbols));
  }
  return guided;
}

function scaleToGlyphHeight(image: GrayImage, charHeight: number, glyphHeight: number): GrayImage {
  const scale = Math.min(6, Math.max(0.5, glyphHeight / Math.max(1, charHeight)));
  if (Math.abs(scale - 1) < 0.05) return image;
  return resizeGray(image, Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)));
}

/**
 * Glyph-guided text has its fillers from shape. The raw recogniser text replaces it only when it
 * scores clearly higher — by more than one check digit's swing — because raw text full of letters
 * where fillers stand can satisfy a check digit by luck, while guided text goes wrong mainly when
 * the glyph cells themselves are wrong, which costs it several digits.
 */
function preferGuided(fromGlyphs: ScoredMrz | null, fromText: ScoredMrz | null): ScoredMrz | null {
  if (!fromGlyphs) return fromText;
  if (!fromText) return fromGlyphs;
  return fromText.score > fromGlyphs.score + RAW_TEXT_MARGIN ? fromText : fromGlyphs;
}

function pickBest(candidates: readonly MrzTextCandidate[]): ScoredMrz | null {
  let best: ScoredMrz | null = null;
  for (const candidate of candidates) {
    const scored = evaluateMrzCandidate(candidate);
    if (scored && (!best || scored.score > best.score)) best = scored;
  }
  return best;
}

/**
 * The fusion of all readings wins ties with the best single reading: where check digits cannot
 * tell them apart (names, codes), agreement between variants is the better evidence.
 */
function preferFusion(best: ScoredMrz | null, readings: readonly ScoredMrz[]): ScoredMrz | null {
  const fused = fuseMrzReadings(readings);
  if (!fused) return best;
  const scored = evaluateMrzCandidate({ ...fused, prior: GUIDED_PRIOR });
  if (!scored) return best;
  if (!best || scored.score + 0.01 >= best.score) return scored;
  return best;
}

function countSwaps(reading: ScoredMrz): number {
  return reading.corrections.filter((correction) => correction.confirmedBy !== 'format').length;
}

function countHeldDigits(reading: ScoredMrz): number {
  return Object.values(reading.parsed.checkDigits).filter(Boolean).length;
}

/** A template change this sure outweighs a check digit that holds: its print is nearly identical to the new character's. */
const DECISIVE_SIMILARITY = 0.95;

function isDecisive(change: TemplateChange | FontChange): boolean {
  if ('isDecisive' in change) return change.isDecisive;
  return change.similarity >= DECISIVE_SIMILARITY && change.advantage !== null;
}

function isInside(check: MrzCheckSpec, change: TemplateChange): boolean {
  return check.covers.some((span) => span.line === change.line && change.position >= span.start && change.position < span.end);
}

/** Several glyphs the typeface reads otherwise, together this sure, outweigh a digit that holds one time in ten by luck. */
const TYPEFACE_OUTWEIGHS_DIGIT = 0.45;
/** More changes than this under one digit mean cells cut in the wrong places, not misread glyphs. */
const MAX_TYPEFACE_CHANGES = 3;

/**
 * The typeface alone outweighs a check digit when the glyphs under it it reads otherwise are few
 * and their leads add up: ASAA3TT4 read where A5AA3774 is printed holds its composite by luck, and
 * the typeface sees a clear 5 and two clear 7s.
 */
function isTypefaceBacked(under: ReadonlyArray<TemplateChange | FontChange>): boolean {
  if (under.length === 0 || under.length > MAX_TYPEFACE_CHANGES || !under.every((change) => 'isDecisive' in change)) return false;
  return under.reduce((sum, change) => sum + (change.advantage ?? 0), 0) >= TYPEFACE_OUTWEIGHS_DIGIT;
}

/**
 * Under this check digit the templates changed something, every change is decisive, and the field
 * comes out more uniform (fewer letter/digit alternations): a number read with letters among its
 * digits (DDO000039, TIB10187) that the templates turn back into digits.
 */
function isTemplateBacked(
  check: MrzCheckSpec,
  before: ScoredMrz,
  after: ScoredMrz,
  changes: ReadonlyArray<TemplateChange | FontChange>,
): boolean {
  const under = changes.filter((change) => isInside(check, change));
  if (isTypefaceBacked(under)) return true;
  if (under.length === 0 || !under.every(isDecisive)) return false;
  const alternations = (reading: ScoredMrz): number[] =>
    check.covers.map((span) => countClassChanges(readSpan(reading.parsed.lines, span)));
  const was = alternations(before);
  const now = alternations(after);
  return now.every((count, index) => count <= (was[index] ?? 0)) && now.some((count, index) => count < (was[index] ?? 0));
}

function applyChanges(best: ScoredMrz, changes: readonly TemplateChange[]): ScoredMrz | null {
  return evaluateMrzCandidate({ format: best.parsed.format, lines: applyTemplateChanges(best.parsed.lines, changes), prior: GUIDED_PRIOR });
}

/** A swap confirmed by a check digit is right nine times in ten: a re-reading may not lean on more of them, nor let more digits fail. */
function isNoWorse(before: ScoredMrz, after: ScoredMrz): boolean {
  return countHeldDigits(after) >= countHeldDigits(before) && countSwaps(after) <= countSwaps(before);
}

function countSwapsFor(reading: ScoredMrz, check: MrzCheckSpec): number {
  return reading.corrections.filter((correction) => correction.confirmedBy === check.name).length;
}

/**
 * Letters read among a number's digits can satisfy its check digit by luck, one time in ten, and
 * the composite weighs them alike; a document printed with an invalid digit then reads as valid,
 * and a misread one cannot be re-read without a check-digit swap. Decisive template changes may
 * outweigh that luck: they may break a digit that held, or lean on a swap the reading did not need,
 * wherever they are template-backed.
 */
function templatesOutweighDigits(before: ScoredMrz, after: ScoredMrz, changes: ReadonlyArray<TemplateChange | FontChange>): boolean {
  const layout = getMrzLayout(before.parsed.format);
  const disputed = layout.checks.filter(
    (check) =>
      (before.parsed.checkDigits[check.name] === true && after.parsed.checkDigits[check.name] !== true) ||
      countSwapsFor(after, check) > countSwapsFor(before, check),
  );
  return disputed.length > 0 && disputed.every((check) => isTemplateBacked(check, before, after, changes));
}

/**
 * The best reading re-read glyph by glyph against the zone's own prints, or against the typeface;
 * kept when no more check digits fail than before, because both see what the recogniser
 * systematically confuses.
 */
function refineByGlyphs(best: ScoredMrz | null, changes: ReadonlyArray<TemplateChange | FontChange>): ScoredMrz | null {
  if (!best || changes.length === 0) return best;
  const scored = applyChanges(best, changes);
  if (!scored) return best;
  if (isNoWorse(best, scored) || templatesOutweighDigits(best, scored, changes)) return scored;
  // The digits refuse the changes under them; in the names, which no digit covers, the templates
  // are the only evidence there is (two fillers after a name read C).
  const layout = getMrzLayout(best.parsed.format);
  const inNames = changes.filter((change) =>
    layout.fields.some(
      (field) => field.name === 'names' && field.line === change.line && change.position >= field.start && change.position < field.end,
    ),
  );
  if (inNames.length === 0) return best;
  const names = applyChanges(best, inNames);
  return names && isNoWorse(best, names) ? names : best;
}

/**
 * The typeface's re-reading first (it knows every character), then the zone's templates (they know
 * this print), then 'I' and 'T' in letter-only fields settled by the glyph's shape (see rereadBarGlyphs).
 */
function refineGlyphs(
  best: ScoredMrz | null,
  base: GrayImage,
  rows: readonly GlyphRow[],
  typefaceOf: (lines: readonly string[]) => TypefaceScores | null,
): ScoredMrz | null {
  if (!best || rows.length === 0) return best;
  const typeface = typefaceOf(best.parsed.lines);
  const fontChanges = typeface
    ? proposeFontChanges(typeface, best.parsed.lines, best.parsed.format, compareWithZonePrints(base, rows, best.parsed.lines))
    : [];
  const typeset = refineByGlyphs(best, fontChanges);
  if (!typeset) return typeset;
  const templateChanges = proposeTemplateChanges(base, rows, typeset.parsed.lines, typeset.parsed.format);
  const templated = refineByGlyphs(typeset, typeface ? confirmByTypeface(templateChanges, typeface) : templateChanges);
  if (!templated) return templated;
  const lines = rereadBarGlyphs(rows, templated.parsed.lines, templated.parsed.format);
  if (lines.join('\n') === templated.parsed.lines.join('\n')) return templated;
  const scored = evaluateMrzCandidate({ format: templated.parsed.format, lines, prior: GUIDED_PRIOR });
  return scored && isNoWorse(templated, scored) ? scored : templated;
}

export interface MrzReadingOptions {
  /** Re-read glyphs against the OCR-B typeface (see proposeFontChanges); default true. Off only to measure what it adds. */
  useTypeface?: boolean;
  /** Decode the final reading over several hypotheses per character (see decodeMrzLattice); default true. */
  useLattice?: boolean;
  /** Weigh the trained OCR-B glyph classifier's scores in the lattice (else the typeface's correlations); default true. */
  useClassifier?: boolean;
}

/**
 * The reading as recognised, before the check-digit corrector swapped characters: a vote must be
 * what the recogniser saw, or a swap made to satisfy a digit would count as evidence for itself.
 * Corrections the field's class forces are kept.
 */
function undoCorrections(reading: ScoredMrz): string[] {
  const lines = [...reading.parsed.lines];
  for (const correction of reading.corrections.toReversed()) {
    // What the field's class forces (an I in a date is a 1) is grammar, not a guess: it stays.
    if (correction.confirmedBy === 'format') continue;
    const text = lines[correction.line] ?? '';
    lines[correction.line] = text.slice(0, correction.position) + correction.from + text.slice(correction.position + 1);
  }
  return lines;
}

/** Line length in pitches the glyph rows span, the median over rows; null without rows. */
export function measureLineLength(rows: readonly GlyphRow[]): number | null {
  const lengths = rows.flatMap((row) => {
    const first = row.cells[0];
    const last = row.cells[row.cells.length - 1];
    if (!first || !last || row.pitch <= 0) return [];
    return [(last.x + last.width - first.x) / row.pitch];
  });
  if (lengths.length === 0) return null;
  return lengths.toSorted((a, b) => a - b)[Math.floor(lengths.length / 2)] ?? null;
}

/**
 * Formats worth decoding: three rows are TD1; two rows are 36 or 44 characters long by their
 * measured length when it is clear (within 3 of one), else as read; each with its sibling.
 */
function candidateFormats(read: MrzFormat, rows: readonly GlyphRow[]): MrzFormat[] {
  if (rows.length === 3) return ['TD1'];
  if (rows.length !== 2) return [read];
  const length = measureLineLength(rows);
  const readLength = getMrzLayout(read).lineLength;
  const lineLength = length !== null && Math.abs(length - 44) <= 3 ? 44 : length !== null && Math.abs(length - 36) <= 3 ? 36 : readLength;
  if (lineLength === 44) return ['TD3', 'MRVA'];
  if (lineLength === 36) return ['TD2', 'MRVB'];
  return [read];
}

/** The best single reading counts this many votes beside each variant's: it has been through every glyph stage. */
const REFINED_READING_WEIGHT = 2.5;

/** Where the lattice's lines differ from the reading, each change with the check digit that covers it (or the format). */
function listLatticeChanges(reading: ScoredMrz, lines: readonly string[]): MrzCorrection[] {
  const layout = getMrzLayout(reading.parsed.format);
  const changes: MrzCorrection[] = reading.corrections.filter(
    (correction) => lines[correction.line]?.[correction.position] === correction.to,
  );
  reading.parsed.lines.forEach((text, line) => {
    for (let position = 0; position < text.length; position += 1) {
      const from = text[position] ?? '';
      const to = lines[line]?.[position] ?? '';
      if (from === to) continue;
      const check = layout.checks.find(
        (entry) =>
          (entry.line === line && entry.position === position) ||
          entry.covers.some((span) => span.line === line && position >= span.start && position < span.end),
      );
      changes.push({ line, position, from, to, confirmedBy: check?.name ?? 'format' });
    }
  });
  return changes;
}

export interface MrzReadingSession {
  /** Filler glyphs recognised by shape in the zone, before any recognition; null when no glyph rows were found. */
  fillerCount: number | null;
  /**
   * The glyph classifier's own reading of the zone, in a format its glyph rows allow, satisfies
   * its check digits (see isConfirmedByDigits): an MRZ, however its fillers look to the recogniser.
   */
  isConfirmedByClassifier(): boolean;
  /** Runs the next preprocessing variant; false when every variant has run. */
  readNext(): Promise<boolean>;
  /** Enough variants agree, or all digits hold after the minimum number of variants. */
  isSettled(): boolean;
  result(): MrzReading;
}

/**
 * Reads a located MRZ one preprocessing variant at a time, so a caller can compare orientations
 * after a single pass before spending more. Each variant's text is recognised with the MRZ
 * alphabet only, rebuilt glyph by glyph, fitted to the format's line lengths, corrected and scored by
 * its check digits; after MIN_VARIANTS the readings are fused field by field.
 */
export function startMrzReading(
  image: GrayImage,
  location: MrzLocation,
  recognizer: TextRecognizer,
  ink?: GrayImage,
  options: MrzReadingOptions = {},
): MrzReadingSession {
  const crop = cropMrz(image, location);
  const inkCrop = ink ? cropMrz(ink, location) : null;
  const variants = VARIANTS.filter((variant) => !variant.isInk || inkCrop);
  const { base, rows } = measureGlyphZone(crop, location);
  // The typeface is compared with the ink (coloured print and stamps faded), at the base's geometry.
  const inkBase = inkCrop ? toBaseScale(inkCrop, location) : base;
  let font: OcrbMatcher | null | undefined;
  // Cells are placed from the line lengths alone: one measurement per format serves every reading.
  const typefaces = new Map<string, TypefaceScores>();
  const typefaceOf = (lines: readonly string[]): TypefaceScores | null => {
    if (!font) return null;
    const key = lines.map((line) => line.length).join(',');
    let measured = typefaces.get(key);
    if (!measured) {
      measured = measureTypeface(inkBase, rows, lines, font);
      typefaces.set(key, measured);
    }
    return measured;
  };
  const readings: MrzVariantReading[] = [];
  const fitted: ScoredMrz[] = [];
  const classified = new Map<string, ClassifierScores>();
  /** The trained classifier's scores of every cell, measured once per line shape. */
  const classifiedAs = (lines: readonly string[]): ClassifierScores | null => {
    if (options.useClassifier === false) return null;
    const key = lines.map((line) => line.length).join(',');
    let measured = classified.get(key);
    if (!measured) {
      measured = measureClassifier(inkBase, rows, lines, loadGlyphClassifier());
      classified.set(key, measured);
    }
    return measured;
  };
  /** The zone decoded in one format over every variant's votes and the typeface's scores, check digits as constraints. */
  const decodeAs = (format: MrzFormat, reading: ScoredMrz): { scored: ScoredMrz; rank: number } | null => {
    const layout = getMrzLayout(format);
    const shape = Array.from({ length: layout.lineCount }, () => '<'.repeat(layout.lineLength));
    const sameShape = (lines: readonly string[]): boolean =>
      lines.length === layout.lineCount && lines.every((line) => line.length === layout.lineLength);
    // Without a single reading of this shape the evidence is the glyph scores alone, measured
    // against no reading: decoding them would make up a zone (and its digits would hold).
    // Unless the classifier's own reading of this shape satisfies the digits: then it is read, not made up.
    const classifier = classifiedAs(shape);
    const isRead = sameShape(reading.parsed.lines) || fitted.some((entry) => sameShape(entry.parsed.lines));
    const isConfirmed = classifier !== null && isConfirmedByDigits(layout, classifier);
    if (!isRead && !isConfirmed) return null;
    const evidence = buildZoneEvidence(format, {
      typeface: typefaceOf(shape),
      classifier,
      placements: placeGlyphPositions(rows, shape),
      readings: [
        ...fitted.filter((entry) => sameShape(entry.parsed.lines)).map((entry) => ({ lines: undoCorrections(entry), weight: 1 })),
        ...(sameShape(reading.parsed.lines) ? [{ lines: undoCorrections(reading), weight: REFINED_READING_WEIGHT }] : []),
      ],
    });
    const decoded = decodeMrzLattice(format, evidence);
    if (sameShape(reading.parsed.lines)) {
      const code = layout.fields.find((field) => field.name === 'documentCode');
      for (const { line, position } of listUnprotectedPositions(format)) {
        // The code's second character, read by a classifier the digits vouch for, is a witness the
        // glyph stages never weighed (the recogniser's P< read PL, ID read IS).
        if (isConfirmed && code?.line === line && position === code.start + 1) continue;
        const text = decoded.lines[line] ?? '';
        decoded.lines[line] = text.slice(0, position) + (reading.parsed.lines[line]?.[position] ?? '<') + text.slice(position + 1);
      }
    }
    const parsed = parseMrz(decoded.lines);
    if (!parsed || parsed.format !== format) return null;
    // A field the lattice could not read well formed (a date with fillers, a number with a filler
    // inside) is not valid, even where the check digit's arithmetic happens to hold.
    for (const decision of decoded.decisions) {
      if (decision.wellFormed !== false || !layout.checks.some((check) => check.name === decision.subject)) continue;
      parsed.checkDigits[decision.subject as MrzCheckSpec['name']] = false;
      parsed.valid = false;
    }
    // A digit that another reading of its field satisfies as well confirms neither: not valid,
    // though the digit holds (the caller asks for a clearer picture rather than trust a misread).
    const uncertain = decoded.decisions
      .filter((decision) => decision.isUncertain === true)
      .flatMap((decision) => layout.checks.filter((check) => check.name === decision.subject).map((check) => check.name));
    if (uncertain.length > 0) {
      parsed.uncertain = uncertain;
      parsed.valid = false;
    }
    const corrections = sameShape(reading.parsed.lines) ? listLatticeChanges(reading, decoded.lines) : [];
    const failing = decoded.decisions.filter((decision) => !decision.holds).length;
    return {
      scored: { parsed, corrections, score: scoreMrz(parsed) - 0.05 * corrections.length + GUIDED_PRIOR },
      rank: decoded.score - INVALID_DIGIT_PENALTY * failing,
    };
  };
  /**
   * The reading decoded again by the lattice, in the format the glyph rows measure (their length in
   * pitches) and its sibling of the same shape (a passport or a visa, a TD2 card or a visa): the
   * likelier decoding wins, so a misread 'V' or a line the recogniser cut short cannot set the format.
   */
  const decodeByLattice = (reading: ScoredMrz | null): ScoredMrz | null => {
    if (!reading || rows.length === 0 || options.useLattice === false) return reading;
    const formats = candidateFormats(reading.parsed.format, rows);
    const decoded = formats
      .map((format) => decodeAs(format, reading))
      .filter((entry): entry is { scored: ScoredMrz; rank: number } => entry !== null)
      .toSorted((a, b) => b.rank - a.rank);
    return decoded[0]?.scored ?? reading;
  };
  const refine = async (reading: ScoredMrz | null): Promise<ScoredMrz | null> => {
    font ??= options.useTypeface === false ? null : await loadOcrbMatcher();
    return refineGlyphs(await patchDigits(reading), base, rows, typefaceOf);
  };
  let best: ScoredMrz | null = null;
  // The lattice's decoding of the best reading so far; never fed back into the recogniser's stages,
  // so a decoding of misplaced cells cannot become a vote for itself.
  let decoded: ScoredMrz | null = null;
  let settled = false;
  const digitPatches = new Map<string, DigitPatch | null>();

  /** Digit-only positions read as letters are recognised again alone; each glyph once per session. */
  async function patchDigits(reading: ScoredMrz | null): Promise<ScoredMrz | null> {
    if (!reading) return reading;
    const fresh = await rereadDigitCells(base, rows, reading.parsed.lines, reading.parsed.format, recognizer, (line, position) =>
      digitPatches.has(`${line}:${position}`),
    );
    for (const patch of fresh.patches) digitPatches.set(`${patch.line}:${patch.position}`, patch);
    for (const key of fresh.tried) if (!digitPatches.has(key)) digitPatches.set(key, null);
    const lines = [...reading.parsed.lines];
    let isChanged = false;
    for (const patch of digitPatches.values()) {
      const text = lines[patch?.line ?? -1];
      if (!patch || text === undefined || /^[0-9<]$/.test(text[patch.position] ?? '')) continue;
      lines[patch.line] = text.slice(0, patch.position) + patch.digit + text.slice(patch.position + 1);
      isChanged = true;
    }
    if (!isChanged) return reading;
    const patched = evaluateMrzCandidate({ format: reading.parsed.format, lines, prior: GUIDED_PRIOR });
    return patched && patched.score >= reading.score ? patched : reading;
  }

  return {
    fillerCount:
      rows.length === 0
        ? null
        : rows.reduce((sum, row) => sum + row.cells.filter((cell) => cell.isFiller).reduce((cells, cell) => cells + cell.span, 0), 0),
    async readNext() {
      const variant = variants[readings.length];
      if (!variant || settled) return false;
      const source = variant.isInk && inkCrop ? inkCrop : crop;
      const prepared = variant.prepare(scaleToGlyphHeight(source, location.charHeight, variant.glyphHeight), variant.glyphHeight);
      const recognition = await recognizer.recognize(prepared, { segmentation: 'block', whitelist: MRZ_ALPHABET });
      const guided = assembleGuidedLines(rows, recognition.lines, base.width / prepared.width);
      readings.push({ variant: variant.name, text: recognition.text, guided, confidence: recognition.confidence });
      // The glyph rows are found again on the levelled crop at a fixed glyph height: where they
      // count more lines than the locator did (a line of a tight crop broken apart), they are right.
      const lineCount = Math.max(location.lines.length, rows.length <= 3 ? rows.length : 0);
      const fromGlyphs = pickBest(proposeMrzCandidates(guided, GUIDED_PRIOR, lineCount));
      const fromText = pickBest(
        proposeMrzCandidates(
          recognition.lines.map((line) => line.text),
          0,
          lineCount,
        ),
      );
      const scored = preferGuided(fromGlyphs, fromText);
      if (scored) fitted.push(scored);
      if (scored && (!best || scored.score > best.score)) best = scored;
      if (readings.length >= MIN_VARIANTS) {
        best = await refine(preferFusion(best, fitted));
        settled = best?.parsed.valid === true;
      } else {
        best = await refine(best);
      }
      if (readings.length < MIN_VARIANTS && readings.length >= 2 && best?.parsed.valid === true && haveSameLines(fitted)) {
        // Two variants reading every character alike, digits holding: a third adds nothing.
        settled = true;
      }
      if (readings.length === variants.length) best = await refine(preferFusion(best, fitted));
      decoded = decodeByLattice(best);
      if (readings.length >= MIN_VARIANTS && decoded?.parsed.valid === true) settled = true;
      // A field the glyphs leave uncertain gains from every further variant's vote.
      if ((decoded?.parsed.uncertain?.length ?? 0) > 0) settled = false;
      return true;
    },
    isConfirmedByClassifier() {
      if (rows.length < 2 || rows.length > 3 || options.useClassifier === false) return false;
      const length = measureLineLength(rows);
      const formats: MrzFormat[] = rows.length === 3 ? ['TD1'] : ['TD2', 'MRVB', 'TD3', 'MRVA'];
      return formats.some((format) => {
        const layout = getMrzLayout(format);
        if (rows.length === 2 && length !== null && Math.abs(length - layout.lineLength) > 3) return false;
        const scores = classifiedAs(Array.from({ length: layout.lineCount }, () => '<'.repeat(layout.lineLength)));
        return scores !== null && isConfirmedByDigits(layout, scores);
      });
    },
    isSettled: () => settled,
    result: () => ({ best: decoded ?? best, readings: [...readings] }),
  };
}

function haveSameLines(readings: readonly ScoredMrz[]): boolean {
  const first = readings[0]?.parsed.lines.join('\n');
  return first !== undefined && readings.every((reading) => reading.parsed.lines.join('\n') === first);
}

/** Reads a located MRZ to the end: until its check digits hold or every variant has run. */
export async function readMrzAt(image: GrayImage, location: MrzLocation, recognizer: TextRecognizer): Promise<MrzReading> {
  const session = startMrzReading(image, location, recognizer);
  while (await session.readNext()) {
    // Each pass either settles the reading or adds evidence for the fusion.
  }
  return session.result();
}
