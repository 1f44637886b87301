/**
 * The searchable facts of a customer record, as the customers table keeps them in columns, and the
 * comparisons the duplicate restriction and the version history make. Pure functions: the record
 * in, the facts out.
 */
import { ZCustomerRecord, type TCustomerRecord, type TIdType } from '@sanad/contracts/customers';

/** Display name: the given names in the record's order, single-spaced. */
export function fullNameOf(record: TCustomerRecord): string {
  const basic = record.basicInfo ?? {};
  return [basic.firstName, basic.middleName, basic.lastName]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ')
    .replace(/\s+/g, ' ');
}

/**
 * The name as duplicates compare it: accents removed, lower case, punctuation read as a space, one
 * space between words. "José  O'Neil" and "jose o neil" are the same person's name.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** An ID number as duplicates compare it: letters and digits only, upper case ("35202-1234567-1" = "3520212345671"). */
export function idNumberKey(number: string | undefined | null): string | null {
  const key = (number ?? '')
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return key === '' ? null : key;
}

export interface CustomerColumns {
  fullName: string;
  fullNameNormalised: string;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  nationalityId: string | null;
  countryOfResidenceId: string | null;
  idType: TIdType | null;
  idNumber: string | null;
  idNumberKey: string | null;
  email: string | null;
  phoneNumber: string | null;
  products: string[];
  documentExpiryDate: string | null;
}

const orNull = (value: string | undefined | null): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The columns the list searches, filters and sorts on, read from the record. */
export function columnsOf(record: TCustomerRecord): CustomerColumns {
  const basic = record.basicInfo ?? {};
  const identity = record.identityInfo ?? {};
  const contact = record.contactInfo ?? {};
  const fullName = fullNameOf(record);
  // A passport holder's number may only be in identityInfo.passport.
  const number = orNull(identity.number) ?? orNull(identity.passport?.number);
  return {
    fullName,
    fullNameNormalised: normaliseName(fullName),
    firstName: orNull(basic.firstName),
    lastName: orNull(basic.lastName),
    dateOfBirth: orNull(basic.dateOfBirth),
    nationalityId: orNull(basic.nationalityId),
    countryOfResidenceId: orNull(basic.countryOfResidenceId),
    idType: identity.type ?? null,
    idNumber: number,
    idNumberKey: idNumberKey(number),
    email: orNull(contact.email)?.toLowerCase() ?? null,
    phoneNumber: orNull(contact.phoneNumber),
    products: [...new Set(record.accountInfo?.products ?? [])],
    documentExpiryDate: documentExpiry(record),
  };
}

/** The identity document's expiry date (the card's, else the passport's); null for a lifetime document. */
export function documentExpiry(record: TCustomerRecord): string | null {
  const identity = record.identityInfo;
  if (!identity || identity.isLifetimeExpiry) return null;
  const date = identity.expiryDate || identity.passport?.expiryDate || '';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Dotted paths of the fields that differ between two versions of a record, sorted. Arrays are
 * compared whole (a changed product list is one change); a section added or removed lists its fields.
 */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].toSorted();
    return keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  if (isPlainObject(before) && after === undefined) return changedPaths(before, {}, prefix);
  if (before === undefined && isPlainObject(after)) return changedPaths({}, after, prefix);
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix];
}

/** Removes the value at `path`; inside an array the whole array goes (its items are one field). */
function removeAt(target: unknown, path: readonly PropertyKey[]): void {
  const arrayAt = path.findIndex((key) => typeof key === 'number');
  const trimmed = arrayAt === -1 ? path : path.slice(0, arrayAt);
  const [head, ...rest] = trimmed;
  if (head === undefined || !isPlainObject(target)) return;
  if (rest.length === 0) delete target[String(head)];
  else removeAt(target[String(head)], rest);
}

/**
 * A stored record as the API answers it. Records written by older form versions or other tools may
 * hold values today's schema does not (a PEP answer 'no' where a boolean is expected); those values
 * are left out of the answer, never sent as a server error. The stored record is not changed.
 */
export function readableRecord(stored: unknown): TCustomerRecord {
  const value: unknown = isPlainObject(stored) ? structuredClone(stored) : {};
  // Each pass removes every field the schema refuses; a refused section can expose more on the next.
  for (let pass = 0; pass < 10; pass += 1) {
    const parsed = ZCustomerRecord.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      if (issue.path.length === 0) return {};
      removeAt(value, issue.path);
    }
  }
  return {};
}
