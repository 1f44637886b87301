import { readFile } from 'node:fs/promises';
import { createDocumentReader, type DocumentReading, type ReadDocumentOptions } from '../document/document-reader';
import { UsageError } from './cli-errors';

export interface ReadArguments {
  path: string;
  options: ReadDocumentOptions;
}

/** `read <image> [--card-type T] [--card-side S] [--card-types A,B] [--now YYYY-MM-DD] [--near-expiry-days N]` */
export function parseReadArguments(args: readonly string[]): ReadArguments {
  const options: ReadDocumentOptions = {};
  let path: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const value = (): string => {
      const next = args[index + 1];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      index += 1;
      return next;
    };
    if (arg === '--card-type') options.cardType = value();
    else if (arg === '--card-side') options.cardSide = value().toUpperCase();
    else if (arg === '--card-types')
      options.cardTypeList = value()
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    else if (arg === '--now') {
      const now = new Date(`${value()}T12:00:00Z`);
      if (Number.isNaN(now.getTime())) throw new UsageError('--now expects YYYY-MM-DD');
      options.now = now;
    } else if (arg === '--near-expiry-days') {
      const days = Number(value());
      if (!Number.isInteger(days) || days < 0) throw new UsageError('--near-expiry-days expects a whole number');
      options.nearExpiryDays = days;
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else if (path === undefined) path = arg;
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  if (!path) throw new UsageError('read needs an image path');
  return { path, options };
}

/** Reads one document image and returns the OCR result with its MRZ details. */
export async function run(args: string[]): Promise<DocumentReading> {
  const { path, options } = parseReadArguments(args);
  const bytes = await readFile(path);
  const reader = await createDocumentReader();
  try {
    return await reader.read(bytes, options);
  } finally {
    await reader.close();
  }
}
