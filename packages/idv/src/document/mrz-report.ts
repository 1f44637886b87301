import type { MrzCorrection } from '../mrz/mrz-correction';
import type { MrzCheckDigits, MrzParseResult } from '../mrz/mrz-parser';
import type { CheckDigitName, MrzFormat } from '../mrz/mrz-format';

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
  /** Every check digit holds, and confirms its field (none is uncertain). */
  valid: boolean;
  /** Fields whose digit holds with another reading too, on nearly the same evidence: not confirmed. */
  uncertain: CheckDigitName[];
  corrections: MrzCorrection[];
}

export function buildMrzReport(parsed: MrzParseResult, corrections: readonly MrzCorrection[]): MrzReport {
  return {
    format: parsed.format,
    lines: [...parsed.lines],
    fields: { ...parsed.fields },
    checkDigits: { ...parsed.checkDigits },
    valid: parsed.valid,
    uncertain: [...(parsed.uncertain ?? [])],
    corrections: [...corrections],
  };
}
