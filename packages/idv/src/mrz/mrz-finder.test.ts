import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDocumentImage } from '../image/image-decoder';
import { rotateGray, toGray, type GrayImage } from '../image/raster';
import { createTesseractRecognizer, type TextRecognizer } from '../ocr/tesseract-engine';
import { buildTd1Lines, buildTd3Lines } from '../test-support/mrz-builder';
import { drawPassport, drawTd1Back, renderPng } from '../test-support/sample-documents';
import { findAndReadMrz } from './mrz-finder';

// Recognition is slow on small machines: these tests read few images and share one worker.
const OCR_TIMEOUT = 120_000;

const PERSON = {
  documentCode: 'P',
  issuingState: 'NLD',
  documentNumber: 'NX4K71958',
  nationality: 'NLD',
  birthDate: '910227',
  sex: 'M' as const,
  expiryDate: '310903',
  surname: 'DE VRIES',
  givenNames: 'PIETER JAN',
};

let recognizer: TextRecognizer;

async function grayOf(png: Buffer): Promise<GrayImage> {
  return toGray((await decodeDocumentImage(png)).image);
}

beforeAll(async () => {
  recognizer = await createTesseractRecognizer();
}, OCR_TIMEOUT);

afterAll(async () => {
  await recognizer.close();
});

describe('reading a rendered MRZ', () => {
  it(
    'reads a passport zone with every check digit holding',
    async () => {
      const lines = buildTd3Lines(PERSON);
      const found = await findAndReadMrz(
        await grayOf(
          await renderPng(drawPassport({ mrz: lines, surname: 'DE VRIES', givenNames: 'PIETER JAN', number: PERSON.documentNumber })),
        ),
        recognizer,
      );
      expect(found?.turns).toBe(0);
      expect(found?.reading.best?.parsed.lines).toEqual(lines);
      expect(found?.reading.best?.parsed.valid).toBe(true);
      expect(found?.reading.best?.parsed.fields).toMatchObject({
        surname: 'DE VRIES',
        givenNames: 'PIETER JAN',
        documentNumber: 'NX4K71958',
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads an ID card photographed upside down, and says how to turn it',
    async () => {
      const lines = buildTd1Lines({ ...PERSON, documentCode: 'ID', documentNumber: 'SPEC12345' });
      const upsideDown = rotateGray(await grayOf(await renderPng(drawTd1Back({ mrz: lines, heading: 'IDENTITY CARD' }))), 2);
      const found = await findAndReadMrz(upsideDown, recognizer);
      expect(found?.turns).toBe(2);
      expect(found?.reading.best?.parsed.lines).toEqual(lines);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads an ID card turned a quarter',
    async () => {
      const lines = buildTd1Lines({ ...PERSON, documentCode: 'ID', documentNumber: 'SPEC12345' });
      const turned = rotateGray(await grayOf(await renderPng(drawTd1Back({ mrz: lines, heading: 'IDENTITY CARD' }))), 1);
      const found = await findAndReadMrz(turned, recognizer);
      expect(found?.turns).toBe(3);
      expect(found?.reading.best?.parsed.valid).toBe(true);
    },
    OCR_TIMEOUT,
  );
});
