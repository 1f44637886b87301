/**
 * A company's register entry set against what it declares: what the entry fills in the
 * registration form, the registry flags the entry supports, and where the declaration differs.
 * Pure functions: the entry and the declaration in, the answer out.
 */
import type { TCompanyInfo } from '@sanad/contracts/company-record';
import {
  COMPANY_REGISTER_LABELS,
  type TRegisterDifference,
  type TRegisterEntry,
  type TRegisterFlags,
} from '@sanad/contracts/company-registry';

type CompanyStatus = NonNullable<TCompanyInfo['status']>;

/**
 * The register's status in the form's words. Companies House says "Active", "Active - Proposal to
 * Strike off", "Liquidation", "In Administration", "Dissolved", "Voluntary Arrangement"...; a status
 * with no match in the form (administration, a voluntary arrangement, a receiver) is left for staff
 * and shown as the register words it.
 */
export function statusOf(registerStatus: string): CompanyStatus | null {
  const status = registerStatus.trim().toLowerCase();
  if (status.startsWith('active')) return 'active';
  if (status.includes('liquidation')) return 'in-liquidation';
  if (status.includes('struck off')) return 'struck-off';
  if (status.includes('dissolved')) return 'dissolved';
  if (status.includes('dormant')) return 'dormant';
  return null;
}

const UK = /^(united kingdom|uk|great britain|england|wales|scotland|northern ireland|england\s*(and|&)\s*wales)$/i;

/** The entry's address in the form's shape (c/o and PO box lead the first line; the county joins the second). */
function addressOf(entry: TRegisterEntry): NonNullable<TCompanyInfo['registeredAddress']> | null {
  const address = entry.registeredAddress;
  const line1 = [address.careOf ? `c/o ${address.careOf}` : '', address.poBox ? `PO Box ${address.poBox}` : '', address.line1]
    .filter(Boolean)
    .join(', ');
  if (!line1) return null;
  const line2 = [address.line2, address.county].filter(Boolean).join(', ');
  return {
    line1,
    ...(line2 ? { line2 } : {}),
    ...(address.postTown ? { city: address.postTown } : {}),
    ...(address.postCode ? { postalCode: address.postCode } : {}),
    ...(entry.register === 'GB-COH' && (UK.test(address.country) || address.country === '') ? { countryId: 'GB' } : {}),
  };
}

/**
 * What the entry fills in: legal and former names, number, register, status, incorporation date and
 * country, registered address. The industry is a code of the risk tables, which the SIC text does
 * not map to, so staff choose it; the SIC text is shown beside the form.
 */
export function prefillOf(entry: TRegisterEntry): Partial<TCompanyInfo> {
  const status = statusOf(entry.status);
  const address = addressOf(entry);
  return {
    legalName: entry.legalName,
    ...(entry.formerNames.length > 0 ? { formerNames: entry.formerNames.map((former) => former.name) } : {}),
    registrationNumber: entry.registrationNumber,
    register: COMPANY_REGISTER_LABELS[entry.register],
    ...(status ? { status } : {}),
    ...(entry.incorporationDate ? { incorporationDate: entry.incorporationDate } : {}),
    ...(entry.register === 'GB-COH' && UK.test(entry.countryOfOrigin) ? { incorporationCountryId: 'GB' } : {}),
    ...(address ? { registeredAddress: address } : {}),
  };
}

/** The flags the file supports: a next due date already passed (before today, YYYY-MM-DD) is overdue. */
export function flagsOf(entry: TRegisterEntry, today: string): TRegisterFlags {
  return {
    accountsOverdue: entry.accountsNextDueDate !== null && entry.accountsNextDueDate < today,
    confirmationStatementOverdue: entry.confirmationStatementNextDueDate !== null && entry.confirmationStatementNextDueDate < today,
  };
}

/** Names compared as a person reads them: case, punctuation and spacing aside, "limited" = "ltd". */
export function nameKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\blimited\b/g, 'ltd')
    .replace(/\bpublic ltd company\b/g, 'plc')
    .trim()
    .replace(/\s+/g, ' ');
}
const postcodeKey = (value: string) => value.replace(/\s+/g, '').toUpperCase();
const textKey = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Where the declaration and the register disagree. Only what both say is compared: a field the
 * company left empty is not a difference (the prefill or staff fill it), except the register's
 * former names, which the declaration should list.
 */
export function compareWithRegister(info: TCompanyInfo, entry: TRegisterEntry): TRegisterDifference[] {
  const differences: TRegisterDifference[] = [];
  const expected = prefillOf(entry);
  if (nameKey(info.legalName) !== nameKey(entry.legalName))
    differences.push({ field: 'legalName', declared: info.legalName, register: entry.legalName });
  const declaredFormer = new Set((info.formerNames ?? []).map(nameKey));
  const missing = entry.formerNames.filter((former) => !declaredFormer.has(nameKey(former.name)));
  if (missing.length > 0)
    differences.push({
      field: 'formerNames',
      declared: (info.formerNames ?? []).join('; '),
      register: entry.formerNames.map((former) => former.name).join('; '),
    });
  if (info.incorporationDate && entry.incorporationDate && info.incorporationDate !== entry.incorporationDate)
    differences.push({ field: 'incorporationDate', declared: info.incorporationDate, register: entry.incorporationDate });
  if (info.status && entry.status && info.status !== expected.status)
    differences.push({ field: 'status', declared: info.status, register: entry.status });
  const declared = info.registeredAddress;
  const register = expected.registeredAddress;
  if (declared && register) {
    // The register's first line may carry a c/o or PO box before the street: the street is compared.
    if (declared.line1 && entry.registeredAddress.line1 && !textKey(declared.line1).includes(textKey(entry.registeredAddress.line1)))
      differences.push({ field: 'registeredAddress.line1', declared: declared.line1, register: register.line1 });
    if (declared.city && register.city && textKey(declared.city) !== textKey(register.city))
      differences.push({ field: 'registeredAddress.city', declared: declared.city, register: register.city });
    if (declared.postalCode && register.postalCode && postcodeKey(declared.postalCode) !== postcodeKey(register.postalCode))
      differences.push({ field: 'registeredAddress.postalCode', declared: declared.postalCode, register: register.postalCode });
  }
  return differences;
}
