import type { MrzParseResult } from '../mrz/mrz-parser';
import { findCardType } from './card-types';
import { mrzDateToIso } from './document-dates';
import { parseEmiratesIdNumber } from './emirates-id-number';
import { createEmptyFields, genderForSex, type OcrFields } from './ocr-fields';

/**
 * The OCR fields an MRZ yields. The document number lands where the card type says it belongs:
 * passport_no for passports, permit_no for residence permits, id_number otherwise; an Emirates ID
 * carries its 784 identity number in the optional data.
 */
export function fieldsFromMrz(parsed: MrzParseResult, cardType: string | null, now: Date): OcrFields {
  const fields = createEmptyFields();
  const { fields: mrz } = parsed;
  fields.name = mrz.givenNames || null;
  fields.surname = mrz.surname || null;
  fields.dob = mrzDateToIso(mrz.birthDate, 'birth', now);
  fields.sex = mrz.sex || null;
  fields.gender = genderForSex(fields.sex);
  fields.nationality = mrz.nationality || null;
  fields.doe = mrzDateToIso(mrz.expiryDate, 'expiry', now);
  fields.expiry = fields.doe;
  const definition = cardType ? findCardType(cardType) : undefined;
  const number = mrz.documentNumber || null;
  if (definition?.document === 'PT') fields.passport_no = number;
  else if (definition?.document === 'BRP' || definition?.document === 'RP') fields.permit_no = number;
  else fields.id_number = number;
  if (definition?.country === 'ARE') {
    const eid = parseEmiratesIdNumber(mrz.optional1 ?? '');
    if (eid) fields.id_number = eid.formatted;
  }
  return fields;
}
