import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from './chunk-loading';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading a screen chunk', () => {
  it('resolves with the chunk when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('fails with an error after 120 seconds', async () => {
    vi.useFakeTimers();
    let failure: unknown = null;
    loadChunk(() => new Promise(() => undefined)).catch((error: unknown) => {
      failure = error;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failure).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(String(failure)).toContain('The page took too long to load');
  });

  it('passes a failed chunk load on as an error', async () => {
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
  });
});
