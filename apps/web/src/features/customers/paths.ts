/** Where the customer screens live. */
export const CUSTOMER_LIST_PATH = '/customer-profiles';

/** One customer's profile: the spec's customer-information detail route under the profiles. */
export function customerProfilePath(id: string): string {
  return `/customer-profiles/customer-information/${encodeURIComponent(id)}`;
}

/** Deep-link onboarding: the staff page that sends a link, and the temp customers it creates. */
export const REGISTER_CUSTOMER_PATH = '/register-customer';
export const TEMP_CUSTOMERS_PATH = '/customer-profiles/temp-customers';

export function tempCustomerPath(id: string): string {
  return `/customer-profiles/temp-customer-information/${encodeURIComponent(id)}`;
}
