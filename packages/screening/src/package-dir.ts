import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The package's own folder, found through module resolution rather than this file's location, so
 * that the shipped data and starter lists are found whether the code runs from src (tests, the CLI)
 * or from a bundle built elsewhere (the server).
 */
export function screeningPackageDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@sanad/screening/package.json'));
}
