import { describe, expect, it } from 'vitest';
import { EMBEDDED_BATCH_PAUSE_MS, pauseBetweenBatches } from './batch-pause';

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

describe('the pause of a long job between batches', () => {
  it('on the embedded database, rests as long as the batch took, within bounds', async () => {
    expect(await timed(() => pauseBetweenBatches({ kind: 'pglite' }, 60))).toBeGreaterThanOrEqual(55);
    expect(await timed(() => pauseBetweenBatches({ kind: 'pglite' }, 0))).toBeGreaterThanOrEqual(EMBEDDED_BATCH_PAUSE_MS.min - 1);
    const capped = await timed(() => pauseBetweenBatches({ kind: 'pglite' }, 10_000));
    expect(capped).toBeGreaterThanOrEqual(EMBEDDED_BATCH_PAUSE_MS.max - 5);
    expect(capped).toBeLessThan(2_000);
  });

  it('on PostgreSQL, only lets the event loop turn', async () => {
    let timerRan = false;
    setImmediate(() => {
      timerRan = true;
    });
    expect(await timed(() => pauseBetweenBatches({ kind: 'postgres' }, 10_000))).toBeLessThan(200);
    expect(timerRan).toBe(true);
  });
});
