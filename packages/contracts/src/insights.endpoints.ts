import { XLSX_CONTENT_TYPE } from './customer-exports';
import { endpoint, fileResponse, requireAny } from './endpoint';
import { listEnvelope, successEnvelope } from './http';
import {
  ZCustomerStatistics,
  ZCustomerStatisticsExportQuery,
  ZCustomerStatisticsQuery,
  ZTrackerJourney,
  ZTrackerJourneyQuery,
  ZVerificationTracker,
  ZVerificationTrackerQuery,
} from './insights';

const tag = 'insights';

/**
 * Customer statistics and the verification tracker. Both read the caller's data segment (the one
 * named, else the active one) and change nothing; exporting the statistics is audited.
 */
export const INSIGHT_ENDPOINTS = {
  customerStatistics: endpoint({
    method: 'GET',
    path: 'insights/customer-statistics',
    tag,
    summary:
      'Customers created in a range of days, by KYC status, risk level, hit type, nationality, product and onboarding channel, and per day',
    access: requireAny('view-customer-statistics'),
    query: ZCustomerStatisticsQuery,
    response: successEnvelope(ZCustomerStatistics),
  }),
  exportCustomerStatistics: endpoint({
    method: 'GET',
    path: 'insights/customer-statistics/export',
    tag,
    summary: 'The customer statistics as a CSV or XLSX file (one sheet per breakdown); the export is audited',
    access: requireAny('export-customer-statistics'),
    query: ZCustomerStatisticsExportQuery,
    response: fileResponse('text/csv', XLSX_CONTENT_TYPE),
  }),
  verificationTracker: endpoint({
    method: 'GET',
    path: 'insights/verification-tracker',
    tag,
    summary:
      'Deep-link journeys sent in a range of days: where each stands, how many reached and dropped off at each step, time to complete; and the journeys in flight now',
    access: requireAny('view-customer-tracker'),
    query: ZVerificationTrackerQuery,
    response: successEnvelope(ZVerificationTracker),
  }),
  trackerJourneys: endpoint({
    method: 'GET',
    path: 'insights/verification-tracker/journeys',
    tag,
    summary: 'The deep-link journeys in flight now (link live, registration not complete), soonest to expire first',
    access: requireAny('view-customer-tracker'),
    query: ZTrackerJourneyQuery,
    response: listEnvelope(ZTrackerJourney),
  }),
};
