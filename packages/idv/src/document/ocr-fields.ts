/** ocr.ocr_results of the spec; every value is a string as read, or null when not read. */
export interface OcrFields {
  name: string | null;
  surname: string | null;
  /** ISO YYYY-MM-DD. */
  dob: string | null;
  /** 'M', 'F' or 'X'. */
  sex: string | null;
  /** 'Male', 'Female' or 'Unspecified'. */
  gender: string | null;
  /** ISO 3166 alpha-3 code from an MRZ, else the printed word (e.g. 'Pakistan'). */
  nationality: string | null;
  country_of_stay: string | null;
  id_number: string | null;
  passport_no: string | null;
  license_no: string | null;
  permit_no: string | null;
  /** Date of expiry, ISO YYYY-MM-DD. */
  doe: string | null;
  /** The same date as doe; the spec lists both names and clients read either. */
  expiry: string | null;
  father_name: string | null;
}

export const OCR_FIELD_NAMES: ReadonlyArray<keyof OcrFields> = [
  'name',
  'surname',
  'dob',
  'sex',
  'gender',
  'nationality',
  'country_of_stay',
  'id_number',
  'passport_no',
  'license_no',
  'permit_no',
  'doe',
  'expiry',
  'father_name',
];

export function createEmptyFields(): OcrFields {
  return {
    name: null,
    surname: null,
    dob: null,
    sex: null,
    gender: null,
    nationality: null,
    country_of_stay: null,
    id_number: null,
    passport_no: null,
    license_no: null,
    permit_no: null,
    doe: null,
    expiry: null,
    father_name: null,
  };
}

export function genderForSex(sex: string | null): string | null {
  if (sex === 'M') return 'Male';
  if (sex === 'F') return 'Female';
  if (sex === 'X') return 'Unspecified';
  return null;
}

/** 'M', 'MALE', 'F', 'FEMALE' (also 'Male / Female' style prints) to M/F. */
export function parseSexWord(text: string): string | null {
  const word = text.trim().toUpperCase();
  if (/^(M|MALE)\b/.test(word)) return 'M';
  if (/^(F|FEMALE)\b/.test(word)) return 'F';
  return null;
}
