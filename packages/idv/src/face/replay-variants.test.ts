import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentPortrait } from './image-variants.fixture';
import { printedPhoto, screenReplay, seededRandom } from './replay-variants.fixture';

/** Image generation in plain JavaScript: seconds on a busy shared machine, so each test gets a generous limit. */
const GENERATION_TIMEOUT = 120_000;

async function flatPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 150, g: 120, b: 100 } } })
    .png()
    .toBuffer();
}

/** Mean absolute difference between horizontally neighbouring pixels: 0 for a flat picture. */
async function fineTexture(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 20; y < info.height - 20; y += 1) {
    for (let x = 20; x < info.width - 21; x += 1) {
      const at = (y * info.width + x) * 3;
      sum += Math.abs((data[at] ?? 0) - (data[at + 3] ?? 0));
    }
  }
  return sum / ((info.height - 40) * (info.width - 41));
}

describe('generated presentation attacks', () => {
  it(
    'leave the texture of a screen or of print on a flat picture, which a plain re-encode does not',
    async () => {
      const photo = await flatPhoto();
      const plain = await sharp(photo).jpeg({ quality: 80 }).toBuffer();
      expect(await fineTexture(plain)).toBeLessThan(0.2);
      expect(await fineTexture(await screenReplay(photo, { seed: 1 }))).toBeGreaterThan(0.5);
      expect(await fineTexture(await printedPhoto(photo, { seed: 1 }))).toBeGreaterThan(0.5);
    },
    GENERATION_TIMEOUT,
  );

  it(
    'make the same image from the same seed and another from another seed',
    async () => {
      const photo = await flatPhoto();
      expect(await screenReplay(photo, { seed: 7 })).toEqual(await screenReplay(photo, { seed: 7 }));
      expect(await printedPhoto(photo, { seed: 7 })).not.toEqual(await printedPhoto(photo, { seed: 8 }));
    },
    GENERATION_TIMEOUT,
  );
});

describe('generated document portraits', () => {
  it(
    'cut the face tight and scale it to 100-150 px, with at most a thin border',
    async () => {
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#807060' } })
        .jpeg()
        .toBuffer();
      for (let seed = 1; seed <= 6; seed += 1) {
        const { image, settings } = await documentPortrait(photo, { x: 300, y: 200, width: 200, height: 220 }, seededRandom(seed));
        const { width = 0, height = 0 } = await sharp(image).metadata();
        const border = settings.isPadded ? 2 * Math.round(Number(settings.longSide) * 0.15) : 0;
        expect(Math.max(width, height) - border).toBe(settings.longSide);
        expect(Number(settings.longSide)).toBeGreaterThanOrEqual(100);
        expect(Number(settings.longSide)).toBeLessThanOrEqual(150);
      }
    },
    GENERATION_TIMEOUT,
  );
});
