import { endpoint, requireApiScope } from './endpoint';
import { listEnvelope, successEnvelope, ZLooseIdParams } from './http';
import { ZCustomerDetail, ZCustomerListItem, ZCustomerListQuery } from './customers';

const tag = 'public-api';

/**
 * The public API, version 1, called with an application access key (Authorization: Bearer
 * snd_…). Each operation names the scope the key must hold and answers with the same schemas as
 * the app; the key's data segment is the only one reachable.
 */
export const PUBLIC_API_ENDPOINTS = {
  listCustomers: endpoint({
    method: 'GET',
    path: 'v1/customers',
    tag,
    summary: "List the customers of the key's data segment, with the same filters and keyword as the customer list",
    access: requireApiScope('customers:read'),
    // dataSegmentId is ignored: the key's own segment is the only one it reaches.
    query: ZCustomerListQuery,
    response: listEnvelope(ZCustomerListItem),
  }),
  getCustomer: endpoint({
    method: 'GET',
    path: 'v1/customers/:id',
    tag,
    summary: "One customer of the key's data segment: the record, its KYC status, risk, screening hits and alerts",
    access: requireApiScope('customers:read'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCustomerDetail),
  }),
};
