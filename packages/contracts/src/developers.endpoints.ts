import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZLooseIdParams } from './http';
import {
  ZApiKeyRotateInput,
  ZApplicationAccessInput,
  ZApplicationAccessIssued,
  ZApplicationAccessListQuery,
  ZApplicationAccessRow,
  ZWebhookDeliveryListQuery,
  ZWebhookDeliveryParams,
  ZWebhookDeliveryRow,
  ZWebhookInput,
  ZWebhookIssued,
  ZWebhookListQuery,
  ZWebhookRow,
} from './developers';

const tag = 'developers';

/** Application access: the entries that hold API keys for the public API. */
export const APPLICATION_ACCESS_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'access-control/api-access',
    tag,
    summary: 'List application access entries of the active data segment (never the keys themselves)',
    access: requireAny('manage-application-access'),
    query: ZApplicationAccessListQuery,
    response: listEnvelope(ZApplicationAccessRow),
  }),
  create: endpoint({
    method: 'POST',
    path: 'access-control/api-access',
    tag,
    summary: 'Create an application access entry and its API key; the key is in this answer only and stored hashed',
    access: requireAny('manage-application-access'),
    body: ZApplicationAccessInput,
    response: successEnvelope(ZApplicationAccessIssued),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'access-control/api-access/:id',
    tag,
    summary: 'Edit, archive or activate an application access entry; archiving refuses its keys at once',
    access: requireAny('manage-application-access'),
    params: ZLooseIdParams,
    body: ZApplicationAccessInput,
    response: successEnvelope(ZApplicationAccessRow),
  }),
  rotate: endpoint({
    method: 'POST',
    path: 'access-control/api-access/:id/rotate',
    tag,
    summary: 'Issue a new API key; the previous one keeps working for the overlap period (hours), then is refused',
    access: requireAny('manage-application-access'),
    params: ZLooseIdParams,
    body: ZApiKeyRotateInput,
    response: successEnvelope(ZApplicationAccessIssued),
  }),
};

/** Webhooks: endpoints that receive signed event deliveries. */
export const WEBHOOK_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'access-control/webhooks',
    tag,
    summary: 'List webhooks of the active data segment',
    access: requireAny('manage-webhooks'),
    query: ZWebhookListQuery,
    response: listEnvelope(ZWebhookRow),
  }),
  create: endpoint({
    method: 'POST',
    path: 'access-control/webhooks',
    tag,
    summary:
      'Create a webhook; its URL must resolve to public addresses only. The signing secret is in this answer only (Standard Webhooks, whsec_…)',
    access: requireAny('manage-webhooks'),
    body: ZWebhookInput,
    response: successEnvelope(ZWebhookIssued),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'access-control/webhooks/:id',
    tag,
    summary: 'Edit, archive or activate a webhook (activating a disabled one starts delivering again)',
    access: requireAny('manage-webhooks'),
    params: ZLooseIdParams,
    body: ZWebhookInput,
    response: successEnvelope(ZWebhookRow),
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: 'access-control/webhooks/:id/rotate-secret',
    tag,
    summary: 'Issue a new signing secret; deliveries are signed with both for 24 hours',
    access: requireAny('manage-webhooks'),
    params: ZLooseIdParams,
    response: successEnvelope(ZWebhookIssued),
  }),
  test: endpoint({
    method: 'POST',
    path: 'access-control/webhooks/:id/test',
    tag,
    summary: 'Queue a webhook.test event to this webhook',
    access: requireAny('manage-webhooks'),
    params: ZLooseIdParams,
    response: successEnvelope(ZWebhookDeliveryRow),
  }),
  deliveries: endpoint({
    method: 'GET',
    path: 'access-control/webhooks/:id/deliveries',
    tag,
    summary: "A webhook's delivery log, newest first: the body sent, the receiver's answer, attempts and times",
    access: requireAny('manage-webhooks'),
    params: ZLooseIdParams,
    query: ZWebhookDeliveryListQuery,
    response: listEnvelope(ZWebhookDeliveryRow),
  }),
  resend: endpoint({
    method: 'POST',
    path: 'access-control/webhooks/:id/deliveries/:deliveryId/resend',
    tag,
    summary: 'Send a delivery again now, with the same webhook-id, with a fresh set of attempts',
    access: requireAny('manage-webhooks'),
    params: ZWebhookDeliveryParams,
    response: successEnvelope(ZWebhookDeliveryRow),
  }),
};
