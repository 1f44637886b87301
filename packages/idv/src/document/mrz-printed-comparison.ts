import type { OcrFields } from './ocr-fields';

export interface FieldComparison {
  field: keyof OcrFields;
  mrz: string;
  printed: string;
  isMatch: boolean;
}

/** ICAO transliterates accents away (É to E), so the printed name is compared the same way. */
function lettersOnly(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/**
 * Compares what the MRZ says with what is printed, for the fields both were read. Names compare on
 * letters only and allow the MRZ to be a truncation (ICAO cuts long names); numbers ignore spacing
 * and dashes; dates are ISO on both sides.
 */
export function compareMrzWithPrinted(mrz: OcrFields, printed: Partial<OcrFields>): FieldComparison[] {
  const comparisons: FieldComparison[] = [];
  const fields: Array<keyof OcrFields> = ['surname', 'name', 'dob', 'doe', 'passport_no', 'id_number', 'permit_no', 'sex'];
  for (const field of fields) {
    const fromMrz = mrz[field];
    const fromPrint = printed[field];
    if (!fromMrz || !fromPrint) continue;
    let isMatch: boolean;
    if (field === 'surname' || field === 'name') {
      const a = lettersOnly(fromMrz);
      const b = lettersOnly(fromPrint);
      isMatch = a.length > 0 && (a === b || (a.length >= 10 && b.startsWith(a)));
    } else if (field === 'passport_no' || field === 'id_number' || field === 'permit_no') {
      isMatch = fromMrz.replace(/[^A-Z0-9]/gi, '').toUpperCase() === fromPrint.replace(/[^A-Z0-9]/gi, '').toUpperCase();
    } else {
      isMatch = fromMrz === fromPrint;
    }
    comparisons.push({ field, mrz: fromMrz, printed: fromPrint, isMatch });
  }
  return comparisons;
}
