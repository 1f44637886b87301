/** Where the customer screens live. */
export const CUSTOMER_LIST_PATH = '/customer-profiles';

/** One customer's profile: the spec's customer-information detail route under the profiles. */
export function customerProfilePath(id: string): string {
  return `/customer-profiles/customer-information/${encodeURIComponent(id)}`;
}

/** The advanced customer search; its fields and results live in the address, so a search is shared by its link. */
export const ADVANCED_SEARCH_PATH = '/customer-profiles/advance-search';
