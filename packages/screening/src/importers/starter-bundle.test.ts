import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStarterBundle, readStarterManifest, STARTER_DIR } from './starter-bundle';

describe('starter bundle', () => {
  it('names each shipped list with its format, key, source and as-of date', async () => {
    const manifest = await readStarterManifest();
    expect(manifest.lists.map((list) => [list.key, list.format, list.asOf])).toEqual([
      ['un', 'un', '2026-02-27'],
      ['ofac-sdn', 'ofac', '2021-07'],
      ['ofac-cons', 'ofac', '2025-12'],
      ['bis-dpl', 'bis-dpl', '2022'],
    ]);
    expect(manifest.lists.flatMap((list) => list.files.map((file) => file.sourceUrl)).every((url) => url.startsWith('https://'))).toBe(
      true,
    );
  });

  it('loads the UN, OFAC SDN, OFAC consolidated and BIS lists into import results', { timeout: 60_000 }, async () => {
    const loaded = await loadStarterBundle();
    expect(loaded.map(({ result }) => [result.list, result.asOf, result.entities.length])).toEqual([
      ['un', '2026-02-27', 1003],
      ['ofac-sdn', '2021-07', 8976],
      ['ofac-cons', '2025-12', 442],
      ['bis-dpl', '2022', 461],
    ]);
  });

  it('refuses a bundle whose file differs from its manifest checksum', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'sanad-starter-'));
    try {
      await cp(STARTER_DIR, copy, { recursive: true });
      await writeFile(path.join(copy, 'us-bis-dpl', 'dpl_2022.txt'), 'tampered');
      await expect(loadStarterBundle(copy)).rejects.toThrow('checksum of us-bis-dpl/dpl_2022.txt differs from the manifest');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
