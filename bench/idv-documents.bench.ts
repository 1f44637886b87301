/**
 * Document read time with a warm recogniser, on one core, beside two baselines measured in the same
 * run on the same images: decoding alone (sharp) and one plain recogniser pass over the whole image.
 * Peak memory is the process's maximum resident set. Synthetic documents are always measured; the
 * shared specimens too when present.
 *
 *   npm run bench -- idv-documents
 *
 * "One core": on Linux the script re-runs itself under `taskset -c 0`, so the recogniser's worker
 * thread and the main thread share a single CPU, as on a small server. Besides wall time, the
 * process's CPU time per read (all threads) is recorded: on a shared, busy machine wall time
 * includes waiting for the core, while CPU time is the work itself — what an idle core would take.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocumentReader } from '@sanad/idv/document/document-reader';
import { decodeDocumentImage } from '@sanad/idv/image/image-decoder';
import { toGray } from '@sanad/idv/image/raster';
import { createTesseractRecognizer } from '@sanad/idv/ocr/tesseract-engine';
import { placeOnBackground } from '@sanad/idv/test-support/document-renderer';
import { buildTd1Lines, buildTd3Lines } from '@sanad/idv/test-support/mrz-builder';
import {
  SAMPLE_HOLDER,
  drawCnicFront,
  drawEmiratesIdFront,
  drawPassport,
  drawTd1Back,
  drawUkLicenceFront,
  renderPng,
} from '@sanad/idv/test-support/sample-documents';
import { findSharedData, percentile, report, round, writeResult } from './lib';

if (process.platform === 'linux' && !process.env.SANAD_BENCH_PINNED && existsSync('/usr/bin/taskset')) {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync('/usr/bin/taskset', ['-c', '0', process.execPath, ...process.execArgv, self], {
    stdio: 'inherit',
    env: { ...process.env, SANAD_BENCH_PINNED: '1' },
  });
  process.exit(result.status ?? 1);
}

async function syntheticDocuments(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const cnic = await renderPng(
    drawCnicFront({
      name: 'Bilal Ahmed',
      fatherName: 'Ahmed Raza',
      gender: 'M',
      countryOfStay: 'Pakistan',
      identityNumber: '61101-5551212-3',
      dateOfBirth: '09.11.1988',
      dateOfIssue: '15.04.2018',
      dateOfExpiry: '15.04.2028',
    }),
  );
  return [
    {
      name: 'passport (TD3)',
      bytes: await renderPng(
        drawPassport({
          mrz: buildTd3Lines(SAMPLE_HOLDER),
          surname: SAMPLE_HOLDER.surname,
          givenNames: SAMPLE_HOLDER.givenNames,
          number: SAMPLE_HOLDER.documentNumber,
        }),
      ),
    },
    {
      name: 'BRP back (TD1)',
      bytes: await renderPng(drawTd1Back({ mrz: buildTd1Lines({ ...SAMPLE_HOLDER, documentCode: 'IR', documentNumber: 'ZR8834512' }) })),
    },
    {
      name: 'CNIC front on a table',
      bytes: await placeOnBackground(cnic, { width: 1400, height: 1000, left: 190, top: 180, background: '#4b5563' }),
    },
    {
      name: 'Emirates ID front',
      bytes: await renderPng(
        drawEmiratesIdFront({ idNumber: '784-1980-1234567-8', name: 'Omar Khalid Al Mansoori', nationality: 'Jordan' }),
      ),
    },
    {
      name: 'UK licence front',
      bytes: await renderPng(
        drawUkLicenceFront({
          surname: 'MORGAN',
          givenNames: 'SARAH MEREDITH',
          birth: '11.03.1976',
          issued: '19.01.2019',
          expires: '18.01.2029',
          number: 'MORGA753116SM9IJ',
        }),
      ),
    },
  ];
}

function specimenDocuments(): Array<{ name: string; bytes: Buffer }> {
  const data = findSharedData();
  const directory = data ? path.join(data, 'idv', 'documents', 'arg0s1080-mrz') : null;
  if (!directory || !existsSync(directory)) {
    console.log('shared specimens not found: measuring synthetic documents only');
    return [];
  }
  return readdirSync(directory)
    .filter((file) => file.endsWith('.png'))
    .toSorted()
    .map((file) => ({ name: file, bytes: readFileSync(path.join(directory, file)) }));
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

const reader = await createDocumentReader();
const plain = await createTesseractRecognizer();
const synthetic = await syntheticDocuments();
const specimens = specimenDocuments();
// Warm-up: the first read loads the model into the worker and compiles hot paths.
await reader.read(synthetic[0]?.bytes ?? Buffer.alloc(0));
await plain.recognize(toGray((await decodeDocumentImage(synthetic[0]?.bytes ?? Buffer.alloc(0))).image), { segmentation: 'auto' });

interface Timing {
  name: string;
  readMs: number;
  readCpuMs: number;
  decodeMs: number;
  plainOcrMs: number;
  statusCode: number;
}

async function measure(documents: Array<{ name: string; bytes: Buffer }>): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const document of documents) {
    let started = performance.now();
    const cpuBefore = process.cpuUsage();
    const reading = await reader.read(document.bytes, { now: new Date('2026-01-01T00:00:00Z') });
    const readMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const readCpuMs = (cpu.user + cpu.system) / 1000;
    started = performance.now();
    const { image } = await decodeDocumentImage(document.bytes);
    const decodeMs = performance.now() - started;
    started = performance.now();
    await plain.recognize(toGray(image), { segmentation: 'auto' });
    const plainOcrMs = performance.now() - started;
    timings.push({
      name: document.name,
      readMs: round(readMs, 0),
      readCpuMs: round(readCpuMs, 0),
      decodeMs: round(decodeMs, 1),
      plainOcrMs: round(plainOcrMs, 0),
      statusCode: reading.status_code,
    });
    console.log(
      `${document.name}: read ${round(readMs, 0)} ms (cpu ${round(readCpuMs, 0)} ms), decode ${round(decodeMs, 1)} ms, plain OCR ${round(plainOcrMs, 0)} ms`,
    );
  }
  return timings;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function summarise(timings: Timing[]): Record<string, number> {
  const reads = timings.map((timing) => timing.readMs).toSorted((a, b) => a - b);
  const cpu = timings.map((timing) => timing.readCpuMs).toSorted((a, b) => a - b);
  return {
    documents: timings.length,
    readCpuMeanMs: round(mean(cpu), 0),
    readCpuP95Ms: percentile(cpu, 95),
    readMeanMs: round(mean(reads), 0),
    readP50Ms: percentile(reads, 50),
    readP95Ms: percentile(reads, 95),
    readMaxMs: reads[reads.length - 1] ?? Number.NaN,
    decodeMeanMs: round(mean(timings.map((timing) => timing.decodeMs)), 1),
    plainOcrMeanMs: round(mean(timings.map((timing) => timing.plainOcrMs)), 0),
    withinTarget: timings.filter((timing) => timing.readMs <= 2000).length,
  };
}

const syntheticTimings = await measure(synthetic);
const specimenTimings = await measure(specimens);
clearInterval(sampler);
await reader.close();
await plain.close();
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

const syntheticSummary = summarise(syntheticTimings);
report('synthetic documents: mean read', syntheticSummary.readMeanMs ?? 0, 'ms', {
  baseline: syntheticSummary.plainOcrMeanMs,
  target: '<= 2000 ms',
});
report('synthetic documents: p95 read', syntheticSummary.readP95Ms ?? 0, 'ms', { target: '<= 2000 ms' });
report('synthetic documents: mean CPU time per read', syntheticSummary.readCpuMeanMs ?? 0, 'ms', { target: '<= 2000 ms' });
report('synthetic documents: mean decode only', syntheticSummary.decodeMeanMs ?? 0, 'ms');
const specimenSummary = specimenTimings.length > 0 ? summarise(specimenTimings) : null;
if (specimenSummary) {
  report('specimens: mean read', specimenSummary.readMeanMs ?? 0, 'ms', { baseline: specimenSummary.plainOcrMeanMs, target: '<= 2000 ms' });
  report('specimens: p95 read', specimenSummary.readP95Ms ?? 0, 'ms', { target: '<= 2000 ms' });
  report('specimens: mean CPU time per read', specimenSummary.readCpuMeanMs ?? 0, 'ms', { target: '<= 2000 ms' });
}
report('peak resident memory', peakRss / 1024 / 1024, 'MB');

const file = writeResult('idv-documents-bench', {
  command: 'npm run bench -- idv-documents',
  cpu: process.env.SANAD_BENCH_PINNED ? 'pinned to one core with taskset -c 0' : 'not pinned',
  loadAverage1m: round(loadavg()[0] ?? 0, 2),
  baseline: 'plainOcrMeanMs: one tesseract pass (automatic layout, any character) over the whole decoded image, same worker type, same run',
  synthetic: syntheticSummary,
  specimens: specimenSummary,
  peakRssMb: round(peakRss / 1024 / 1024, 0),
  perDocument: [...syntheticTimings, ...specimenTimings],
});
console.log(`written ${file}`);
