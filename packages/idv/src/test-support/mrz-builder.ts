/** Builds MRZ lines with correct check digits for synthetic documents. */
import { computeCheckDigit } from '../mrz/check-digit';

function pad(text: string, length: number): string {
  return text.toUpperCase().replace(/ /g, '<').padEnd(length, '<').slice(0, length);
}

function digit(text: string): string {
  return String(computeCheckDigit(text) ?? 0);
}

export interface MrzPerson {
  documentCode: string;
  issuingState: string;
  documentNumber: string;
  nationality: string;
  birthDate: string;
  sex: 'M' | 'F' | '<';
  expiryDate: string;
  surname: string;
  givenNames: string;
  optional?: string;
}

function names(person: MrzPerson, length: number): string {
  return pad(`${person.surname.replace(/ /g, '<')}<<${person.givenNames.replace(/ /g, '<')}`, length);
}

export function buildTd3Lines(person: MrzPerson): [string, string] {
  const line1 = pad(person.documentCode, 2) + pad(person.issuingState, 3) + names(person, 39);
  const number = pad(person.documentNumber, 9);
  const optional = pad(person.optional ?? '', 14);
  const optionalDigit = /^<+$/.test(optional) ? '<' : digit(optional);
  const body =
    number +
    digit(number) +
    pad(person.nationality, 3) +
    person.birthDate +
    digit(person.birthDate) +
    person.sex +
    person.expiryDate +
    digit(person.expiryDate) +
    optional +
    optionalDigit;
  const composite = digit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

export function buildTd1Lines(person: MrzPerson): [string, string, string] {
  const number = pad(person.documentNumber, 9);
  const line1 = pad(person.documentCode, 2) + pad(person.issuingState, 3) + number + digit(number) + pad(person.optional ?? '', 15);
  const line2Head =
    person.birthDate +
    digit(person.birthDate) +
    person.sex +
    person.expiryDate +
    digit(person.expiryDate) +
    pad(person.nationality, 3) +
    pad('', 11);
  const composite = digit(line1.slice(5, 30) + line2Head.slice(0, 7) + line2Head.slice(8, 15) + line2Head.slice(18, 29));
  return [line1, line2Head + composite, names(person, 30)];
}

/** TD2 (ID cards and travel documents 105 × 74 mm): two lines of 36. */
export function buildTd2Lines(person: MrzPerson): [string, string] {
  const line1 = pad(person.documentCode, 2) + pad(person.issuingState, 3) + names(person, 31);
  const number = pad(person.documentNumber, 9);
  const body =
    number +
    digit(number) +
    pad(person.nationality, 3) +
    person.birthDate +
    digit(person.birthDate) +
    person.sex +
    person.expiryDate +
    digit(person.expiryDate) +
    pad(person.optional ?? '', 7);
  const composite = digit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 35));
  return [line1, body + composite];
}

/** Machine-readable visas: MRV-A (two lines of 44) and MRV-B (two lines of 36), no composite digit. */
export function buildMrvLines(person: MrzPerson, format: 'MRVA' | 'MRVB'): [string, string] {
  const length = format === 'MRVA' ? 44 : 36;
  const line1 = pad(person.documentCode, 2) + pad(person.issuingState, 3) + names(person, length - 5);
  const number = pad(person.documentNumber, 9);
  const body =
    number +
    digit(number) +
    pad(person.nationality, 3) +
    person.birthDate +
    digit(person.birthDate) +
    person.sex +
    person.expiryDate +
    digit(person.expiryDate) +
    pad(person.optional ?? '', length - 28);
  return [line1, body];
}
