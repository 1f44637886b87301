/**
 * The document-verification tab's content, read from what the record stores: each identity document
 * (front, back, passport) with the reader's summary of it, the fields the reader read, the liveness
 * and face results, and the files. Nothing is computed here that the record does not hold: a check
 * the record has no result for reads 'Not recorded'.
 */
import type { TCustomerRecord } from '@sanad/contracts/customers';

type AnyRecord = Record<string, unknown>;

const isObject = (value: unknown): value is AnyRecord => value !== null && typeof value === 'object' && !Array.isArray(value);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export const NOT_RECORDED = 'Not recorded';

export interface DocumentCheck {
  label: string;
  value: string;
  /** good: passed; bad: failed; none: nothing to judge. */
  tone: 'good' | 'bad' | 'warn' | 'none';
}

export interface VerifiedDocument {
  key: string;
  title: string;
  file: string | null;
  checks: DocumentCheck[];
}

/** The reader's document summary (front, back or passport) as checks. */
export function summaryChecks(summary: unknown): DocumentCheck[] {
  if (!isObject(summary)) return [{ label: 'Document reading', value: NOT_RECORDED, tone: 'none' }];
  const checks: DocumentCheck[] = [];
  const name = textOf(summary.document_name);
  if (name) checks.push({ label: 'Document', value: name, tone: 'none' });
  const quality = isObject(summary.image_quality) ? summary.image_quality : null;
  if (quality) {
    const label = textOf(quality.label) ?? '';
    const score = typeof quality.score === 'number' ? ` (${Math.round(quality.score)})` : '';
    checks.push({
      label: 'Image quality',
      value: `${label}${score}` || NOT_RECORDED,
      tone: label === 'Good' ? 'good' : label === 'Poor' ? 'bad' : 'warn',
    });
  }
  const missing = isObject(summary.missing_text_fields) ? summary.missing_text_fields : null;
  if (missing) {
    const fields = Array.isArray(missing.fields) ? missing.fields.filter((field): field is string => typeof field === 'string') : [];
    checks.push({
      label: 'Text fields',
      value: fields.length === 0 ? 'All read' : `Not read: ${fields.join(', ')}`,
      tone: fields.length === 0 ? 'good' : 'warn',
    });
  }
  const damaged = isObject(summary.damaged) ? summary.damaged : null;
  if (damaged && typeof damaged.isDamaged === 'boolean')
    checks.push({
      label: 'Damage',
      value: damaged.isDamaged ? 'The card is damaged' : 'Not damaged',
      tone: damaged.isDamaged ? 'bad' : 'good',
    });
  const validity = isObject(summary.validity) ? summary.validity : null;
  if (validity) {
    const status = textOf(validity.status) ?? 'unknown';
    const expiry = textOf(validity.expiryDate);
    const words: Record<string, string> = { valid: 'Valid', near_expiry: 'Near to expiry', expired: 'Expired', unknown: 'Unknown' };
    checks.push({
      label: 'Expiry',
      value: `${words[status] ?? status}${expiry ? ` (${expiry})` : ''}`,
      tone: status === 'valid' ? 'good' : status === 'expired' ? 'bad' : status === 'near_expiry' ? 'warn' : 'none',
    });
  }
  const portrait = isObject(summary.portrait) ? summary.portrait : null;
  if (portrait && typeof portrait.isFound === 'boolean')
    checks.push({ label: 'Portrait', value: portrait.isFound ? 'Face found' : "Can't find face", tone: portrait.isFound ? 'good' : 'bad' });
  return checks;
}

function fileName(value: unknown): string | null {
  if (!isObject(value)) return null;
  return textOf(value.originalFileName) ?? textOf(value.fileName);
}

export function verifiedDocuments(record: TCustomerRecord): VerifiedDocument[] {
  const identity = record.identityInfo ?? {};
  const files = (record.documentInfo ?? {}) as AnyRecord;
  const documents: VerifiedDocument[] = [
    { key: 'front', title: 'Identity document: front', file: fileName(files.identity), checks: summaryChecks(identity.documentSummary) },
    {
      key: 'back',
      title: 'Identity document: back',
      file: fileName(files.identityBack),
      checks: summaryChecks(identity.documentSummaryBack),
    },
  ];
  if (identity.passport?.documentSummary || files.passport)
    documents.push({
      key: 'passport',
      title: 'Passport',
      file: fileName(files.passport),
      checks: summaryChecks(identity.passport?.documentSummary),
    });
  return documents;
}

/** What the reader read off the document, beside what the record holds (the customer may have corrected it). */
export function ocrFields(record: TCustomerRecord): Array<{ label: string; read: string | null; entered: string | null }> {
  const reading = record.identityInfo?.documentReading ?? {};
  const basic = record.basicInfo ?? {};
  return [
    { label: 'Name', read: reading.name ?? null, entered: basic.firstName ?? null },
    { label: 'Surname', read: reading.surname ?? null, entered: basic.lastName ?? null },
    { label: 'Date of birth', read: reading.dateOfBirth ?? null, entered: basic.dateOfBirth ?? null },
    { label: 'ID number', read: reading.number ?? null, entered: record.identityInfo?.number ?? null },
  ];
}

/** The other files the customer gave (address proof, evidence, the recorded video, ...). */
export function otherFiles(record: TCustomerRecord): Array<{ key: string; name: string }> {
  const files = (record.documentInfo ?? {}) as AnyRecord;
  return Object.entries(files)
    .filter(([key]) => !['identity', 'identityBack', 'passport', 'addressProofDocumentType'].includes(key))
    .map(([key, value]) => ({ key, name: fileName(value) }))
    .filter((file): file is { key: string; name: string } => file.name !== null);
}
