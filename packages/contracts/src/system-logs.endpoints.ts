import { z } from 'zod';
import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZMessageEnvelope } from './http';
import {
  ZCancelLogExport,
  ZLogExport,
  ZStartLogExport,
  ZSystemLog,
  ZSystemLogChart,
  ZSystemLogFilters,
  ZSystemLogQuery,
} from './system-logs';

const tag = 'system logs';
const access = requireAny('system-logs');

export const SYSTEM_LOG_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'system-logs',
    tag,
    summary: 'List audit-trail entries with their GDPR fields',
    access,
    query: ZSystemLogQuery,
    response: listEnvelope(ZSystemLog),
  }),
  getChart: endpoint({
    method: 'GET',
    path: 'system-logs/chart',
    tag,
    summary: "'Total actions' per day for the list's filters",
    access,
    query: ZSystemLogFilters,
    response: successEnvelope(ZSystemLogChart),
  }),
  startExport: endpoint({
    method: 'POST',
    path: 'system-logs/export',
    tag,
    summary: 'Start writing the filtered entries as a CSV file (a background job)',
    access,
    body: ZStartLogExport,
    response: successEnvelope(ZLogExport),
  }),
  cancelExport: endpoint({
    method: 'POST',
    path: 'system-logs/cancel-export',
    tag,
    summary: 'Cancel a pending or running export',
    access,
    body: ZCancelLogExport,
    response: ZMessageEnvelope,
  }),
  listExports: endpoint({
    method: 'GET',
    path: 'system-logs/exports',
    tag,
    summary: "The caller's recent exports; completed files download through files/{fileName}",
    access,
    response: successEnvelope(z.array(ZLogExport)),
  }),
};
