import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeDocumentImage } from '../image/image-decoder';
import { toGray, type RgbImage } from '../image/raster';
import { drawPassport, renderPng } from '../test-support/sample-documents';
import { labelImageQuality, measureGlareShare, measureImageQuality, measureSharpness } from './image-quality';

let page: Buffer;

async function decode(bytes: Buffer): Promise<RgbImage> {
  return (await decodeDocumentImage(bytes)).image;
}

beforeAll(async () => {
  page = await renderPng(
    drawPassport({
      mrz: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      number: 'L898902C3',
    }),
  );
});

describe('image quality', () => {
  it('labels scores as the spec says: Good above 90, Average above 80, otherwise Poor', () => {
    expect(labelImageQuality(91)).toBe('Good');
    expect(labelImageQuality(90)).toBe('Average');
    expect(labelImageQuality(81)).toBe('Average');
    expect(labelImageQuality(80)).toBe('Poor');
  });

  it('scores sharpness lower the more a page is blurred', async () => {
    const scores: number[] = [];
    for (const sigma of [0, 1.2, 2.5, 5]) {
      const blurred = sigma === 0 ? page : await sharp(page).blur(sigma).png().toBuffer();
      scores.push(measureSharpness(toGray(await decode(blurred))));
    }
    expect(scores[0]).toBeGreaterThan(90);
    for (let index = 1; index < scores.length; index += 1) expect(scores[index]).toBeLessThan(scores[index - 1] ?? 0);
    expect(scores[3]).toBeLessThan(40);
  });

  it('rates a sharp full-size page Good and a blurred one Poor', async () => {
    const sharpImage = await decode(page);
    const blurredImage = await decode(await sharp(page).blur(3).png().toBuffer());
    expect(labelImageQuality(measureImageQuality(toGray(sharpImage), sharpImage).score)).toBe('Good');
    expect(labelImageQuality(measureImageQuality(toGray(blurredImage), blurredImage).score)).toBe('Poor');
  });

  it('measures the share of clipped highlight from a reflection', async () => {
    const glare = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1300" height="900"><ellipse cx="800" cy="400" rx="260" ry="170" fill="#fff"/></svg>',
    );
    const tinted = await sharp(page)
      .modulate({ brightness: 0.8 })
      .composite([{ input: glare }])
      .png()
      .toBuffer();
    const share = measureGlareShare(await decode(tinted));
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.15);
    expect(measureGlareShare(await decode(await sharp(page).modulate({ brightness: 0.8 }).png().toBuffer()))).toBe(0);
  });

  it('does not count a white scan as glare', async () => {
    const white = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(measureGlareShare(await decode(white))).toBe(0);
  });
});
