import { UsageError } from './cli-errors';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createFaceEngine } from '../face/face-engine';
import type { FaceComparison } from '../face/face-comparison';

export const FACE_USAGE = 'usage: sanad-idv face <imageA> <imageB> [--threshold <0-100>]';

/**
 * `sanad-idv face <imageA> <imageB>`: compares the largest face of each image and returns
 * {score, threshold, match} with the detection details, for the CLI to print as one JSON object.
 */
export async function run(args: string[]): Promise<FaceComparison> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { threshold: { type: 'string' } } });
  const [first, second, ...extra] = positionals;
  if (!first || !second || extra.length > 0) throw new UsageError(FACE_USAGE);
  const threshold = values.threshold === undefined ? undefined : parseThreshold(values.threshold);
  const [a, b] = await Promise.all([readFile(first), readFile(second)]);
  const engine = await createFaceEngine({ warmUp: false });
  try {
    return await engine.compareFaces(a, b, { threshold });
  } finally {
    await engine.close();
  }
}

export function parseThreshold(text: string): number {
  const threshold = Number(text);
  if (text.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 100) {
    throw new UsageError(`--threshold must be a score between 0 and 100, got '${text}'`);
  }
  return threshold;
}
