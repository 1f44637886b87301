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
 * Three further kinds, each its own seed and 8 documents per format (6 valid, 2 with a wrong digit;
 * test-support/generated-mrz-scans): the zone alone cropped tight (`zone-crop`), a page scanned at
 * low resolution and enlarged again (`low-res`), and photographs with 8–10 px soft capitals
 * (`small-soft`). SANAD_DEGRADED_KINDS=photo,zone-crop,… narrows a run to some of the sets, and
 * SANAD_DEGRADED_NO_BASELINE=1 skips the baseline reader (its figures are then null in the results).
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
import { generateScan, SCAN_KINDS, type ScanKind } from '@sanad/idv/test-support/generated-mrz-scans';
import { round, writeResult } from './lib';

const FORMATS: MrzFormat[] = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'];
const VALID_PER_FORMAT = 8;
const INVALID_PER_FORMAT = 2;
const SCAN_VALID_PER_FORMAT = 6;
const SCAN_INVALID_PER_FORMAT = 2;
/** One seed per kind, so adding a kind never changes the documents of another. */
const SCAN_SEEDS: Record<ScanKind, number> = { 'zone-crop': 20261128, 'low-res': 20261129, 'small-soft': 20261130 };
const SET_NAMES = ['photo', ...SCAN_KINDS] as const;
type SetName = (typeof SET_NAMES)[number];
const chosenSets = new Set((process.env.SANAD_DEGRADED_KINDS ?? SET_NAMES.join(',')).split(',').map((name) => name.trim()));
const withBaseline = !process.env.SANAD_DEGRADED_NO_BASELINE;
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
  /** Read wrong somewhere, per document: what was expected and what was read (for studying kinds of failure). */
  failures: Array<{ index: number; expected: string[]; read: string[] | null; valid: boolean | null; conditions: object }>;
}

function emptyTally(): Tally {
  return {
    documents: 0,
    allRight: 0,
    validFlaggedInvalid: 0,
    invalidFlagged: 0,
    invalid: 0,
    wrongReportedValid: 0,
    notFound: 0,
    failures: [],
  };
}

type Readable = Pick<GeneratedCase, 'format' | 'lines' | 'brokenCheck' | 'bytes'> & { conditions: object };

async function readAll(reader: DocumentReader, cases: readonly Readable[]): Promise<Record<string, Tally>> {
  const tallies: Record<string, Tally> = { all: emptyTally() };
  for (const [index, entry] of cases.entries()) {
    const mrz = (await reader.read(entry.bytes, { now: NOW, readPrintedText: false })).mrz;
    const isRight = mrz?.lines.join('\n') === entry.lines.join('\n');
    const formatTally = (tallies[entry.format] ??= emptyTally());
    if (!isRight)
      formatTally.failures.push({
        index,
        expected: entry.lines,
        read: mrz?.lines ?? null,
        valid: mrz?.valid ?? null,
        conditions: entry.conditions,
      });
    for (const tally of [formatTally, tallies.all ?? emptyTally()]) {
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

async function generateSets(): Promise<Map<SetName, Readable[]>> {
  const sets = new Map<SetName, Readable[]>();
  if (chosenSets.has('photo')) {
    const random = createSeededRandom(20261127);
    const cases: GeneratedCase[] = [];
    for (const format of FORMATS) {
      for (let index = 0; index < VALID_PER_FORMAT + INVALID_PER_FORMAT; index += 1)
        cases.push(await generateCase(random, format, index >= VALID_PER_FORMAT));
    }
    sets.set('photo', cases);
  }
  for (const kind of SCAN_KINDS) {
    if (!chosenSets.has(kind)) continue;
    const random = createSeededRandom(SCAN_SEEDS[kind]);
    const cases: Readable[] = [];
    for (const format of FORMATS) {
      for (let index = 0; index < SCAN_VALID_PER_FORMAT + SCAN_INVALID_PER_FORMAT; index += 1)
        cases.push(await generateScan(random, format, kind, index >= SCAN_VALID_PER_FORMAT));
    }
    sets.set(kind, cases);
  }
  return sets;
}

const share = (count: number, total: number): string => (total === 0 ? '-' : `${round((100 * count) / total, 1)} % (${count}/${total})`);

function printSet(name: SetName, now: Record<string, Tally>, before: Record<string, Tally> | null): void {
  const bracket = (text: string): string => (before ? ` (${text})` : '');
  console.log(
    `\n${name}: format | valid documents read right (baseline) | valid flagged invalid | invalid flagged | wrong reported valid | not found`,
  );
  for (const format of ['all', ...FORMATS]) {
    const after = now[format] ?? emptyTally();
    const was = before?.[format] ?? emptyTally();
    console.log(
      [
        format,
        `${share(after.allRight, after.documents)}${bracket(share(was.allRight, was.documents))}`,
        `${after.validFlaggedInvalid}${bracket(String(was.validFlaggedInvalid))}`,
        `${share(after.invalidFlagged, after.invalid)}${bracket(share(was.invalidFlagged, was.invalid))}`,
        `${after.wrongReportedValid}${bracket(String(was.wrongReportedValid))}`,
        `${after.notFound}${bracket(String(was.notFound))}`,
      ].join(' | '),
    );
  }
}

const sets = await generateSets();
const recognizer = await createTesseractRecognizer();
const latticeReader = await createDocumentReader({ recognizer });
const baselineReader = withBaseline ? await createDocumentReader({ recognizer, useMrzLattice: false }) : null;
const results: Record<string, { lattice: Record<string, Tally>; baseline: Record<string, Tally> | null; documents: number }> = {};
for (const [name, cases] of sets) {
  const lattice = await readAll(latticeReader, cases);
  const baseline = baselineReader ? await readAll(baselineReader, cases) : null;
  results[name] = { lattice, baseline, documents: cases.length };
  printSet(name, lattice, baseline);
}
await recognizer.close();

const photo = sets.get('photo');
writeResult(SET_NAMES.every((name) => chosenSets.has(name)) ? 'idv-degraded-eval' : 'idv-degraded-eval-partial', {
  command: 'npm run eval -- idv-degraded',
  documents: [...sets.values()].reduce((sum, cases) => sum + cases.length, 0),
  generation:
    'photo: seed 20261127; per format 8 valid + 2 with one wrong check digit; MRZ capitals 8-14 px, blur sigma 0-1.2, noise 0-8 levels, JPEG 45-89, tilt ±6°, perspective ≤ 5 %, 30 % stored turned, 70 % on a table. ' +
    'zone-crop (seed 20261128), low-res (20261129), small-soft (20261130): per format 6 valid + 2 with a wrong digit; see test-support/generated-mrz-scans',
  baseline: withBaseline ? 'the same reader without the lattice decoding (useMrzLattice: false)' : null,
  sets: results,
  conditions: photo?.map((entry) => ({ format: entry.format, brokenCheck: entry.brokenCheck, ...entry.conditions })),
});
process.exit(0);
