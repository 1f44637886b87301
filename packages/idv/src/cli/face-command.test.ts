import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACE_MATCH_THRESHOLD } from '../face/face-match-threshold';
import { FACE_USAGE, parseThreshold, run } from './face-command';

const dir = mkdtempSync(path.join(tmpdir(), 'sanad-face-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sanad-idv face', () => {
  it('explains its usage when an image is missing', async () => {
    await expect(run(['only-one.jpg'])).rejects.toThrow(FACE_USAGE);
    await expect(run([])).rejects.toThrow(FACE_USAGE);
  });

  it('accepts a threshold between 0 and 100 only', () => {
    expect(parseThreshold('72.5')).toBe(72.5);
    expect(() => parseThreshold('high')).toThrow(/--threshold/);
    expect(() => parseThreshold('101')).toThrow(/--threshold/);
  });

  it('returns score, threshold and match for two image files', async () => {
    const files = await Promise.all(
      ['#204060', '#c08020'].map(async (colour, index) => {
        const file = path.join(dir, `plain-${index}.png`);
        writeFileSync(
          file,
          await sharp({ create: { width: 200, height: 150, channels: 3, background: colour } })
            .png()
            .toBuffer(),
        );
        return file;
      }),
    );
    const result = await run([files[0] ?? '', files[1] ?? '']);
    expect(result).toMatchObject({
      score: 0,
      threshold: DEFAULT_FACE_MATCH_THRESHOLD,
      match: false,
      issues: ['NO_FACE_IN_FIRST', 'NO_FACE_IN_SECOND'],
    });
  }, 120_000);
});
