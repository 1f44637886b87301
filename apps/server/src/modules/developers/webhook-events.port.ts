import { randomUUID } from 'node:crypto';
import type { WebhookEventType, WEBHOOK_TEST_EVENT } from '@sanad/contracts/developers';
import type { Queryable } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { insertDeliveries, subscribedWebhookIds } from './webhook.repository';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';

export interface WebhookEvent {
  dataSegmentId: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** What happened, without document numbers, images or secrets: ids, references, levels, counts. */
  data: Record<string, unknown>;
}

/** The body every endpoint receives: the Standard Webhooks payload shape. */
export function webhookPayload(event: WebhookEvent, at: Date): string {
  return JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });
}

/** The webhook-id of a new message: unique per event, the same for every endpoint and attempt. */
export function newMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

/**
 * Writes the deliveries of events to every active endpoint of their segment that takes them, in
 * the caller's transaction: the deliveries exist exactly when the change that caused them commits
 * (an outbox), so a crash can neither lose an event nor send one for a change that rolled back.
 * Returns the delivery ids.
 */
export async function emitWebhookEvent(
  tx: Queryable,
  events: WebhookEvent | readonly WebhookEvent[],
  at = new Date(),
  /** Only this endpoint, whatever it is subscribed to (the test send). */
  onlyWebhookId?: string,
): Promise<string[]> {
  const ids: string[] = [];
  // One look-up per segment and event type, however many events of that kind (a bulk import's).
  const subscribed = new Map<string, Promise<string[]>>();
  const endpointsOf = (event: WebhookEvent): Promise<string[]> => {
    const key = `${event.dataSegmentId}\n${event.type}`;
    let found = subscribed.get(key);
    if (!found) {
      found = subscribedWebhookIds(tx, event.dataSegmentId, event.type);
      subscribed.set(key, found);
    }
    return found;
  };
  for (const event of [events].flat()) {
    const webhookIds = onlyWebhookId ? [onlyWebhookId] : await endpointsOf(event);
    if (webhookIds.length === 0) continue;
    const messageId = newMessageId();
    const payload = webhookPayload(event, at);
    ids.push(
      ...(await insertDeliveries(
        tx,
        webhookIds.map((webhookId) => ({ webhookId, dataSegmentId: event.dataSegmentId, messageId, eventType: event.type, payload })),
      )),
    );
  }
  return ids;
}

/** How other modules report events: `emit` inside the event's transaction. */
export interface WebhookEventPort {
  emit(tx: Queryable, events: WebhookEvent | readonly WebhookEvent[]): Promise<void>;
}

/**
 * The port handed to other modules: writes the deliveries and asks for a delivery run that commits
 * with them; the minute sweep delivers them should that request be lost.
 */
export function createWebhookEventPort(jobs: JobQueue | null): WebhookEventPort {
  return {
    async emit(tx, events) {
      const ids = await emitWebhookEvent(tx, events);
      if (ids.length > 0) await kickWebhookDelivery(jobs, tx);
    },
  };
}

export async function kickWebhookDelivery(jobs: JobQueue | null, tx?: Queryable): Promise<void> {
  await jobs?.send(WEBHOOK_DELIVERY_JOB, {}, { singletonKey: WEBHOOK_DELIVERY_JOB, ...(tx ? { tx } : {}) });
}

/** What a registration reports: the customer, how it was rated and what screening found. */
export interface RegistrationFacts {
  dataSegmentId: string;
  customerId: string;
  sanadId: string;
  customerType: 'individual' | 'company';
  riskLevel: string;
  hitTypes: readonly string[];
  hits: number;
  alertId: string | null;
}

/**
 * The events of one registration: the customer was created and its onboarding completed; with
 * hits, a screening hit; with an alert, an alert raised. Ids and levels only, no personal data.
 */
export function registrationEvents(facts: RegistrationFacts): WebhookEvent[] {
  const customer = { customerId: facts.customerId, sanadId: facts.sanadId, customerType: facts.customerType };
  const events: WebhookEvent[] = [
    { dataSegmentId: facts.dataSegmentId, type: 'customer.created', data: { ...customer, riskLevel: facts.riskLevel } },
    {
      dataSegmentId: facts.dataSegmentId,
      type: 'onboarding.completed',
      data: { ...customer, riskLevel: facts.riskLevel, hits: facts.hits },
    },
  ];
  if (facts.hits > 0) {
    events.push({
      dataSegmentId: facts.dataSegmentId,
      type: 'screening.hit',
      data: { ...customer, hits: facts.hits, hitTypes: facts.hitTypes },
    });
  }
  if (facts.alertId) {
    events.push({
      dataSegmentId: facts.dataSegmentId,
      type: 'alert.raised',
      data: { ...customer, alertId: facts.alertId, alertType: 'on boarding' },
    });
  }
  return events;
}
