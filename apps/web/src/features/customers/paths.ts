/** Where the customer screens live. */
export const CUSTOMER_LIST_PATH = '/customer-profiles';

/** The customer's detail tabs, each at /customer-profiles/<tab>/:id. */
export const CUSTOMER_TABS = [
  { name: 'customer-information', label: 'Customer Information' },
  { name: 'name-screening', label: 'Name Screening' },
  { name: 'document-verification', label: 'Document Verification' },
  { name: 'kyc-risk-rating', label: 'KYC Risk Rating' },
  { name: 'activity-timeline', label: 'Activity Timeline' },
] as const;
export type TCustomerTab = (typeof CUSTOMER_TABS)[number]['name'];

/** One tab of a customer's profile. */
export function customerTabPath(tab: TCustomerTab, id: string): string {
  return `/customer-profiles/${tab}/${encodeURIComponent(id)}`;
}

/** One customer's profile: the spec's customer-information detail route under the profiles. */
export function customerProfilePath(id: string): string {
  return customerTabPath('customer-information', id);
}

/** One screening hit beside the customer; its back link is the name-screening tab. */
export function hitDetailPath(id: string, hitId: string): string {
  return `/customer-profiles/hit-detail/${encodeURIComponent(id)}/${encodeURIComponent(hitId)}`;
}

/** Deep-link onboarding: the staff page that sends a link, and the temp customers it creates. */
export const REGISTER_CUSTOMER_PATH = '/register-customer';
export const TEMP_CUSTOMERS_PATH = '/customer-profiles/temp-customers';

export function tempCustomerPath(id: string): string {
  return `/customer-profiles/temp-customer-information/${encodeURIComponent(id)}`;
}

/** The advanced customer search; its fields and results live in the address, so a search is shared by its link. */
export const ADVANCED_SEARCH_PATH = '/customer-profiles/advance-search';
