import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZListQuery, ZLooseIdParams } from './http';
import {
  ZCustomerCreateInput,
  ZCustomerDetail,
  ZCustomerListItem,
  ZCustomerListQuery,
  ZCustomerUpdateInput,
  ZCustomerVersion,
} from './customers';

const tag = 'customers';

/**
 * The customer record: the staff-assisted self-register (its last step submits the whole record),
 * the customer list, one customer and the kept versions of its record. Every list and lookup is
 * scoped to the caller's data segments; another segment's customer is answered as not found.
 */
export const CUSTOMER_ENDPOINTS = {
  selfRegister: endpoint({
    method: 'POST',
    path: 'customers/self-register',
    tag,
    summary:
      'Register a customer (staff-assisted self-register): stores the record, screens and rates it, and raises an on-boarding alert when review is needed. A retry with the same submissionKey returns the same customer',
    access: requireAny('register-customer'),
    body: ZCustomerCreateInput,
    response: successEnvelope(ZCustomerDetail),
  }),
  list: endpoint({
    method: 'GET',
    path: 'customers/',
    tag,
    summary:
      'List customers of the active data segment, with the KYC filters and a keyword over name, sanadId, ID number, e-mail and phone',
    access: requireAny('view-customer-profile'),
    query: ZCustomerListQuery,
    response: listEnvelope(ZCustomerListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: 'customers/:id',
    tag,
    summary: 'One customer: the record, its screening hits and alerts (edit profile opens the record it edits)',
    access: requireAny('view-customer-profile', 'edit-profile'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCustomerDetail),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'customers/:id',
    tag,
    summary:
      'Edit a customer profile: validated like a registration, kept as a new version (who, when, which fields), re-screened and re-rated, with an alert when review is needed. The body quotes the version it edited; a customer changed since answers 409',
    access: requireAny('edit-profile'),
    params: ZLooseIdParams,
    body: ZCustomerUpdateInput,
    response: successEnvelope(ZCustomerDetail),
  }),
  versions: endpoint({
    method: 'GET',
    path: 'customers/:id/versions',
    tag,
    summary: 'Every kept version of a customer record, newest first: who changed it, when and which fields',
    access: requireAny('view-customer-profile'),
    params: ZLooseIdParams,
    query: ZListQuery,
    response: listEnvelope(ZCustomerVersion),
  }),
};
