/**
 * MRZ reading on documents the project generates itself, so the figure does not rest on the shared
 * specimens the reader was tuned on: random but valid holders of every format (TD1, TD2, TD3, MRV-A,
 * MRV-B; names of one to three words a side, single-letter words, document numbers of look-alikes
 * such as O/0, S/5, B/8), printed in OCR-B on ICAO-sized cards and pages with printed fields and a
 * security pattern, then photographed: on a table or scanned edge to edge, tilted up to ±6°, in
 * perspective, stored turned a quarter or half in three of ten, MRZ capitals scaled to 8–14 px,
 * blurred, noisy, JPEG 45–89. Two documents of each ten print one check digit wrong on purpose: it must
 * be reported invalid. Seeded: the same documents every run (test-support/generated-mrz-documents).
 *
 * Baseline, measured in the same run on the same images: the reader without the lattice decoding
 * (useMrzLattice: false), i.e. the previous reader with its typeface re-reading and corrector.
 *
 *   npm run eval -- idv-degraded
 */
import { createDocumentReader, type DocumentReader } from '@sanad/idv/document/document-reader';
import type { MrzFormat } from '@sanad/idv/mrz/mrz-format';
import { createTesseractRecognizer } from '@sanad/idv/ocr/tesseract-engine';
import { createSeededRandom, generateCase, type GeneratedCase } from '@sanad/idv/test-support/generated-mrz-documents';
import { round, writeResult } from './lib';

const FORMATS: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];
const VALID_PER_FORMAT = 8;
const INVALID_PER_FORMAT = 2;
const NOW = new Date('2026-01-01T00:00:00Z');

interface Tally {
  documents: number;
  /** Every MRZ character right (valid documents). */
  allRight: number;
  /** Valid documents reported invalid (or with no reading). */
  validFlaggedInvalid: number;
  /** Documents printed with a wrong digit, reported invalid. */
  invalidFlagged: number;
  invalid: number;
  /** Read wrong somewhere, every check digit holding. */
  wrongReportedValid: number;
  notFound: number;
}

function emptyTally(): Tally {
  return { documents: 0, allRight: 0, validFlaggedInvalid: 0, invalidFlagged: 0, invalid: 0, wrongReportedValid: 0, notFound: 0 };
}

async function readAll(reader: DocumentReader, cases: readonly GeneratedCase[]): Promise<Record<string, Tally>> {
  const tallies: Record<string, Tally> = { all: emptyTally() };
  for (const entry of cases) {
    const mrz = (await reader.read(entry.bytes, { now: NOW, readPrintedText: false })).mrz;
    const isRight = mrz?.lines.join('\n') === entry.lines.join('\n');
    for (const tally of [(tallies[entry.format] ??= emptyTally()), tallies.all ?? emptyTally()]) {
      if (!mrz) tally.notFound += 1;
      if (mrz?.valid === true && !isRight) tally.wrongReportedValid += 1;
      if (entry.brokenCheck) {
        tally.invalid += 1;
        if (mrz?.valid !== true) tally.invalidFlagged += 1;
      } else {
        tally.documents += 1;
        if (isRight) tally.allRight += 1;
        if (mrz?.valid !== true) tally.validFlaggedInvalid += 1;
      }
    }
  }
  return tallies;
}

const random = createSeededRandom(20261127);
const cases: GeneratedCase[] = [];
for (const format of FORMATS) {
  for (let index = 0; index < VALID_PER_FORMAT + INVALID_PER_FORMAT; index += 1)
    cases.push(await generateCase(random, format, index >= VALID_PER_FORMAT));
}

const recognizer = await createTesseractRecognizer();
const lattice = await readAll(await createDocumentReader({ recognizer }), cases);
const baseline = await readAll(await createDocumentReader({ recognizer, useMrzLattice: false }), cases);
await recognizer.close();

const share = (count: number, total: number): string => (total === 0 ? '-' : `${round((100 * count) / total, 1)} % (${count}/${total})`);
console.log('format | valid documents read right (baseline) | valid flagged invalid | invalid flagged | wrong reported valid | not found');
for (const name of ['all', ...FORMATS]) {
  const now = lattice[name] ?? emptyTally();
  const before = baseline[name] ?? emptyTally();
  console.log(
    [
      name,
      `${share(now.allRight, now.documents)} (${share(before.allRight, before.documents)})`,
      `${now.validFlaggedInvalid} (${before.validFlaggedInvalid})`,
      `${share(now.invalidFlagged, now.invalid)} (${share(before.invalidFlagged, before.invalid)})`,
      `${now.wrongReportedValid} (${before.wrongReportedValid})`,
      `${now.notFound} (${before.notFound})`,
    ].join(' | '),
  );
}
writeResult('idv-degraded-eval', {
  command: 'npm run eval -- idv-degraded',
  documents: cases.length,
  generation:
    'seed 20261127; per format 8 valid + 2 with one wrong check digit; MRZ capitals 8-14 px, blur sigma 0-1.2, noise 0-8 levels, JPEG 45-89, tilt ±6°, perspective ≤ 5 %, 30 % stored turned, 70 % on a table',
  baseline: 'the same reader without the lattice decoding (useMrzLattice: false)',
  lattice,
  baselineResults: baseline,
  conditions: cases.map((entry) => ({ format: entry.format, brokenCheck: entry.brokenCheck, ...entry.conditions })),
});
process.exit(0);
