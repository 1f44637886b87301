/**
 * Synthetic specimens of the document types Sanad reads, with made-up people. MRZ lines are built
 * with real check digits by the caller (see buildTd3Lines etc. in mrz-builder.ts).
 */
import { renderDocument, type DocumentDrawing, type TextItem } from './document-renderer';

/** The made-up passport holder the tests and the benchmark read back (MRZ fields as printed). */
export const SAMPLE_HOLDER = {
  documentCode: 'P',
  issuingState: 'GBR',
  documentNumber: '533401372',
  nationality: 'GBR',
  birthDate: '850312',
  sex: 'F' as const,
  expiryDate: '300115',
  surname: 'HOLLOWAY',
  givenNames: 'JANE ELIZABETH',
};

const MRZ_SIZE = 22;

function mrzTexts(lines: readonly string[], left: number, bottom: number): TextItem[] {
  const pitch = MRZ_SIZE * 1.9;
  return lines.map((text, index) => ({
    text,
    x: left,
    y: bottom - (lines.length - index) * pitch,
    size: MRZ_SIZE,
    color: '#101010',
    isOcrB: true,
  }));
}

/** A passport data page (TD3): printed fields, portrait, two MRZ lines at the bottom. */
export function drawPassport(options: { mrz: readonly string[]; surname: string; givenNames: string; number: string }): DocumentDrawing {
  return {
    width: 1300,
    height: 900,
    background: '#f1ece0',
    portrait: { x: 60, y: 170, width: 330, height: 420 },
    texts: [
      { text: 'PASSPORT', x: 60, y: 60, size: 34, bold: true, color: '#203050' },
      { text: 'Surname', x: 450, y: 180, size: 18, color: '#555555' },
      { text: options.surname, x: 450, y: 210, size: 28 },
      { text: 'Given names', x: 450, y: 280, size: 18, color: '#555555' },
      { text: options.givenNames, x: 450, y: 310, size: 28 },
      { text: 'Passport No.', x: 450, y: 380, size: 18, color: '#555555' },
      { text: options.number, x: 450, y: 410, size: 28 },
      ...mrzTexts(options.mrz, 50, 870),
    ],
  };
}

/** The back of an ID-1 card with a TD1 zone. */
export function drawTd1Back(options: { mrz: readonly string[]; heading?: string }): DocumentDrawing {
  return {
    width: 1012,
    height: 638,
    background: '#e6eef2',
    texts: [
      { text: options.heading ?? 'RESIDENCE PERMIT', x: 50, y: 60, size: 26, bold: true, color: '#304060' },
      ...mrzTexts(options.mrz, 45, 620),
    ],
  };
}

export interface CnicFront {
  name: string;
  fatherName: string;
  gender: string;
  countryOfStay: string;
  identityNumber: string;
  dateOfBirth: string;
  dateOfIssue: string;
  dateOfExpiry: string;
}

function label(text: string, x: number, y: number): TextItem {
  return { text, x, y, size: 16, color: '#2b6a3a' };
}

function value(text: string, x: number, y: number): TextItem {
  return { text, x, y, size: 24 };
}

function numberedField(number: string, text: string, y: number): TextItem {
  return { text: `${number} ${text}`, x: 330, y, size: 22 };
}

/** Pakistani CNIC front in the English layout: labels above values, portrait on the right. */
export function drawCnicFront(card: CnicFront): DocumentDrawing {
  return {
    width: 1012,
    height: 638,
    background: '#dcefe0',
    portrait: { x: 720, y: 150, width: 240, height: 300 },
    texts: [
      { text: 'ISLAMIC REPUBLIC OF PAKISTAN', x: 40, y: 35, size: 26, bold: true, color: '#1e5a2c' },
      { text: 'National Identity Card', x: 40, y: 80, size: 18, color: '#1e5a2c' },
      label('Name', 40, 150),
      value(card.name, 40, 175),
      label('Father Name', 40, 230),
      value(card.fatherName, 40, 255),
      label('Gender', 40, 310),
      value(card.gender, 40, 335),
      label('Country of Stay', 260, 310),
      value(card.countryOfStay, 260, 335),
      label('Identity Number', 40, 390),
      value(card.identityNumber, 40, 415),
      label('Date of Birth', 420, 390),
      value(card.dateOfBirth, 420, 415),
      label('Date of Issue', 40, 470),
      value(card.dateOfIssue, 40, 495),
      label('Date of Expiry', 300, 470),
      value(card.dateOfExpiry, 300, 495),
    ],
  };
}

export interface EmiratesIdFront {
  idNumber: string;
  name: string;
  nationality: string;
}

export function drawEmiratesIdFront(card: EmiratesIdFront): DocumentDrawing {
  return {
    width: 1012,
    height: 638,
    background: '#eef0ea',
    portrait: { x: 50, y: 180, width: 240, height: 300 },
    texts: [
      { text: 'UNITED ARAB EMIRATES', x: 330, y: 40, size: 26, bold: true, color: '#5a4a1e' },
      { text: 'FEDERAL AUTHORITY FOR IDENTITY', x: 330, y: 85, size: 16, color: '#5a4a1e' },
      { text: 'Resident Identity Card', x: 330, y: 120, size: 20, color: '#5a4a1e' },
      { text: `ID Number: ${card.idNumber}`, x: 330, y: 220, size: 24 },
      { text: `Name: ${card.name}`, x: 330, y: 300, size: 24 },
      { text: `Nationality: ${card.nationality}`, x: 330, y: 380, size: 24 },
    ],
  };
}

export interface UkLicenceFront {
  surname: string;
  givenNames: string;
  birth: string;
  issued: string;
  expires: string;
  number: string;
}

export function drawUkLicenceFront(card: UkLicenceFront): DocumentDrawing {
  const field = numberedField;
  return {
    width: 1012,
    height: 638,
    background: '#f3e4ec',
    portrait: { x: 40, y: 150, width: 250, height: 320 },
    texts: [
      { text: 'DRIVING LICENCE', x: 330, y: 40, size: 30, bold: true, color: '#233a7a' },
      { text: 'UK', x: 40, y: 40, size: 30, bold: true, color: '#233a7a' },
      field('1.', card.surname, 130),
      field('2.', card.givenNames, 180),
      field('3.', `${card.birth} UNITED KINGDOM`, 230),
      field('4a.', card.issued, 280),
      field('4b.', card.expires, 330),
      field('4c.', 'DVLA', 380),
      field('5.', card.number, 430),
    ],
  };
}

export async function renderPng(drawing: DocumentDrawing): Promise<Buffer> {
  return renderDocument(drawing);
}
