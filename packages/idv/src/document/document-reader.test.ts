import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBmp } from '../test-support/bmp-writer';
import { buildTd1Lines, buildTd3Lines } from '../test-support/mrz-builder';
import { buildPdfWithImage } from '../test-support/pdf-builder';
import { placeOnBackground } from '../test-support/document-renderer';
import { SAMPLE_HOLDER, drawCnicFront, drawPassport, drawTd1Back, renderPng } from '../test-support/sample-documents';
import { createDocumentReader, type DocumentReader } from './document-reader';

// Recognition is slow on small machines: few end-to-end reads, one shared reader.
const OCR_TIMEOUT = 120_000;
const BEFORE_EXPIRY = new Date('2026-06-01T12:00:00Z');

let reader: DocumentReader;
let passportPng: Buffer;

beforeAll(async () => {
  reader = await createDocumentReader();
  passportPng = await renderPng(
    drawPassport({
      mrz: buildTd3Lines(SAMPLE_HOLDER),
      surname: SAMPLE_HOLDER.surname,
      givenNames: SAMPLE_HOLDER.givenNames,
      number: SAMPLE_HOLDER.documentNumber,
    }),
  );
}, OCR_TIMEOUT);

afterAll(async () => {
  await reader.close();
});

describe('reading a document end to end', () => {
  it(
    'reads a UK passport: card type, fields, MRZ, portrait and a clean status',
    async () => {
      const reading = await reader.read(passportPng, { now: BEFORE_EXPIRY });
      expect(reading).toMatchObject({ result: true, status_code: 200, card_type: 'GBR PT 0 FRONT' });
      expect(reading.ocr.ocr_results).toMatchObject({
        name: 'JANE ELIZABETH',
        surname: 'HOLLOWAY',
        dob: '1985-03-12',
        sex: 'F',
        gender: 'Female',
        nationality: 'GBR',
        passport_no: '533401372',
        doe: '2030-01-15',
        expiry: '2030-01-15',
      });
      expect(reading.mrz).toMatchObject({ format: 'TD3', valid: true, checkDigits: { documentNumber: true, composite: true } });
      expect(reading.document_summary).toMatchObject({
        document_name: 'UK passport',
        heading: 'Document detected',
        image_quality: { label: 'Good' },
        missing_text_fields: { fields: [], message: 'Text is clear' },
        validity: { status: 'valid' },
        portrait: { isFound: true, message: 'Face found' },
      });
      expect(reading.checks.mrzPrintedComparison.every((entry) => entry.isMatch)).toBe(true);
      const face = Buffer.from(reading.face.face_image ?? '', 'base64');
      expect(face.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    },
    OCR_TIMEOUT,
  );

  it(
    'answers 1 for an expired document and warns inside the near-expiry window',
    async () => {
      const expired = await reader.read(passportPng, { now: new Date('2030-02-01T00:00:00Z'), readPrintedText: false });
      expect(expired).toMatchObject({
        result: false,
        status_code: 1,
        document_summary: { validity: { status: 'expired', message: 'Document has expired' } },
      });
      const near = await reader.read(passportPng, { now: new Date('2029-12-01T00:00:00Z'), nearExpiryDays: 60, readPrintedText: false });
      expect(near).toMatchObject({
        status_code: 200,
        document_summary: { validity: { status: 'near_expiry', message: 'Document is near to expiry' } },
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads the first page of a PDF',
    async () => {
      const pdf = await buildPdfWithImage(passportPng, 650, 450);
      const reading = await reader.read(pdf, { now: BEFORE_EXPIRY, readPrintedText: false });
      expect(reading.card_type).toBe('GBR PT 0 FRONT');
      expect(reading.mrz?.valid).toBe(true);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a scanner's BMP as it reads the PNG",
    async () => {
      const reading = await reader.read(await toBmp(passportPng), { now: BEFORE_EXPIRY, readPrintedText: false });
      expect(reading).toMatchObject({ status_code: 200, card_type: 'GBR PT 0 FRONT' });
      expect(reading.mrz).toMatchObject({ format: 'TD3', valid: true });
      expect(reading.ocr.ocr_results).toMatchObject({ surname: 'HOLLOWAY', passport_no: '533401372' });
    },
    OCR_TIMEOUT,
  );

  it(
    'reports the wrong side of a BRP photographed sideways (1003), and a type outside the list (1005)',
    async () => {
      const back = await renderPng(
        drawTd1Back({ mrz: buildTd1Lines({ ...SAMPLE_HOLDER, documentCode: 'IR', documentNumber: 'ZR8834512' }) }),
      );
      const sideways = await sharp(back).rotate(90).png().toBuffer();
      const wrongSide = await reader.read(sideways, { now: BEFORE_EXPIRY, cardType: 'GBR BRP 0 FRONT', readPrintedText: false });
      expect(wrongSide).toMatchObject({ status_code: 1003, card_type: 'GBR BRP 0 BACK', checks: { orientationDegrees: 270 } });
      const notAllowed = await reader.read(back, { now: BEFORE_EXPIRY, cardTypeList: ['PKR CNIC', 'PKR NICOP'], readPrintedText: false });
      expect(notAllowed.status_code).toBe(1005);
      expect(notAllowed.message).toBe('No document of the selected type was found. Please upload the document type you selected.');
    },
    OCR_TIMEOUT,
  );

  it(
    'reads the printed fields of a CNIC front lying on a table',
    async () => {
      const card = await renderPng(
        drawCnicFront({
          name: 'Bilal Ahmed',
          fatherName: 'Ahmed Raza',
          gender: 'M',
          countryOfStay: 'Pakistan',
          identityNumber: '61101-5551212-3',
          dateOfBirth: '09.11.1988',
          dateOfIssue: '15.04.2018',
          dateOfExpiry: '15.04.2028',
        }),
      );
      const photo = await placeOnBackground(card, { width: 1400, height: 1000, left: 190, top: 180, background: '#4b5563' });
      const reading = await reader.read(photo, { now: BEFORE_EXPIRY, cardType: 'PKR CNIC 1 FRONT' });
      expect(reading).toMatchObject({ status_code: 200, card_type: 'PKR CNIC 1 FRONT', checks: { isFullFrame: false } });
      expect(reading.ocr.ocr_results).toMatchObject({
        name: 'Bilal Ahmed',
        father_name: 'Ahmed Raza',
        sex: 'M',
        country_of_stay: 'Pakistan',
        id_number: '61101-5551212-3',
        dob: '1988-11-09',
        doe: '2028-04-15',
      });
      expect(reading.checks.documentBox.x).toBeGreaterThan(150);
    },
    OCR_TIMEOUT,
  );

  it(
    'answers 1004 for a blurred picture and 1002 for an empty one',
    async () => {
      const blurred = await reader.read(await sharp(passportPng).blur(6).png().toBuffer(), { now: BEFORE_EXPIRY });
      expect(blurred.status_code).toBe(1004);
      const empty = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8090a0' } })
        .jpeg()
        .toBuffer();
      expect(await reader.read(empty)).toMatchObject({ status_code: 1002, document_summary: { heading: 'No document detected' } });
    },
    OCR_TIMEOUT,
  );

  it('answers 900 for a file that is no image or PDF', async () => {
    const reading = await reader.read(Buffer.from('MZ\x90\x00 an executable, not an image'));
    expect(reading).toMatchObject({
      result: false,
      status_code: 900,
      message: 'Wrong image format. Please upload a JPG, PNG or PDF file.',
    });
  });
});
