import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeDocumentImage } from '../image/image-decoder';
import { drawCnicFront, renderPng } from '../test-support/sample-documents';
import { locatePortraitBySkin } from './portrait-locator';

const CARD = drawCnicFront({
  name: 'Sana Tariq',
  fatherName: 'Tariq Mehmood',
  gender: 'F',
  countryOfStay: 'Pakistan',
  identityNumber: '35201-4567891-2',
  dateOfBirth: '14.02.1991',
  dateOfIssue: '01.06.2019',
  dateOfExpiry: '01.06.2029',
});

describe('portrait locator', () => {
  it('finds the portrait on the right of a CNIC front', async () => {
    const { image } = await decodeDocumentImage(await renderPng(CARD));
    const box = locatePortraitBySkin(image, { x: 0, y: 0, width: image.width, height: image.height });
    expect(box).not.toBeNull();
    const centreX = (box?.x ?? 0) + (box?.width ?? 0) / 2;
    const portrait = CARD.portrait ?? { x: 0, y: 0, width: 0, height: 0 };
    expect(centreX).toBeGreaterThan(portrait.x);
    expect(centreX).toBeLessThan(portrait.x + portrait.width);
  });

  it('finds no face on a card without a portrait, or in greyscale', async () => {
    const { image } = await decodeDocumentImage(await renderPng({ ...CARD, portrait: undefined }));
    expect(locatePortraitBySkin(image, { x: 0, y: 0, width: image.width, height: image.height })).toBeNull();
    const grey = (
      await decodeDocumentImage(
        await sharp(await renderPng(CARD))
          .greyscale()
          .png()
          .toBuffer(),
      )
    ).image;
    expect(locatePortraitBySkin(grey, { x: 0, y: 0, width: grey.width, height: grey.height })).toBeNull();
  });
});
