/**
 * The UK Companies House "basic company data" file (Free Company Data Product): one CSV row per
 * live company, 55 columns. The header is read by name, not position, so a later edition that adds
 * or moves columns still reads; names are trimmed because the published file has a leading space in
 * some of them (" CompanyNumber", " RegAddress.AddressLine2", " PreviousName_1.CompanyName",
 * " ConfStmtNextDueDate"...), and compared without regard to case. Dates are DD/MM/YYYY.
 */
import type { TRegisterAddress } from '@sanad/contracts/company-registry';

/** One company as read from the file, before it is stored. */
export interface RegisterRow {
  registrationNumber: string;
  legalName: string;
  formerNames: { name: string; changedOn: string | null }[];
  status: string;
  category: string;
  countryOfOrigin: string;
  incorporationDate: string | null;
  dissolutionDate: string | null;
  registeredAddress: TRegisterAddress;
  sicCodes: string[];
  accountsNextDueDate: string | null;
  accountsLastMadeUpDate: string | null;
  accountsCategory: string;
  confirmationStatementNextDueDate: string | null;
  confirmationStatementLastMadeUpDate: string | null;
}

export class RegisterFileError extends Error {
  override name = 'RegisterFileError';
}

/** The columns without which a row means nothing. */
const REQUIRED_COLUMNS = ['CompanyName', 'CompanyNumber'] as const;
/** The file lists up to ten previous names and four SIC codes. */
const PREVIOUS_NAMES = 10;
const SIC_CODES = 4;

/** The header row's column positions, by trimmed lower-cased name. */
export type RegisterHeader = ReadonlyMap<string, number>;

export function readRegisterHeader(fields: readonly string[]): RegisterHeader {
  const header = new Map<string, number>();
  fields.forEach((field, index) => {
    const name = field
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    if (name && !header.has(name)) header.set(name, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !header.has(column.toLowerCase()));
  if (missing.length > 0)
    throw new RegisterFileError(`This is not a Companies House basic company data file: the header has no ${missing.join(' or ')} column`);
  return header;
}

/** DD/MM/YYYY as YYYY-MM-DD; null when empty or not a real date. */
export function registerDate(value: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The company number as the register keys it: trimmed, upper case, no inner spaces (e.g. "SC123456"). */
export function registerNumberKey(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Why a data row is refused (it has no company number or no name); null when it can be stored. */
export function registerRowRefusal(header: RegisterHeader, fields: readonly string[]): string | null {
  const has = (column: string) => {
    const index = header.get(column.toLowerCase());
    return index !== undefined && (fields[index] ?? '').trim() !== '';
  };
  const hasNumber = has('CompanyNumber');
  const hasName = has('CompanyName');
  if (!hasNumber && !hasName) return 'No company number and no company name';
  if (!hasNumber) return 'No company number';
  return hasName ? null : 'No company name';
}

/** One data row; null when it has no company number or name (a trailing or damaged line). */
export function readRegisterRow(header: RegisterHeader, fields: readonly string[]): RegisterRow | null {
  const cell = (column: string): string => {
    const index = header.get(column.toLowerCase());
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const registrationNumber = registerNumberKey(cell('CompanyNumber'));
  const legalName = cell('CompanyName');
  if (!registrationNumber || !legalName) return null;
  const formerNames: RegisterRow['formerNames'] = [];
  for (let n = 1; n <= PREVIOUS_NAMES; n += 1) {
    const name = cell(`PreviousName_${n}.CompanyName`);
    if (name) formerNames.push({ name, changedOn: registerDate(cell(`PreviousName_${n}.CONDATE`)) });
  }
  const sicCodes: string[] = [];
  for (let n = 1; n <= SIC_CODES; n += 1) {
    const sic = cell(`SICCode.SicText_${n}`);
    // "None Supplied" is the file's word for no code.
    if (sic && !/^none supplied$/i.test(sic)) sicCodes.push(sic);
  }
  return {
    registrationNumber,
    legalName,
    formerNames,
    status: cell('CompanyStatus'),
    category: cell('CompanyCategory'),
    countryOfOrigin: cell('CountryOfOrigin'),
    incorporationDate: registerDate(cell('IncorporationDate')),
    dissolutionDate: registerDate(cell('DissolutionDate')),
    registeredAddress: {
      careOf: cell('RegAddress.CareOf'),
      poBox: cell('RegAddress.POBox'),
      line1: cell('RegAddress.AddressLine1'),
      line2: cell('RegAddress.AddressLine2'),
      postTown: cell('RegAddress.PostTown'),
      county: cell('RegAddress.County'),
      country: cell('RegAddress.Country'),
      postCode: cell('RegAddress.PostCode'),
    },
    sicCodes,
    accountsNextDueDate: registerDate(cell('Accounts.NextDueDate')),
    accountsLastMadeUpDate: registerDate(cell('Accounts.LastMadeUpDate')),
    accountsCategory: cell('Accounts.AccountCategory'),
    confirmationStatementNextDueDate: registerDate(cell('ConfStmtNextDueDate')),
    confirmationStatementLastMadeUpDate: registerDate(cell('ConfStmtLastMadeUpDate')),
  };
}
