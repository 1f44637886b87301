import type { RecognizedLine } from '../ocr/tesseract-engine';
import { isBrpNumber, findBrpNumber } from './brp-number';
import { findCnicNumber, parseCnicNumber } from './cnic-number';
import { parsePrintedDate, findPrintedDates } from './document-dates';
import { findEmiratesIdNumber } from './emirates-id-number';
import { parseSexWord, type OcrFields } from './ocr-fields';
import { findLabels, readValueBelow, readValueRight, type FoundLabel } from './printed-labels';
import { findUkLicenceNumber, parseUkLicenceNumber } from './uk-licence-number';

export type PrintedFields = Partial<OcrFields> & { issueDate?: string | null };

type FieldKey = keyof OcrFields | 'issueDate';

interface LabelRule {
  field: FieldKey;
  /** Longer, more specific labels are searched first so 'Father Name' is not taken for 'Name'. */
  labels: string[];
  placement: 'right' | 'below' | 'either';
  parse?: (value: string) => string | null;
}

const asDate = (value: string): string | null => parsePrintedDate(value);
const asText = (value: string): string | null => value.replace(/\s+/g, ' ').trim() || null;
const asSex = (value: string): string | null => parseSexWord(value);

const CNIC_RULES: LabelRule[] = [
  { field: 'father_name', labels: ['Father Name', 'Husband Name', 'Fathers Name'], placement: 'below', parse: asText },
  { field: 'country_of_stay', labels: ['Country of Stay'], placement: 'below', parse: asText },
  { field: 'id_number', labels: ['Identity Number'], placement: 'below', parse: (value) => findCnicNumber(value)?.formatted ?? null },
  { field: 'dob', labels: ['Date of Birth'], placement: 'below', parse: asDate },
  { field: 'issueDate', labels: ['Date of Issue'], placement: 'below', parse: asDate },
  { field: 'doe', labels: ['Date of Expiry'], placement: 'below', parse: asDate },
  { field: 'sex', labels: ['Gender'], placement: 'below', parse: asSex },
  { field: 'name', labels: ['Name'], placement: 'below', parse: asText },
];

const EMIRATES_ID_RULES: LabelRule[] = [
  {
    field: 'id_number',
    labels: ['ID Number', 'Identity Number'],
    placement: 'either',
    parse: (value) => findEmiratesIdNumber(value)?.formatted ?? null,
  },
  { field: 'dob', labels: ['Date of Birth'], placement: 'either', parse: asDate },
  { field: 'doe', labels: ['Expiry Date', 'Date of Expiry'], placement: 'either', parse: asDate },
  { field: 'issueDate', labels: ['Issuing Date', 'Date of Issue'], placement: 'either', parse: asDate },
  { field: 'nationality', labels: ['Nationality'], placement: 'either', parse: asText },
  { field: 'sex', labels: ['Sex'], placement: 'either', parse: asSex },
  { field: 'name', labels: ['Name'], placement: 'either', parse: asText },
];

const QATAR_RULES: LabelRule[] = [
  {
    field: 'id_number',
    labels: ['ID No', 'ID Number'],
    placement: 'either',
    parse: (value) => /\b([23]\d{10})\b/.exec(value)?.[1] ?? null,
  },
  { field: 'dob', labels: ['Date of Birth', 'D O B'], placement: 'either', parse: asDate },
  { field: 'doe', labels: ['Expiry', 'Date of Expiry'], placement: 'either', parse: asDate },
  { field: 'nationality', labels: ['Nationality'], placement: 'either', parse: asText },
  { field: 'name', labels: ['Name'], placement: 'either', parse: asText },
];

const BRP_RULES: LabelRule[] = [
  { field: 'doe', labels: ['Valid Until'], placement: 'either', parse: asDate },
  { field: 'name', labels: ['Name'], placement: 'below', parse: asText },
];

const PASSPORT_RULES: LabelRule[] = [
  { field: 'surname', labels: ['Surname'], placement: 'below', parse: asText },
  { field: 'name', labels: ['Given names', 'Given name'], placement: 'below', parse: asText },
  { field: 'dob', labels: ['Date of birth'], placement: 'either', parse: asDate },
  { field: 'doe', labels: ['Date of expiry'], placement: 'either', parse: asDate },
  {
    field: 'passport_no',
    labels: ['Passport No', 'Passport Number'],
    placement: 'either',
    parse: (value) => /^[A-Z0-9]{6,9}$/.exec(value.replace(/\s/g, ''))?.[0] ?? null,
  },
];

function rowColumnEnd(labels: readonly FoundLabel[], label: FoundLabel): number {
  const sameRow = labels.filter(
    (other) => other !== label && other.box.x > label.box.x && Math.abs(other.box.y - label.box.y) < label.box.height,
  );
  return sameRow.length > 0 ? Math.min(...sameRow.map((other) => other.box.x)) : Number.POSITIVE_INFINITY;
}

function applyRules(lines: readonly RecognizedLine[], rules: readonly LabelRule[]): PrintedFields {
  const taken = new Set<string>();
  const found = rules.map((rule) => ({ rule, labels: rule.labels.flatMap((label) => findLabels(lines, label, taken)) }));
  const allLabels = found.flatMap((entry) => entry.labels);
  const fields: PrintedFields = {};
  for (const { rule, labels } of found) {
    for (const label of labels) {
      const right = rule.placement === 'below' ? '' : readValueRight(lines, label, taken);
      const raw = right || (rule.placement === 'right' ? '' : readValueBelow(lines, label, rowColumnEnd(allLabels, label)));
      const value = raw ? (rule.parse ?? asText)(raw) : null;
      if (value) {
        fields[rule.field] = value;
        break;
      }
    }
  }
  return fields;
}

/** UK licence fields are numbered: '1.' surname, '2.' given names, '3.' birth, '4a.'/'4b.' dates, '5.' number. */
function readLicenceFields(lines: readonly RecognizedLine[]): PrintedFields {
  const fields: PrintedFields = {};
  for (const line of lines) {
    // The number may not open the line: a stray mark left of it is read as a word too.
    const start = line.words.findIndex((word) => /^(1|2|3|4[ABC]|5)[.,]$/i.test(word.text.trim()));
    if (start < 0) continue;
    const key = (line.words[start]?.text ?? '').replace(/[.,]/g, '').toLowerCase();
    const value = line.words
      .slice(start + 1)
      .map((word) => word.text)
      .join(' ')
      .trim();
    if (!value) continue;
    if (key === '1') fields.surname = asText(value);
    if (key === '2') fields.name = asText(value);
    if (key === '3') fields.dob = asDate(value);
    if (key === '4a') fields.issueDate = asDate(value);
    if (key === '4b') fields.doe = asDate(value);
    if (key === '5') fields.license_no = findUkLicenceNumber(value.replace(/\s/g, ''))?.number ?? null;
  }
  const text = lines.map((line) => line.text).join('\n');
  fields.license_no ??= findUkLicenceNumber(text.replace(/ /g, ''))?.number ?? null;
  // The number encodes the holder's sex (month + 50 for women).
  const parsed = fields.license_no ? parseUkLicenceNumber(fields.license_no) : null;
  if (parsed) fields.sex = parsed.sex;
  return fields;
}

function withoutEmpty(fields: PrintedFields): PrintedFields {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as PrintedFields;
}

/**
 * Reads the printed (non-MRZ) fields of a document family from OCR lines by their keyword anchors,
 * with pattern fallbacks over the whole text where the label was not read (a CNIC number or a date
 * is recognisable without its label).
 */
export function readPrintedFields(family: string, lines: readonly RecognizedLine[]): PrintedFields {
  const text = lines.map((line) => line.text).join('\n');
  if (family === 'PKR CNIC' || family === 'PKR NICOP') {
    const fields = applyRules(lines, CNIC_RULES);
    fields.id_number ??= findCnicNumber(text)?.formatted ?? null;
    // The number's last digit is odd for men and even for women: a one-letter value under
    // 'Gender' is easily lost by the recogniser, the number rarely.
    fields.sex ??= (fields.id_number ? parseCnicNumber(fields.id_number)?.sex : null) ?? null;
    if (!fields.dob || !fields.doe) {
      // The CNIC prints birth, issue and expiry in that order.
      const dates = findPrintedDates(text).map((date) => date.iso);
      fields.dob ??= dates[0] ?? null;
      fields.doe ??= dates.length >= 3 ? (dates[2] ?? null) : null;
    }
    return withoutEmpty(fields);
  }
  if (family === 'ARE ID') {
    const fields = applyRules(lines, EMIRATES_ID_RULES);
    fields.id_number ??= findEmiratesIdNumber(text)?.formatted ?? null;
    return withoutEmpty(fields);
  }
  if (family === 'GBR DL') return withoutEmpty(readLicenceFields(lines));
  if (family === 'GBR BRP') {
    const fields = applyRules(lines, BRP_RULES);
    const number = findBrpNumber(text);
    if (number && isBrpNumber(number)) fields.permit_no = number;
    return withoutEmpty(fields);
  }
  if (family === 'QAT RP') return withoutEmpty(applyRules(lines, QATAR_RULES));
  return withoutEmpty(applyRules(lines, PASSPORT_RULES));
}
