import { z } from 'zod';
import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZMessageEnvelope } from './http';
import { ZApiLog, ZApiLogExport, ZApiLogQuery, ZCancelApiLogExport, ZStartApiLogExport } from './api-logs';

const tag = 'api logs';
const access = requireAny('manage-api-logs');

/** The API-log module repeats the system-log calls (DV-05): list, export, cancel-export, exports. */
export const API_LOG_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'api-logs',
    tag,
    summary: 'List calls to the public API and webhook delivery attempts, newest first',
    access,
    query: ZApiLogQuery,
    response: listEnvelope(ZApiLog),
  }),
  startExport: endpoint({
    method: 'POST',
    path: 'api-logs/export',
    tag,
    summary: 'Start writing the filtered API-log entries as a CSV file (a background job)',
    access,
    body: ZStartApiLogExport,
    response: successEnvelope(ZApiLogExport),
  }),
  cancelExport: endpoint({
    method: 'POST',
    path: 'api-logs/cancel-export',
    tag,
    summary: 'Cancel a pending or running API-log export',
    access,
    body: ZCancelApiLogExport,
    response: ZMessageEnvelope,
  }),
  listExports: endpoint({
    method: 'GET',
    path: 'api-logs/exports',
    tag,
    summary: "The caller's recent API-log exports; completed files download through files/{fileName}",
    access,
    response: successEnvelope(z.array(ZApiLogExport)),
  }),
};
