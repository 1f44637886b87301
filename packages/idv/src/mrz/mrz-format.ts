/**
 * Layouts of the machine-readable zones in ICAO Doc 9303 (parts 4–7): where each field and check
 * digit sits and which characters it may hold. The parser and the OCR corrector share this table,
 * so a position is interpreted the same way when it is read and when it is repaired.
 */
/** Every character an MRZ may print. */
export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'MRVB';

/** `code`: letters, digits or '<' and never corrected; `alpha`: letters and '<' (names, country codes). */
export type MrzCharClass = 'code' | 'alpha' | 'numeric' | 'alnum' | 'sex';

export type MrzFieldName =
  | 'documentCode'
  | 'issuingState'
  | 'documentNumber'
  | 'optional1'
  | 'optional2'
  | 'optional'
  | 'birthDate'
  | 'sex'
  | 'expiryDate'
  | 'nationality'
  | 'names';

export type CheckDigitName = 'documentNumber' | 'birthDate' | 'expiryDate' | 'personalNumber' | 'composite';

export interface MrzSpan {
  line: number;
  start: number;
  /** Exclusive. */
  end: number;
}

export interface MrzFieldSpec extends MrzSpan {
  name: MrzFieldName;
  charClass: MrzCharClass;
}

export interface MrzCheckSpec {
  name: CheckDigitName;
  line: number;
  position: number;
  /** The spans the digit is computed over, in order. */
  covers: MrzSpan[];
}

export interface MrzLayout {
  format: MrzFormat;
  lineLength: number;
  lineCount: number;
  fields: MrzFieldSpec[];
  checks: MrzCheckSpec[];
}

function field(name: MrzFieldName, line: number, start: number, end: number, charClass: MrzCharClass): MrzFieldSpec {
  return { name, line, start, end, charClass };
}

function span(line: number, start: number, end: number): MrzSpan {
  return { line, start, end };
}

/** Line 2 of TD3 and MRV-A, and of TD2 and MRV-B, share their first 28 characters. */
function dataLineFields(line: number): MrzFieldSpec[] {
  return [
    field('documentNumber', line, 0, 9, 'alnum'),
    field('nationality', line, 10, 13, 'alpha'),
    field('birthDate', line, 13, 19, 'numeric'),
    field('sex', line, 20, 21, 'sex'),
    field('expiryDate', line, 21, 27, 'numeric'),
  ];
}

function dataLineChecks(line: number): MrzCheckSpec[] {
  return [
    { name: 'documentNumber', line, position: 9, covers: [span(line, 0, 9)] },
    { name: 'birthDate', line, position: 19, covers: [span(line, 13, 19)] },
    { name: 'expiryDate', line, position: 27, covers: [span(line, 21, 27)] },
  ];
}

function headerLineFields(lineLength: number): MrzFieldSpec[] {
  return [field('documentCode', 0, 0, 2, 'code'), field('issuingState', 0, 2, 5, 'alpha'), field('names', 0, 5, lineLength, 'alpha')];
}

const TD1: MrzLayout = {
  format: 'TD1',
  lineLength: 30,
  lineCount: 3,
  fields: [
    field('documentCode', 0, 0, 2, 'code'),
    field('issuingState', 0, 2, 5, 'alpha'),
    field('documentNumber', 0, 5, 14, 'alnum'),
    field('optional1', 0, 15, 30, 'alnum'),
    field('birthDate', 1, 0, 6, 'numeric'),
    field('sex', 1, 7, 8, 'sex'),
    field('expiryDate', 1, 8, 14, 'numeric'),
    field('nationality', 1, 15, 18, 'alpha'),
    field('optional2', 1, 18, 29, 'alnum'),
    field('names', 2, 0, 30, 'alpha'),
  ],
  checks: [
    { name: 'documentNumber', line: 0, position: 14, covers: [span(0, 5, 14)] },
    { name: 'birthDate', line: 1, position: 6, covers: [span(1, 0, 6)] },
    { name: 'expiryDate', line: 1, position: 14, covers: [span(1, 8, 14)] },
    {
      name: 'composite',
      line: 1,
      position: 29,
      covers: [span(0, 5, 30), span(1, 0, 7), span(1, 8, 15), span(1, 18, 29)],
    },
  ],
};

const TD2: MrzLayout = {
  format: 'TD2',
  lineLength: 36,
  lineCount: 2,
  fields: [...headerLineFields(36), ...dataLineFields(1), field('optional', 1, 28, 35, 'alnum')],
  checks: [...dataLineChecks(1), { name: 'composite', line: 1, position: 35, covers: [span(1, 0, 10), span(1, 13, 20), span(1, 21, 35)] }],
};

const TD3: MrzLayout = {
  format: 'TD3',
  lineLength: 44,
  lineCount: 2,
  fields: [...headerLineFields(44), ...dataLineFields(1), field('optional', 1, 28, 42, 'alnum')],
  checks: [
    ...dataLineChecks(1),
    { name: 'personalNumber', line: 1, position: 42, covers: [span(1, 28, 42)] },
    { name: 'composite', line: 1, position: 43, covers: [span(1, 0, 10), span(1, 13, 20), span(1, 21, 43)] },
  ],
};

const MRVA: MrzLayout = {
  format: 'MRVA',
  lineLength: 44,
  lineCount: 2,
  fields: [...headerLineFields(44), ...dataLineFields(1), field('optional', 1, 28, 44, 'alnum')],
  checks: dataLineChecks(1),
};

const MRVB: MrzLayout = {
  format: 'MRVB',
  lineLength: 36,
  lineCount: 2,
  fields: [...headerLineFields(36), ...dataLineFields(1), field('optional', 1, 28, 36, 'alnum')],
  checks: dataLineChecks(1),
};

export const MRZ_LAYOUTS: Record<MrzFormat, MrzLayout> = { TD1, TD2, TD3, MRVA, MRVB };

/** Visas start with 'V'; every other document shares its line lengths with a TD format. */
export function detectMrzFormat(lines: readonly string[]): MrzFormat | null {
  const [first = '', second = ''] = lines;
  if (lines.length === 3 && lines.every((line) => line.length === 30)) return 'TD1';
  if (lines.length !== 2 || first.length !== second.length) return null;
  const isVisa = first.startsWith('V');
  if (first.length === 44) return isVisa ? 'MRVA' : 'TD3';
  if (first.length === 36) return isVisa ? 'MRVB' : 'TD2';
  return null;
}

export function getMrzLayout(format: MrzFormat): MrzLayout {
  return MRZ_LAYOUTS[format];
}

/** Expected line lengths of each format, longest first, for fitting OCR output to a format. */
export const MRZ_SHAPES: ReadonlyArray<{ lineCount: number; lineLength: number }> = [
  { lineCount: 2, lineLength: 44 },
  { lineCount: 2, lineLength: 36 },
  { lineCount: 3, lineLength: 30 },
];

export function readSpan(lines: readonly string[], target: MrzSpan): string {
  return (lines[target.line] ?? '').slice(target.start, target.end);
}
