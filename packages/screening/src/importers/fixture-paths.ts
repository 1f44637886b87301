import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fixtures the project owns (small files in each official format), for tests and examples. */
export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The shared real lists, present on the evaluation machine only; tests over them use describe.runIf. */
export const SHARED_LISTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/screening/lists');
