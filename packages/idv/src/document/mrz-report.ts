import type { MrzCorrection } from '../mrz/mrz-correction';
import type { MrzCheckDigits, MrzParseResult } from '../mrz/mrz-parser';
import type { MrzFormat } from '../mrz/mrz-format';

/** The MRZ part of a reading, as the CLI prints it under `mrz`. */
export interface MrzReport {
  format: MrzFormat;
  lines: string[];
  fields: {
    documentCode: string;
    documentNumber: string;
    birthDate: string;
    expiryDate: string;
    surname: string;
    givenNames: string;
    nationality: string;
    issuingState: string;
    sex: string;
    optional1?: string;
    optional2?: string;
    optional?: string;
  };
  /** One boolean per check digit of the format. */
  checkDigits: MrzCheckDigits;
  /** Every check digit holds. */
  valid: boolean;
  corrections: MrzCorrection[];
}

export function buildMrzReport(parsed: MrzParseResult, corrections: readonly MrzCorrection[]): MrzReport {
  return {
    format: parsed.format,
    lines: [...parsed.lines],
    fields: { ...parsed.fields },
    checkDigits: { ...parsed.checkDigits },
    valid: parsed.valid,
    corrections: [...corrections],
  };
}
