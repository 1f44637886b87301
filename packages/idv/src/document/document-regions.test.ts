import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeDocumentImage } from '../image/image-decoder';
import type { RgbImage } from '../image/raster';
import { findDocumentRegions } from './document-regions';

/** A light ID-1 card with four lines of dark print; `cut` removes a triangle from its corner. */
function drawCard(x: number, y: number, cut = false): string {
  const w = 428;
  const h = 270;
  const outline = cut
    ? `<polygon points="${x},${y} ${x + w - 180},${y} ${x + w},${y + 160} ${x + w},${y + h} ${x},${y + h}" fill="#f0ead8"/>`
    : `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="#f0ead8"/>`;
  const print = [0, 1, 2, 3]
    .map((line) => `<rect x="${x + 30}" y="${y + 40 + line * 50}" width="${w - 160}" height="14" fill="#222"/>`)
    .join('');
  return outline + print;
}

/** Cards lying on a darker table. */
async function scene(cards: Array<{ x: number; y: number; cut?: boolean }>, width = 1200, height = 900): Promise<RgbImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#5a4a3a"/>${cards.map((entry) => drawCard(entry.x, entry.y, entry.cut)).join('')}</svg>`;
  return (await decodeDocumentImage(await sharp(Buffer.from(svg)).png().toBuffer())).image;
}

describe('document regions', () => {
  it('finds one card lying on a table, with its box and a clean outline', async () => {
    const { regions, isFullFrame } = await findDocumentRegions(await scene([{ x: 300, y: 200 }]));
    expect(isFullFrame).toBe(false);
    expect(regions).toHaveLength(1);
    expect(regions[0]?.box.x).toBeGreaterThan(280);
    expect(regions[0]?.box.x).toBeLessThan(320);
    expect(regions[0]?.rectangularity).toBeGreaterThan(0.9);
    expect(regions[0]?.edgesTouched).toBe(0);
  });

  it('finds two cards side by side', async () => {
    const { regions } = await findDocumentRegions(
      await scene([
        { x: 60, y: 300 },
        { x: 650, y: 300 },
      ]),
    );
    expect(regions).toHaveLength(2);
  });

  it('measures a missing corner as a drop in rectangularity', async () => {
    const { regions } = await findDocumentRegions(await scene([{ x: 300, y: 200, cut: true }]));
    expect(regions[0]?.rectangularity).toBeLessThan(0.9);
  });

  it('treats a tightly cropped card as the whole picture', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="100%" height="100%" fill="#f0ead8"/><rect x="40" y="60" width="300" height="20" fill="#222"/><rect x="500" y="100" width="300" height="380" fill="#7a8aa0"/><rect x="40" y="400" width="400" height="20" fill="#222"/></svg>';
    const image = (await decodeDocumentImage(await sharp(Buffer.from(svg)).png().toBuffer())).image;
    expect(findDocumentRegions(image).isFullFrame).toBe(true);
  });

  it('finds nothing on an empty table', async () => {
    expect(findDocumentRegions(await scene([])).regions).toEqual([]);
  });

  it('flags a card running off two adjacent edges', async () => {
    const { regions } = await findDocumentRegions(await scene([{ x: -100, y: -80 }]));
    expect(regions[0]?.isCornerCut).toBe(true);
  });
});
