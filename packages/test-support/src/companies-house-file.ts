/**
 * The UK Companies House basic company data file, generated for a test (never a committed sample):
 * its published header of 55 columns, several with a leading space (" CompanyNumber",
 * " RegAddress.AddressLine2", " PreviousName_n.CompanyName", " ConfStmtLastMadeUpDate").
 */
export const COMPANIES_HOUSE_HEADER: readonly string[] = [
  'CompanyName',
  ' CompanyNumber',
  'RegAddress.CareOf',
  'RegAddress.POBox',
  'RegAddress.AddressLine1',
  ' RegAddress.AddressLine2',
  'RegAddress.PostTown',
  'RegAddress.County',
  'RegAddress.Country',
  'RegAddress.PostCode',
  'CompanyCategory',
  'CompanyStatus',
  'CountryOfOrigin',
  'DissolutionDate',
  'IncorporationDate',
  'Accounts.AccountRefDay',
  'Accounts.AccountRefMonth',
  'Accounts.NextDueDate',
  'Accounts.LastMadeUpDate',
  'Accounts.AccountCategory',
  'Returns.NextDueDate',
  'Returns.LastMadeUpDate',
  'Mortgages.NumMortCharges',
  'Mortgages.NumMortOutstanding',
  'Mortgages.NumMortPartSatisfied',
  'Mortgages.NumMortSatisfied',
  'SICCode.SicText_1',
  'SICCode.SicText_2',
  'SICCode.SicText_3',
  'SICCode.SicText_4',
  'LimitedPartnerships.NumGenPartners',
  'LimitedPartnerships.NumLimPartners',
  'URI',
  ...Array.from({ length: 10 }, (_, index) => [`PreviousName_${index + 1}.CONDATE`, ` PreviousName_${index + 1}.CompanyName`]).flat(),
  'ConfStmtNextDueDate',
  ' ConfStmtLastMadeUpDate',
];

/** A row by column name without its leading space ("CompanyNumber"); absent columns are empty. */
export type CompaniesHouseRow = Partial<Record<string, string>>;

const quote = (value: string) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value);

/** The file's text: the header and one line per row, CRLF-ended as published. */
export function companiesHouseCsv(rows: readonly CompaniesHouseRow[], header: readonly string[] = COMPANIES_HOUSE_HEADER): string {
  const lines = [header, ...rows.map((row) => header.map((column) => row[column.trim()] ?? ''))].map((fields) =>
    fields.map(quote).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
