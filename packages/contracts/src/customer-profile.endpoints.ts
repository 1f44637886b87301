import { ZCustomerHit } from './customers';
import { ZGoodGuy, ZGoodGuyParams, ZHitDecisionSave, ZHitDetail, ZHitParams, ZRescreenResult, ZTimelineEvent } from './customer-profile';
import { endpoint, fileResponse, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZListQuery, ZLooseIdParams } from './http';

const tag = 'customer-profile';

/**
 * The customer's detail tabs: name screening (hit review, hit detail, the remembered 'not relevant'
 * decisions, re-screening) and the activity timeline. Every lookup is scoped to the caller's data
 * segments; another segment's customer is answered as not found.
 */
export const CUSTOMER_PROFILE_ENDPOINTS = {
  hitDetail: endpoint({
    method: 'GET',
    path: 'customers/:id/hits/:hitId',
    tag,
    summary: "One screening hit beside the customer, field by field, with the engine's explanation of the score",
    access: requireAny('view-customer-profile'),
    params: ZHitParams,
    response: successEnvelope(ZHitDetail),
  }),
  decideHit: endpoint({
    method: 'PUT',
    path: 'customers/:id/hits/:hitId',
    tag,
    summary:
      "Mark a screening hit relevant or not relevant with a comment; 'not relevant' is remembered so the same listed entity does not raise a hit again for this customer until the list changes it. Re-rates the customer",
    access: requireAny('kyc-status-review'),
    params: ZHitParams,
    body: ZHitDecisionSave,
    response: successEnvelope(ZCustomerHit),
  }),
  goodGuys: endpoint({
    method: 'GET',
    path: 'customers/:id/good-guys',
    tag,
    summary: "The customer's remembered 'not relevant' decisions (the good-guy list)",
    access: requireAny('view-customer-profile'),
    params: ZLooseIdParams,
    response: successEnvelope(ZGoodGuy.array()),
  }),
  withdrawGoodGuy: endpoint({
    method: 'DELETE',
    path: 'customers/:id/good-guys/:goodGuyId',
    tag,
    summary: "Withdraw a remembered 'not relevant' decision: the hit is open for review again. Re-rates the customer",
    access: requireAny('kyc-status-review'),
    params: ZGoodGuyParams,
    response: successEnvelope(ZGoodGuy),
  }),
  rescreen: endpoint({
    method: 'POST',
    path: 'customers/:id/rescreen',
    tag,
    summary:
      "Screen the customer again now against the segment's active lists: new hits are stored, hits nobody decided are replaced, remembered 'not relevant' decisions are honoured, and the customer is re-rated",
    access: requireAny('kyc-status-review'),
    params: ZLooseIdParams,
    response: successEnvelope(ZRescreenResult),
  }),
  timeline: endpoint({
    method: 'GET',
    path: 'customers/:id/activity-timeline',
    tag,
    summary: 'Every event of the customer from the audit trail, newest first, with what each edit changed',
    access: requireAny('view-customer-profile'),
    params: ZLooseIdParams,
    query: ZListQuery,
    response: listEnvelope(ZTimelineEvent),
  }),
  exportTimeline: endpoint({
    method: 'GET',
    path: 'customers/:id/activity-timeline/export',
    tag,
    summary: 'The activity timeline as CSV (cells that a spreadsheet would run as a formula are neutralised)',
    access: requireAny('export-activity-timeline'),
    params: ZLooseIdParams,
    response: fileResponse('text/csv'),
  }),
};
