/**
 * The document status tags of a customer (DO-22), from the record alone: what the identity
 * document says (identityInfo.documentReading, kept by the journeys from the document reader)
 * against what was entered, and the document's expiry date. Computed at registration and at every
 * edit and stored with the customer.
 */
import { DOCUMENT_NEAR_EXPIRY_DAYS, type TCustomerRecord, type TDocumentStatus } from '@sanad/contracts/customers';
import { documentExpiry, idNumberKey, normaliseName } from './customer-facts';

const DAY_MS = 24 * 60 * 60 * 1000;

function words(value: string): string[] {
  return normaliseName(value)
    .split(' ')
    .filter((word) => word !== '');
}

/**
 * A document's name agrees with the entered name when one holds every word of the other, in any
 * order: a document may print a middle name the form left out (or the other way round), and MRZ
 * documents put the surname first.
 */
function namesAgree(read: string[], entered: string[]): boolean {
  if (read.length === 0 || entered.length === 0) return true;
  const readSet = new Set(read);
  const enteredSet = new Set(entered);
  return read.every((word) => enteredSet.has(word)) || entered.every((word) => readSet.has(word));
}

export interface DocumentComparison {
  /** Which read facts differ from the entered identity ('name', 'dateOfBirth', 'number'). */
  mismatched: string[];
  /** How many read facts were compared. */
  compared: number;
}

/** The facts the document reading and the entered identity both hold, compared after normalisation. */
export function compareDocument(record: TCustomerRecord): DocumentComparison {
  const reading = record.identityInfo?.documentReading;
  const result: DocumentComparison = { mismatched: [], compared: 0 };
  if (!reading) return result;
  const basic = record.basicInfo ?? {};
  const readName = words([reading.name ?? '', reading.surname ?? ''].join(' '));
  if (readName.length > 0) {
    result.compared += 1;
    const entered = words([basic.firstName, basic.middleName, basic.lastName].map((part) => part ?? '').join(' '));
    if (!namesAgree(readName, entered)) result.mismatched.push('name');
  }
  const readBirth = (reading.dateOfBirth ?? '').trim();
  if (readBirth !== '' && basic.dateOfBirth) {
    result.compared += 1;
    if (readBirth !== basic.dateOfBirth) result.mismatched.push('dateOfBirth');
  }
  const readNumber = idNumberKey(reading.number);
  const entered = idNumberKey(record.identityInfo?.number) ?? idNumberKey(record.identityInfo?.passport?.number);
  if (readNumber && entered) {
    result.compared += 1;
    if (readNumber !== entered) result.mismatched.push('number');
  }
  return result;
}

/** Expired, or expiring within DOCUMENT_NEAR_EXPIRY_DAYS of `now` (whole UTC days). */
export function isNearingExpiry(record: TCustomerRecord, now: Date): boolean {
  const expiry = documentExpiry(record);
  if (!expiry) return false;
  const today = Date.parse(now.toISOString().slice(0, 10));
  return Date.parse(expiry) - today <= DOCUMENT_NEAR_EXPIRY_DAYS * DAY_MS;
}

/** The tags in the spec's order; empty when there is nothing to say (no reading, no expiry date). */
export function documentStatusesOf(record: TCustomerRecord, now: Date = new Date()): TDocumentStatus[] {
  const statuses: TDocumentStatus[] = [];
  const comparison = compareDocument(record);
  if (comparison.compared > 0 && comparison.mismatched.length === 0) statuses.push('Document Matched');
  if (isNearingExpiry(record, now)) statuses.push('Documents nearing expiry');
  if (comparison.mismatched.length > 0) statuses.push('Documents mismatched');
  return statuses;
}

/** The document fact the risk engine reads: the worst of the tags (an expired document is worse than a nearly expired one). */
export function riskDocumentStatus(
  record: TCustomerRecord,
  now: Date = new Date(),
): 'matched' | 'nearing-expiry' | 'expired' | 'mismatched' | undefined {
  const statuses = documentStatusesOf(record, now);
  if (statuses.includes('Documents mismatched')) return 'mismatched';
  if (statuses.includes('Documents nearing expiry')) {
    const expiry = documentExpiry(record);
    return expiry && expiry < now.toISOString().slice(0, 10) ? 'expired' : 'nearing-expiry';
  }
  return statuses.includes('Document Matched') ? 'matched' : undefined;
}
