/**
 * Accuracy of document reading on the shared specimen set (documents/arg0s1080-mrz with the
 * transcribed ground truth in mrz/image_mrz_expected.json): the share of documents whose every MRZ
 * field is right, how many specimens printed with invalid check digits are flagged invalid, and per
 * document detail. Baseline, measured in the same run: one plain recogniser pass over the located
 * zone with the MRZ alphabet, cut to the format's lengths, no correction.
 *
 *   npm run eval -- idv-documents
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDocumentReader } from '@sanad/idv/document/document-reader';
import { decodeDocumentImage } from '@sanad/idv/image/image-decoder';
import { resizeGray, toGray } from '@sanad/idv/image/raster';
import { locateMrz } from '@sanad/idv/mrz/mrz-locator';
import { parseMrz } from '@sanad/idv/mrz/mrz-parser';
import { MRZ_ALPHABET } from '@sanad/idv/mrz/mrz-format';
import { cropMrz } from '@sanad/idv/mrz/mrz-reader';
import { createTesseractRecognizer, type TextRecognizer } from '@sanad/idv/ocr/tesseract-engine';
import { findSharedData, report, round, writeResult } from './lib';

interface Expected {
  image: string;
  format: string;
  mrz: string[];
  fields: Record<string, string>;
  check_digits: Record<string, boolean>;
  all_check_digits_valid: boolean;
}

const NOW = new Date('2026-01-01T00:00:00Z');

/** The baseline: one pass, raw text, lines padded or cut to length, parsed without any repair. */
async function readBaseline(bytes: Buffer, recognizer: TextRecognizer): Promise<Record<string, string> | null> {
  const gray = toGray((await decodeDocumentImage(bytes)).image);
  const location = locateMrz(gray);
  if (!location) return null;
  const crop = cropMrz(gray, location);
  const scale = 28 / location.charHeight;
  const scaled = resizeGray(crop, Math.round(crop.width * scale), Math.round(crop.height * scale));
  const recognition = await recognizer.recognize(scaled, { segmentation: 'block', whitelist: MRZ_ALPHABET });
  const lines = recognition.lines.map((line) => line.text.replace(/\s/g, '')).filter((line) => line.length >= 20);
  const count = location.lines.length;
  const length = count === 3 ? 30 : (lines[lines.length - 1]?.length ?? 0) > 40 ? 44 : 36;
  const fitted = lines.slice(-count).map((line) => line.padEnd(length, '<').slice(0, length));
  const parsed = parseMrz(fitted);
  return parsed ? (parsed.fields as unknown as Record<string, string>) : null;
}

const data = findSharedData();
if (!data) {
  console.log('idv-documents eval skipped: shared data not found (set SANAD_EVAL_DATA or place ../shared/data)');
  process.exit(0);
}
const expectedPath = path.join(data, 'idv', 'mrz', 'image_mrz_expected.json');
const specimens = JSON.parse(readFileSync(expectedPath, 'utf8')) as Expected[];

const reader = await createDocumentReader();
const baselineRecognizer = await createTesseractRecognizer();
const documents: Array<Record<string, unknown>> = [];
let allRight = 0;
let baselineAllRight = 0;
let invalidSpecimens = 0;
let flagged = 0;
let validReportedValid = 0;
let checkDigitAgreements = 0;
let checkDigitTotal = 0;
const fieldHits: Record<string, { right: number; total: number }> = {};

for (const specimen of specimens) {
  const bytes = readFileSync(path.join(data, 'idv', specimen.image));
  const started = performance.now();
  const reading = await reader.read(bytes, { now: NOW });
  const milliseconds = performance.now() - started;
  const fields = (reading.mrz?.fields ?? {}) as Record<string, string | undefined>;
  const wrongFields = Object.entries(specimen.fields)
    .filter(([name, value]) => fields[name] !== value)
    .map(([name, value]) => ({ field: name, expected: value, read: fields[name] ?? null }));
  for (const [name, value] of Object.entries(specimen.fields)) {
    const entry = (fieldHits[name] ??= { right: 0, total: 0 });
    entry.total += 1;
    if (fields[name] === value) entry.right += 1;
  }
  const checkDigits = (reading.mrz?.checkDigits ?? {}) as Record<string, boolean | undefined>;
  for (const [name, value] of Object.entries(specimen.check_digits)) {
    checkDigitTotal += 1;
    if (checkDigits[name] === value) checkDigitAgreements += 1;
  }
  const isAllRight = wrongFields.length === 0;
  if (isAllRight) allRight += 1;
  const isFlagged = reading.mrz?.valid !== true;
  if (!specimen.all_check_digits_valid) {
    invalidSpecimens += 1;
    if (isFlagged) flagged += 1;
  } else if (reading.mrz?.valid === true) {
    validReportedValid += 1;
  }
  const baseline = await readBaseline(bytes, baselineRecognizer);
  const isBaselineRight = baseline !== null && Object.entries(specimen.fields).every(([name, value]) => baseline[name] === value);
  if (isBaselineRight) baselineAllRight += 1;
  documents.push({
    image: specimen.image,
    format: specimen.format,
    allFieldsRight: isAllRight,
    wrongFields,
    expectedValid: specimen.all_check_digits_valid,
    reportedValid: reading.mrz?.valid ?? null,
    checkDigits: reading.mrz?.checkDigits ?? null,
    expectedCheckDigits: specimen.check_digits,
    linesRead: reading.mrz?.lines ?? null,
    statusCode: reading.status_code,
    cardType: reading.card_type,
    baselineAllFieldsRight: isBaselineRight,
    milliseconds: round(milliseconds, 0),
  });
  console.log(
    `${isAllRight ? 'ok ' : 'BAD'} ${path.basename(specimen.image)} ${round(milliseconds, 0)} ms${wrongFields.length ? ` wrong: ${wrongFields.map((entry) => entry.field).join(', ')}` : ''}`,
  );
}
await reader.close();
await baselineRecognizer.close();

const total = specimens.length;
const validSpecimens = total - invalidSpecimens;
report('documents with every MRZ field right', (100 * allRight) / total, '%', {
  baseline: (100 * baselineAllRight) / total,
  target: '>= 95%',
});
report('specimens with invalid printed check digits flagged', invalidSpecimens === 0 ? 100 : (100 * flagged) / invalidSpecimens, '%', {
  target: '100%',
});
report('specimens with valid check digits read valid', validSpecimens === 0 ? 100 : (100 * validReportedValid) / validSpecimens, '%');
report('check digit verdicts agreeing with the transcription', (100 * checkDigitAgreements) / checkDigitTotal, '%');
const file = writeResult('idv-documents-eval', {
  command: 'npm run eval -- idv-documents',
  data: 'idv/documents/arg0s1080-mrz + idv/mrz/image_mrz_expected.json',
  documents: total,
  allFieldsRight: allRight,
  allFieldsRightShare: round(allRight / total, 4),
  baselineAllFieldsRight: baselineAllRight,
  baselineAllFieldsRightShare: round(baselineAllRight / total, 4),
  baseline: 'one recogniser pass over the located zone, MRZ alphabet, lines cut to length, no correction',
  invalidSpecimens,
  invalidSpecimensFlagged: flagged,
  invalidFlaggedShare: invalidSpecimens === 0 ? 1 : round(flagged / invalidSpecimens, 4),
  validSpecimens,
  validSpecimensReadValid: validReportedValid,
  checkDigitAgreementShare: round(checkDigitAgreements / checkDigitTotal, 4),
  fieldAccuracy: Object.fromEntries(Object.entries(fieldHits).map(([name, hits]) => [name, round(hits.right / hits.total, 4)])),
  perDocument: documents,
});
console.log(`written ${file}`);
