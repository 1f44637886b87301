import { findCardType } from './card-types';
import type { DocumentSummary, OcrResult } from './ocr-result';

export interface LookupEntry {
  id: string;
  name: string;
}

export interface CustomerRecordLookups {
  /** Resolves 'Male' / 'Female' / 'Unspecified' to the data segment's gender entry. */
  findGender(gender: string): LookupEntry | undefined;
  /** Resolves an ISO alpha-3 code or a printed country name to the data segment's nationality entry. */
  findNationality(codeOrName: string): LookupEntry | undefined;
}

export interface CustomerRecordPatch {
  basicInfo: {
    firstName?: string;
    lastName?: string;
    fatherName?: string;
    dateOfBirth?: string;
    gender?: string;
    genderId?: string;
    nationality?: string;
    nationalityId?: string;
  };
  identityInfo: {
    cardType?: string;
    number?: string;
    expiryDate?: string;
    documentSummary?: DocumentSummary;
    documentSummaryBack?: DocumentSummary;
    passport?: { number?: string; expiryDate?: string; documentSummary?: DocumentSummary };
  };
  documentInfo: { ocrPicture?: { fileName: string } };
}

export interface MappingOptions {
  lookups: CustomerRecordLookups;
  /** Stored name of the face crop, when the caller saved face.face_image. */
  ocrPictureFileName?: string;
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/**
 * Maps an OCR result onto the customer record as the spec lays it out: basicInfo gets the
 * person, identityInfo the document (passports under identityInfo.passport), and documentInfo the
 * portrait crop's file name. Only fields that were read appear, so the patch can be merged over
 * what the customer typed. The front side's summary goes to documentSummary, the back's to
 * documentSummaryBack. lastName is filled as well as the spec's firstName when the document names
 * the surname apart (MRZ documents), because the record has the field and losing it helps no one.
 */
export function mapOcrResultToCustomerRecord(result: OcrResult, options: MappingOptions): CustomerRecordPatch {
  const fields = result.ocr.ocr_results;
  const definition = result.card_type ? findCardType(result.card_type) : undefined;
  const gender = fields.gender ? options.lookups.findGender(fields.gender) : undefined;
  const nationality = fields.nationality ? options.lookups.findNationality(fields.nationality) : undefined;
  const basicInfo = definedOnly({
    firstName: fields.name ?? undefined,
    lastName: fields.surname ?? undefined,
    fatherName: fields.father_name ?? undefined,
    dateOfBirth: fields.dob ?? undefined,
    gender: gender?.name ?? fields.gender ?? undefined,
    genderId: gender?.id,
    nationality: nationality?.name ?? fields.nationality ?? undefined,
    nationalityId: nationality?.id,
  });
  const isPassport = definition?.idType === 'passport';
  const isBack = definition?.side === 'BACK';
  const number = fields.passport_no ?? fields.id_number ?? fields.permit_no ?? fields.license_no ?? undefined;
  const expiryDate = fields.doe ?? undefined;
  const identityInfo: CustomerRecordPatch['identityInfo'] = definedOnly({ cardType: result.card_type ?? undefined });
  if (isPassport) {
    identityInfo.passport = definedOnly({ number, expiryDate, documentSummary: result.document_summary });
  } else {
    Object.assign(identityInfo, definedOnly({ number, expiryDate }));
    if (isBack) identityInfo.documentSummaryBack = result.document_summary;
    else identityInfo.documentSummary = result.document_summary;
  }
  const documentInfo: CustomerRecordPatch['documentInfo'] = options.ocrPictureFileName
    ? { ocrPicture: { fileName: options.ocrPictureFileName } }
    : {};
  return { basicInfo, identityInfo, documentInfo };
}
