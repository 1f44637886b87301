import { ZAlertCount, ZAlertDetail, ZAlertListItem, ZAlertListQuery, ZKycStatusReviewInput, ZManualAlertInput } from './alerts';
import { ZAlertSettings, ZAlertSettingsQuery, ZAlertSettingsSave } from './alert-settings';
import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZLooseIdParams } from './http';

const tag = 'alerts';

/**
 * Alerts and their maker → checker → approver review. Every list and lookup is scoped to the
 * caller's data segments; another segment's alert is answered as not found. The review calls need
 * a review role (maker, checker or approver), and the server also checks the caller's review level
 * (the first of them in the role) against the alert's stage, its lock and what they did before.
 */
export const ALERT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'alerts/',
    tag,
    summary:
      "List alerts of the active data segment: filters by type, status, indicator, assignee (lock holder) and age, a keyword over the customer's name and Sanad ID, sorting and pages",
    access: requireAny('view-alerts'),
    query: ZAlertListQuery,
    response: listEnvelope(ZAlertListItem),
  }),
  count: endpoint({
    method: 'GET',
    path: 'alerts/count',
    tag,
    summary: "Open alerts of the active data segment, and those waiting for the caller's review level (the header menu's count)",
    access: requireAny('view-alerts'),
    response: successEnvelope(ZAlertCount),
  }),
  get: endpoint({
    method: 'GET',
    path: 'alerts/:id',
    tag,
    summary: "One alert: its customer, why it was raised (hits and risk level), its indicators, each review level's decision and its log",
    access: requireAny('view-alerts'),
    params: ZLooseIdParams,
    response: successEnvelope(ZAlertDetail),
  }),
  create: endpoint({
    method: 'POST',
    path: 'alerts/',
    tag,
    summary: 'Open a manual alert on a customer, with its reason; refused when the customer already has an open alert',
    access: requireAny('open-alerts'),
    body: ZManualAlertInput,
    response: successEnvelope(ZAlertDetail),
  }),
  initiateReview: endpoint({
    method: 'PUT',
    path: 'alerts/initiate-review/:id',
    tag,
    summary:
      "Lock the alert to the caller for a review at the caller's level. Refused when it waits for another level, is locked by someone else, or the caller already acted on it at another level",
    access: requireAny('maker', 'checker', 'approver'),
    params: ZLooseIdParams,
    response: successEnvelope(ZAlertDetail),
  }),
  kycStatusReview: endpoint({
    method: 'PUT',
    path: 'alerts/kyc-status-review/:id',
    tag,
    summary:
      "Submit the lock holder's decision: a maker proposes approved or rejected, a checker confirms or returns, an approver decides approved, rejected or returned. The approver's approved or rejected closes the alert and sets the customer's KYC status. The data is the updated alert",
    access: requireAny('maker', 'checker', 'approver'),
    params: ZLooseIdParams,
    body: ZKycStatusReviewInput,
    response: successEnvelope(ZAlertDetail),
  }),
  cancelReview: endpoint({
    method: 'PUT',
    path: 'alerts/cancel-review/:id',
    tag,
    summary: 'Release the lock the caller holds without a decision. The data is the updated alert',
    access: requireAny('maker', 'checker', 'approver'),
    params: ZLooseIdParams,
    response: successEnvelope(ZAlertDetail),
  }),
  unlock: endpoint({
    method: 'PUT',
    path: 'alerts/unlock/:id',
    tag,
    summary: "Release another reviewer's lock (unlock-alerts). The data is the updated alert",
    access: requireAny('unlock-alerts'),
    params: ZLooseIdParams,
    response: successEnvelope(ZAlertDetail),
  }),
  settings: endpoint({
    method: 'GET',
    path: 'configurations/alerts',
    tag,
    summary: "The active data segment's alert settings: the review SLA of each alert type in hours, and what the document-expiry job does",
    access: requireAny('configurations', 'onboarding-configurations'),
    query: ZAlertSettingsQuery,
    response: successEnvelope(ZAlertSettings),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: 'configurations/alerts',
    tag,
    summary: 'Save the alert settings of the active data segment (audited); an SLA applies to open alerts at once',
    access: requireAny('configurations', 'onboarding-configurations'),
    body: ZAlertSettingsSave,
    response: successEnvelope(ZAlertSettings),
  }),
};
