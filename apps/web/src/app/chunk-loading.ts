import { CHUNK_LOAD_TIMEOUT_MS } from '@sanad/contracts/constants';

/**
 * Loads a screen's chunk, failing with an error after `timeoutMs` (120 s) so that a stalled
 * network shows the route's error page instead of an endless loader. A failed chunk or stylesheet
 * load rejects too (Vite raises its preload errors), and the error page offers a reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The page took too long to load. Check your connection and reload.')), timeoutMs);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}
