import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateMovingSquareClip } from '../liveness/generated-video.fixture';
import { LIVENESS_USAGE, run } from './liveness-command';

const dir = mkdtempSync(path.join(tmpdir(), 'sanad-liveness-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sanad-idv liveness', () => {
  it('explains its usage without a video', async () => {
    await expect(run([])).rejects.toThrow(LIVENESS_USAGE);
  });

  it('names the challenges when given an unknown one', async () => {
    await expect(run(['clip.webm', '--challenge', 'smile'])).rejects.toThrow(/Unknown challenge 'smile'/);
  });

  it('returns the verdict with its reasons, turn-left-right by default', async () => {
    const file = path.join(dir, 'square.webm');
    writeFileSync(file, generateMovingSquareClip({ seconds: 2, width: 240, height: 240, container: 'webm' }));
    expect(await run([file])).toMatchObject({ live: false, reasons: ['NO_FACE'], challenge: 'turn-left-right', framesAnalysed: 16 });
  }, 120_000);
});
