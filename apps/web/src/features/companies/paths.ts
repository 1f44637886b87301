/** Where the company screens live. */
export const COMPANY_LIST_PATH = '/company-profiles';
export const REGISTER_COMPANY_PATH = '/register-company';

/** The company's detail tabs, each at /company-profiles/<tab>/:id. */
export const COMPANY_TABS = [
  { name: 'company-information', label: 'Company Information' },
  { name: 'name-screening', label: 'Name Screening' },
  { name: 'document-verification', label: 'Document Verification' },
  { name: 'kyc-risk-rating', label: 'KYC Risk Rating' },
  { name: 'activity-timeline', label: 'Activity Timeline' },
] as const;
export type TCompanyTab = (typeof COMPANY_TABS)[number]['name'];

export function companyTabPath(tab: TCompanyTab, id: string): string {
  return `/company-profiles/${tab}/${encodeURIComponent(id)}`;
}

export function companyProfilePath(id: string): string {
  return companyTabPath('company-information', id);
}
