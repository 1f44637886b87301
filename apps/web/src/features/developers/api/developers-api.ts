import type { TApplicationAccessInput, TWebhookInput } from '@sanad/contracts/developers';
import { APPLICATION_ACCESS_ENDPOINTS, WEBHOOK_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** PUT access-control/api-access/{id} for an existing entry; POST access-control/api-access in the active segment for a new one. */
export function saveApplicationAccess({ _id: id, ...entry }: TApplicationAccessInput & { _id?: string | null }) {
  if (id) return api(APPLICATION_ACCESS_ENDPOINTS.update, { params: { id }, body: entry });
  return api(APPLICATION_ACCESS_ENDPOINTS.create, {
    body: { ...entry, dataSegmentId: entry.dataSegmentId ?? getActiveDataSegmentId() ?? undefined },
  });
}

export function rotateApiKey(id: string, overlapHours: number) {
  return api(APPLICATION_ACCESS_ENDPOINTS.rotate, { params: { id }, body: { overlapHours } });
}

/** PUT access-control/webhooks/{id} for an existing webhook; POST access-control/webhooks in the active segment for a new one. */
export function saveWebhook({ _id: id, ...webhook }: TWebhookInput & { _id?: string | null }) {
  if (id) return api(WEBHOOK_ENDPOINTS.update, { params: { id }, body: webhook });
  return api(WEBHOOK_ENDPOINTS.create, {
    body: { ...webhook, dataSegmentId: webhook.dataSegmentId ?? getActiveDataSegmentId() ?? undefined },
  });
}

export const rotateWebhookSecret = (id: string) => api(WEBHOOK_ENDPOINTS.rotateSecret, { params: { id } });
export const sendTestEvent = (id: string) => api(WEBHOOK_ENDPOINTS.test, { params: { id } });
export const resendDelivery = (id: string, deliveryId: string) => api(WEBHOOK_ENDPOINTS.resend, { params: { id, deliveryId } });
