import sharp from 'sharp';
import { decodeDocumentImage } from '../image/image-decoder';
import { UnsupportedImageError } from '../image/input-format';
import { cropGray, cropRgb, rotateGray, rotateRgb, toGray, toInkGray, type Box, type GrayImage, type RgbImage } from '../image/raster';
import { findAndReadMrz, type FoundMrz } from '../mrz/mrz-finder';
import { locateMrz } from '../mrz/mrz-locator';
import { createTesseractRecognizer, type TextRecognizer } from '../ocr/tesseract-engine';
import { detectCardType } from './card-type-detector';
import { checkCardType, type CardTypeRequest } from './card-type-policy';
import { findCardType } from './card-types';
import { assessValidity } from './document-dates';
import { findDocumentRegions, type DocumentRegion } from './document-regions';
import { BLURRY_SHARPNESS, resolveOcrStatus, type MrzState } from './document-status';
import { measureImageQuality, labelImageQuality, type QualityMeasures } from './image-quality';
import { fieldsFromMrz } from './mrz-fields';
import { compareMrzWithPrinted, type FieldComparison } from './mrz-printed-comparison';
import { buildMrzReport, type MrzReport } from './mrz-report';
import { createEmptyFields, genderForSex, OCR_FIELD_NAMES, type OcrFields } from './ocr-fields';
import { describeImageQuality, describeValidity, SUMMARY_TEXT, type DocumentSummary, type OcrResult } from './ocr-result';
import { getOcrStatusMessage, OCR_STATUS } from './ocr-status';
import { skinPortraitLocator, type PortraitLocator } from './portrait-locator';
import { readPrintedFields, type PrintedFields } from './printed-fields';
import { readDocumentText } from './document-text';
import { findTextOrientation, measureTextLayout } from './text-orientation';

export interface ReadDocumentOptions extends CardTypeRequest {
  /** Reference time for expiry checks; defaults to the current time. */
  now?: Date;
  /** Days before expiry from which the summary warns; default 30. */
  nearExpiryDays?: number;
  /** Recognise the printed text as well as the MRZ (card type keywords, printed fields); default true. */
  readPrintedText?: boolean;
}

/** What the engine measured on the way to its verdict, for reviewers and logs (no personal data beyond the result). */
export interface DocumentChecks {
  orientationDegrees: number;
  documentBox: Box;
  isFullFrame: boolean;
  quality: QualityMeasures;
  cardTypeReasons: string[];
  statusReasons: string[];
  printedFields: PrintedFields;
  mrzPrintedComparison: FieldComparison[];
}

export interface DocumentReading extends OcrResult {
  mrz: MrzReport | null;
  checks: DocumentChecks;
}

export interface DocumentReader {
  read(bytes: Uint8Array, options?: ReadDocumentOptions): Promise<DocumentReading>;
  /** Ends the recogniser's worker thread; the reader cannot be used afterwards. */
  close(): Promise<void>;
}

export interface DocumentReaderConfig {
  /** Supply a shared recogniser; by default the reader starts (and closes) its own. */
  recognizer?: TextRecognizer;
  /** Re-read MRZ glyphs against the OCR-B typeface; default true. Off only to measure what it adds (npm run eval). */
  useMrzTypeface?: boolean;
  /** Decode the MRZ over several hypotheses per character with the check digits as constraints; default true. Off only to measure what it adds. */
  useMrzLattice?: boolean;
  /** Weigh the trained OCR-B glyph classifier in the MRZ lattice; default true. Off only to measure what it adds. */
  useMrzClassifier?: boolean;
  portraitLocator?: PortraitLocator;
}

const DEFAULT_NEAR_EXPIRY_DAYS = 30;
const MIN_DOCUMENT_SHARE = 0.08;
/** A blurred document still shows soft edges over a few percent of the picture; an empty one does not. */
const MIN_BLURRED_EDGE_SHARE = 0.02;

function emptySummary(heading: string): DocumentSummary {
  return {
    document_name: null,
    heading,
    image_quality: { score: 0, label: 'Poor', message: describeImageQuality('Poor') },
    missing_text_fields: { fields: [], message: SUMMARY_TEXT.textNotClear },
    damaged: { isDamaged: false, message: SUMMARY_TEXT.notDamaged },
    validity: { status: 'unknown', expiryDate: null, message: describeValidity('unknown') },
    portrait: { isFound: false, message: SUMMARY_TEXT.noFace },
  };
}

function unreadableFormat(): DocumentReading {
  const code = OCR_STATUS.wrongImageFormat;
  return {
    result: false,
    status_code: code,
    message: getOcrStatusMessage(code),
    document_summary: emptySummary(SUMMARY_TEXT.noDocument),
    card_type: null,
    ocr: { ocr_results: createEmptyFields() },
    face: { face_image: null },
    mrz: null,
    checks: {
      orientationDegrees: 0,
      documentBox: { x: 0, y: 0, width: 0, height: 0 },
      isFullFrame: false,
      quality: { sharpness: 0, edgeShare: 0, glareShare: 0, contrast: 0, resolution: 0, score: 0 },
      cardTypeReasons: [],
      statusReasons: ['the file is not a readable JPEG, PNG or PDF'],
      printedFields: {},
      mrzPrintedComparison: [],
    },
  };
}

/** The region holding the MRZ if there is one, else the largest. */
function pickMainRegion(regions: readonly DocumentRegion[], mrzBox: Box | null): DocumentRegion | undefined {
  if (mrzBox) {
    const centreX = mrzBox.x + mrzBox.width / 2;
    const centreY = mrzBox.y + mrzBox.height / 2;
    const holding = regions.find(
      (region) =>
        centreX >= region.box.x &&
        centreX <= region.box.x + region.box.width &&
        centreY >= region.box.y &&
        centreY <= region.box.y + region.box.height,
    );
    if (holding) return holding;
  }
  return regions[0];
}

/**
 * A clean card shape clipped by exactly two adjacent picture edges has a corner outside the frame.
 * Touching three or four edges is how a tight crop or a scan looks, not a framing fault.
 */
export function isCutOffRegion(region: DocumentRegion): boolean {
  return (
    region.isCornerCut && region.edgesTouched === 2 && region.areaShare < 0.6 && region.solidity >= 0.95 && region.rectangularity >= 0.9
  );
}

/**
 * A card lying clear of the picture edges whose outline has a notch or tear (convexity below 0.93)
 * or a missing piece (below 0.92 of its enclosing rectangle; rounded corners and a little
 * perspective stay above). A small clipped corner is not detected.
 */
export function isDamagedRegion(region: DocumentRegion): boolean {
  return region.edgesTouched === 0 && region.areaShare >= 0.1 && (region.solidity < 0.93 || region.rectangularity < 0.92);
}

/** The MRZ box in the document crop's coordinates, with a margin of half a line. */
function mrzBoxWithin(mrz: Box, document: Box): Box {
  const margin = mrz.height / 4;
  return { x: mrz.x - document.x - margin, y: mrz.y - document.y - margin, width: mrz.width + 2 * margin, height: mrz.height + 2 * margin };
}

/** A second MRZ elsewhere in the picture means a second document. */
function hasSecondMrz(gray: GrayImage, first: Box): boolean {
  const masked = { ...gray, data: gray.data.slice() };
  const pad = first.height;
  for (let y = Math.max(0, Math.round(first.y - pad)); y < Math.min(gray.height, first.y + first.height + pad); y += 1) {
    masked.data.fill(
      255,
      y * gray.width + Math.max(0, Math.round(first.x - pad)),
      y * gray.width + Math.min(gray.width, Math.round(first.x + first.width + pad)),
    );
  }
  const second = locateMrz(masked);
  return second !== null && second.lines.length >= 2 && second.score > 40;
}

async function encodePortrait(image: RgbImage, box: Box): Promise<string> {
  const crop = cropRgb(image, box);
  const jpeg = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString('base64');
}

function mergeFields(fromMrz: OcrFields | null, printed: PrintedFields): OcrFields {
  const fields = fromMrz ? { ...fromMrz } : createEmptyFields();
  for (const name of OCR_FIELD_NAMES) {
    const value = printed[name];
    if (fields[name] === null && typeof value === 'string') fields[name] = value;
  }
  fields.expiry ??= fields.doe;
  fields.doe ??= fields.expiry;
  fields.gender ??= genderForSex(fields.sex);
  return fields;
}

function describeMrzState(found: FoundMrz | null): MrzState {
  if (!found) return 'none';
  const parsed = found.reading.best?.parsed;
  if (!parsed) return 'unreadable';
  return parsed.valid ? 'valid' : 'invalid';
}

export async function createDocumentReader(config: DocumentReaderConfig = {}): Promise<DocumentReader> {
  const ownsRecognizer = !config.recognizer;
  const recognizer = config.recognizer ?? (await createTesseractRecognizer());
  const portraitLocator = config.portraitLocator ?? skinPortraitLocator;

  async function read(bytes: Uint8Array, options: ReadDocumentOptions = {}): Promise<DocumentReading> {
    const now = options.now ?? new Date();
    const nearExpiryDays = options.nearExpiryDays ?? DEFAULT_NEAR_EXPIRY_DAYS;
    let rgb: RgbImage;
    try {
      rgb = (await decodeDocumentImage(bytes)).image;
    } catch (error) {
      if (error instanceof UnsupportedImageError) return unreadableFormat();
      throw error;
    }
    const gray = toGray(rgb);
    const found = await findAndReadMrz(gray, recognizer, toInkGray(rgb), {
      useTypeface: config.useMrzTypeface,
      useLattice: config.useMrzLattice,
    });
    const turns = found?.turns ?? (await findTextOrientation(gray, recognizer));
    const uprightRgb = rotateRgb(rgb, turns);
    const uprightGray = rotateGray(gray, turns);

    const layout = findDocumentRegions(uprightRgb);
    const main = pickMainRegion(layout.regions, found?.location.box ?? null);
    const documentBox = main?.box ?? { x: 0, y: 0, width: uprightRgb.width, height: uprightRgb.height };
    const documentGray = cropGray(uprightGray, documentBox);
    const quality = measureImageQuality(documentGray, cropRgb(uprightRgb, documentBox));
    const textLayout = measureTextLayout(documentGray);

    const shouldReadText = options.readPrintedText !== false;
    const mrzInDocument = found ? mrzBoxWithin(found.location.box, documentBox) : undefined;
    const text = shouldReadText ? await readDocumentText(documentGray, textLayout.glyphHeight, recognizer, mrzInDocument) : null;
    const parsed = found?.reading.best?.parsed ?? null;
    const detected = detectCardType({ mrz: parsed, text: text?.text ?? '', requestedType: options.cardType });
    const definition = detected.cardType ? findCardType(detected.cardType) : undefined;
    const printed =
      text && detected.family ? readPrintedFields(detected.family, text.lines) : text ? readPrintedFields('', text.lines) : {};
    const fromMrz = parsed ? fieldsFromMrz(parsed, detected.cardType, now) : null;
    const fields = mergeFields(fromMrz, printed);
    const comparison = fromMrz ? compareMrzWithPrinted(fromMrz, printed) : [];

    const portraitBox = definition?.hasPortrait === false ? null : await portraitLocator.locate(uprightRgb, documentBox);
    const expected = definition?.expectedFields ?? [];
    const missing = expected.filter((name) => fields[name as keyof OcrFields] === null);
    const validity = assessValidity(fields.doe, now, nearExpiryDays);
    const cleanCards = layout.isFullFrame
      ? 0
      : layout.regions.filter((region) => region.rectangularity >= 0.9 && region.areaShare >= 0.08).length;
    const secondMrz = found ? hasSecondMrz(rotateGray(gray, found.turns), found.location.box) : false;
    const isSeparated = !layout.isFullFrame && main !== undefined;
    const status = resolveOcrStatus({
      hasDocument: Boolean(found) || textLayout.lines.length >= 3 || isSeparated,
      hasBlurredContent: quality.edgeShare >= MIN_BLURRED_EDGE_SHARE && quality.sharpness < BLURRY_SHARPNESS,
      isTooSmall: isSeparated && (main?.areaShare ?? 1) < MIN_DOCUMENT_SHARE,
      isCutOff: isSeparated && main !== undefined && isCutOffRegion(main),
      documentCount: Math.max(secondMrz ? 2 : 1, cleanCards >= 3 ? cleanCards : 1),
      cardType: checkCardType(detected, options),
      sharpness: quality.sharpness,
      qualityScore: quality.score,
      isDamaged: isSeparated && main !== undefined && isDamagedRegion(main),
      mrz: describeMrzState(found),
      isPrintedTextReadable: expected.length > 0 ? missing.length <= expected.length / 2 : (text?.confidence ?? 0) >= 60,
      isPortraitExpected: definition?.hasPortrait === true,
      isPortraitFound: portraitBox !== null,
      validity,
    });

    const label = labelImageQuality(quality.score);
    const isDamaged = status.code === OCR_STATUS.damaged;
    const summary: DocumentSummary = {
      document_name: definition?.name ?? null,
      heading: status.code === OCR_STATUS.noDocument ? SUMMARY_TEXT.noDocument : SUMMARY_TEXT.documentDetected,
      image_quality: { score: quality.score, label, message: describeImageQuality(label) },
      missing_text_fields: {
        fields: missing,
        message: missing.length === 0 && status.code !== OCR_STATUS.notClear ? SUMMARY_TEXT.textClear : SUMMARY_TEXT.textNotClear,
      },
      damaged: { isDamaged, message: isDamaged ? SUMMARY_TEXT.damaged : SUMMARY_TEXT.notDamaged },
      validity: { status: validity, expiryDate: fields.doe, message: describeValidity(validity) },
      portrait: { isFound: portraitBox !== null, message: portraitBox ? SUMMARY_TEXT.faceFound : SUMMARY_TEXT.noFace },
    };
    return {
      result: status.code === OCR_STATUS.success,
      status_code: status.code,
      message: getOcrStatusMessage(status.code),
      document_summary: summary,
      card_type: detected.cardType,
      ocr: { ocr_results: fields },
      face: { face_image: portraitBox ? await encodePortrait(uprightRgb, portraitBox) : null },
      mrz: parsed && found?.reading.best ? buildMrzReport(parsed, found.reading.best.corrections) : null,
      checks: {
        orientationDegrees: turns * 90,
        documentBox,
        isFullFrame: layout.isFullFrame,
        quality,
        cardTypeReasons: detected.reasons,
        statusReasons: status.reasons,
        printedFields: printed,
        mrzPrintedComparison: comparison,
      },
    };
  }

  return {
    read,
    async close() {
      if (ownsRecognizer) await recognizer.close();
    },
  };
}

/** One-off read: starts a recogniser, reads, and closes it. Servers should keep a reader instead. */
export async function readDocument(bytes: Uint8Array, options: ReadDocumentOptions = {}): Promise<DocumentReading> {
  const reader = await createDocumentReader();
  try {
    return await reader.read(bytes, options);
  } finally {
    await reader.close();
  }
}
