import { ZCustomerExportQuery, ZCustomerStatusInput, XLSX_CONTENT_TYPE } from './customer-exports';
import { ZCustomerListItem } from './customers';
import { endpoint, fileResponse, requireAny } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';

const tag = 'customers';

/**
 * Archive or restore a customer, and export the customer list. Both are scoped to the caller's data
 * segments: another segment's customer is answered as not found and never appears in a file.
 */
export const CUSTOMER_EXPORT_ENDPOINTS = {
  setStatus: endpoint({
    method: 'PUT',
    path: 'customers/:id/status',
    tag,
    summary:
      'Archive a customer (it leaves the default list and ongoing monitoring) or make an archived one active again; one transaction with its audit entry',
    access: requireAny('archive-customer-profile'),
    params: ZLooseIdParams,
    body: ZCustomerStatusInput,
    response: successEnvelope(ZCustomerListItem),
  }),
  exportList: endpoint({
    method: 'GET',
    path: 'customers/export',
    tag,
    summary:
      "The filtered customer list (the list's own filters, search and sort) as a CSV or XLSX file, streamed; cells that a spreadsheet would run as a formula are neutralised",
    access: requireAny('export-customer-profile'),
    query: ZCustomerExportQuery,
    response: fileResponse('text/csv', XLSX_CONTENT_TYPE),
  }),
  complianceFile: endpoint({
    method: 'GET',
    path: 'customers/:id/compliance-file',
    tag,
    summary:
      "One customer's compliance file as a PDF: identity, documents, screening hits with their decisions, the risk and override tables, alerts, and the review and audit history. Needs view-customer-profile as well",
    access: requireAny('export-customer-profile'),
    params: ZLooseIdParams,
    response: fileResponse('application/pdf'),
  }),
};
