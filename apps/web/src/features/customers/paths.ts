/** Where the customer screens live. */
export const CUSTOMER_LIST_PATH = '/customer-profiles';

/** One customer's profile: the spec's customer-information detail route under the profiles. */
export function customerProfilePath(id: string): string {
  return `/customer-profiles/customer-information/${encodeURIComponent(id)}`;
}
