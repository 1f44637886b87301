import { ZActivityDashboard, ZActivityQuery } from './activity';
import { endpoint, fileResponse, requireAny } from './endpoint';
import { successEnvelope } from './http';

const tag = 'activity';

export const ACTIVITY_ENDPOINTS = {
  getDashboard: endpoint({
    method: 'GET',
    path: 'insights/activity-dashboard',
    tag,
    summary: 'Sign-ins and actions per day from the audit trail',
    access: requireAny('view-activity-dashboard'),
    query: ZActivityQuery,
    response: successEnvelope(ZActivityDashboard),
  }),
  exportDashboard: endpoint({
    method: 'GET',
    path: 'insights/activity-dashboard/export',
    tag,
    summary: 'The activity dashboard as CSV',
    access: requireAny('export-activity-dashboard'),
    query: ZActivityQuery,
    response: fileResponse('text/csv'),
  }),
};
