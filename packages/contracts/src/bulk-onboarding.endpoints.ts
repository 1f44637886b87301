import { endpoint, fileResponse, requireAny } from './endpoint';
import { successEnvelope } from './http';
import {
  ZBulkErrorParams,
  ZBulkProgress,
  ZBulkProgressQuery,
  ZBulkTemplateQuery,
  ZBulkUpload,
  ZEtlTransformRequest,
} from './bulk-onboarding';

const tag = 'bulk-onboarding';

/**
 * Bulk onboarding (bulk-upload): the template, the import of an uploaded file (POST files/upload
 * first), its progress and the file of refused rows. Everything is scoped to the caller's segments.
 */
export const BULK_ONBOARDING_ENDPOINTS = {
  template: endpoint({
    method: 'GET',
    path: 'customers/bulk-template',
    tag,
    summary: 'The bulk onboarding template (CSV or XLSX): one column per customer field, with an example row',
    access: requireAny('bulk-upload'),
    query: ZBulkTemplateQuery,
    response: fileResponse('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
  etlTransform: endpoint({
    method: 'POST',
    path: 'customers/etl-transform',
    tag,
    summary:
      "Import an uploaded customers file as a job: answers the queued upload at once. One upload per data segment at a time ('Bulk Upload is already in process', 409)",
    access: requireAny('bulk-upload'),
    body: ZEtlTransformRequest,
    response: successEnvelope(ZBulkUpload),
  }),
  progress: endpoint({
    method: 'GET',
    path: 'users/bulkUploadProgress',
    tag,
    summary:
      'Progress of the segment’s bulk upload: percentage, status (false when there is nothing to follow), data.errorFileName and data.createdAt. onLoad=true reports only a running upload',
    access: requireAny('bulk-upload'),
    query: ZBulkProgressQuery,
    response: ZBulkProgress,
  }),
  errorFile: endpoint({
    method: 'GET',
    path: 'files/bulk-error/:errorFileName',
    tag,
    summary: 'The refused rows of a bulk upload as CSV: every column of the row and its reason',
    access: requireAny('bulk-upload'),
    params: ZBulkErrorParams,
    response: fileResponse('text/csv'),
  }),
};
