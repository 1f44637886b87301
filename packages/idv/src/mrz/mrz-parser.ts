import { isCheckDigitValid } from './check-digit';
import {
  detectMrzFormat,
  getMrzLayout,
  readSpan,
  type CheckDigitName,
  type MrzFieldName,
  type MrzFormat,
  type MrzLayout,
} from './mrz-format';

export interface MrzFields {
  documentCode: string;
  issuingState: string;
  documentNumber: string;
  /** TD1 only: line 1 after the document number. */
  optional1?: string;
  /** TD1 only: line 2 after the nationality. */
  optional2?: string;
  /** TD2, TD3 and visas: the personal number or optional data. */
  optional?: string;
  /** YYMMDD as printed. */
  birthDate: string;
  /** 'M', 'F', or '' when the document leaves it unspecified. */
  sex: string;
  /** YYMMDD as printed. */
  expiryDate: string;
  nationality: string;
  surname: string;
  givenNames: string;
}

export type MrzCheckDigits = Partial<Record<CheckDigitName, boolean>>;

export interface MrzParseResult {
  format: MrzFormat;
  lines: string[];
  fields: MrzFields;
  checkDigits: MrzCheckDigits;
  /** Every check digit of the format holds. */
  valid: boolean;
  /**
   * Fields whose check digit holds but is no witness: another reading of the field holds too, on
   * nearly the same glyph evidence (see mrz-lattice's UNCERTAIN_MARGIN). The reading is then not valid.
   */
  uncertain?: CheckDigitName[];
}

const MRZ_LINE = /^[A-Z0-9<]+$/;

function trimFiller(text: string): string {
  return text.replace(/^<+|<+$/g, '');
}

/** Surname and given names are separated by '<<'; single '<' separates words within each. */
export function splitMrzNames(text: string): { surname: string; givenNames: string } {
  const trimmed = text.replace(/<+$/, '');
  const separator = trimmed.indexOf('<<');
  const surnamePart = separator === -1 ? trimmed : trimmed.slice(0, separator);
  const givenPart = separator === -1 ? '' : trimmed.slice(separator + 2);
  return { surname: joinNameWords(surnamePart), givenNames: joinNameWords(givenPart) };
}

function joinNameWords(part: string): string {
  return part.split('<').filter(Boolean).join(' ');
}

function readField(lines: readonly string[], layout: MrzLayout, name: MrzFieldName): string {
  const spec = layout.fields.find((candidate) => candidate.name === name);
  return spec ? readSpan(lines, spec) : '';
}

/**
 * TD1 and TD2 allow document numbers longer than nine characters: the check digit position holds
 * '<', the number continues in the optional data, and its check digit is the last character before
 * the next filler (ICAO 9303-5 §4.2.2 note j).
 */
function readLongDocumentNumber(
  head: string,
  optional: string,
): { documentNumber: string; checkInput: string; checkChar: string; optional: string } | null {
  const match = /^([A-Z0-9]+)(<|$)/.exec(optional);
  if (!match?.[1] || match[1].length < 2) return null;
  const run = match[1];
  const tail = run.slice(0, -1);
  return {
    documentNumber: trimFiller(head) + tail,
    checkInput: head + tail,
    checkChar: run.slice(-1),
    optional: trimFiller(optional.slice(run.length)),
  };
}

/** Parses MRZ lines that already have an exact format shape; returns null for any other input. */
export function parseMrz(input: readonly string[]): MrzParseResult | null {
  const lines = input.map((line) => line.trim().toUpperCase());
  if (!lines.every((line) => MRZ_LINE.test(line))) return null;
  const format = detectMrzFormat(lines);
  if (!format) return null;
  const layout = getMrzLayout(format);

  const checkDigits: MrzCheckDigits = {};
  for (const check of layout.checks) {
    const text = check.covers.map((covered) => readSpan(lines, covered)).join('');
    checkDigits[check.name] = isCheckDigitValid(text, lines[check.line]?.[check.position] ?? '');
  }

  const read = (name: MrzFieldName): string => readField(lines, layout, name);
  let documentNumber = trimFiller(read('documentNumber'));
  const optionalName: MrzFieldName = format === 'TD1' ? 'optional1' : 'optional';
  let firstOptional = trimFiller(read(optionalName));

  const documentCheckSpec = layout.checks.find((check) => check.name === 'documentNumber');
  const hasLongNumber =
    (format === 'TD1' || format === 'TD2') &&
    documentCheckSpec !== undefined &&
    lines[documentCheckSpec.line]?.[documentCheckSpec.position] === '<';
  if (hasLongNumber) {
    const long = readLongDocumentNumber(read('documentNumber'), read(optionalName));
    // Only holding check digits prove the number continues; cards outside ICAO (the US border
    // crossing card) put other data there, and a misread line must not pass by luck.
    if (long && isCheckDigitValid(long.checkInput, long.checkChar) && checkDigits.composite !== false) {
      documentNumber = long.documentNumber;
      firstOptional = long.optional;
      checkDigits.documentNumber = true;
    }
  }

  const { surname, givenNames } = splitMrzNames(read('names'));
  const sex = read('sex');
  const fields: MrzFields = {
    documentCode: trimFiller(read('documentCode')),
    issuingState: trimFiller(read('issuingState')),
    documentNumber,
    birthDate: read('birthDate'),
    sex: sex === 'M' || sex === 'F' ? sex : sex === 'X' ? 'X' : '',
    expiryDate: read('expiryDate'),
    nationality: trimFiller(read('nationality')),
    surname,
    givenNames,
  };
  if (format === 'TD1') {
    fields.optional1 = firstOptional;
    fields.optional2 = trimFiller(read('optional2'));
  } else {
    fields.optional = firstOptional;
  }

  const valid = Object.values(checkDigits).every(Boolean);
  return { format, lines, fields, checkDigits, valid };
}
