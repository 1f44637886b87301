import { performance } from 'node:perf_hooks';
import { WEBHOOK_LIMITS } from '@sanad/contracts/developers';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import { open } from '../../platform/crypto/aead';
import type { Database } from '../../platform/db/database';
import type { OutboundFetch } from '../../platform/http/outbound-fetch';
import { recordWebhookAttempt } from '../api-logs/api-log.port';
import { notifyUsers } from '../notifications/notification.events';
import type { AddressGuard } from './address-guard';
import { signedHeaders } from './webhook-signing';
import {
  deleteOldDeliveries,
  disableWebhook,
  failDelivery,
  leaseDueDeliveries,
  liveWebhookSecrets,
  recordFailure,
  recordSuccess,
  type AttemptOutcome,
  type LeasedDelivery,
} from './webhook.repository';

export interface WebhookDeliveryDeps {
  db: Database;
  fetch: OutboundFetch;
  guard: AddressGuard;
  masterKey: Buffer;
  /** Seconds to wait after failed attempt n before attempt n + 1; the documented schedule unless a test shortens it. */
  retryDelaysSeconds?: readonly number[];
}

export interface WebhookDeliveryReport {
  succeeded: number;
  retrying: number;
  failed: number;
  disabled: number;
}

/** Secrets are sealed with the master key, bound to their webhook. */
export function secretAad(webhookId: string): string {
  return `webhook-secret:${webhookId}`;
}

const GUARD_ERRORS = {
  'invalid-url': 'The endpoint URL is not a valid https URL',
  credentials: 'The endpoint URL holds credentials',
  'private-address': 'The endpoint resolves to a private, loopback or link-local address; not sent',
  unresolvable: 'The endpoint host could not be resolved',
} as const;

function truncate(text: string, bytes: number): string {
  const buffer = Buffer.from(text);
  return buffer.length <= bytes ? text : `${buffer.subarray(0, bytes).toString('utf8')}…`;
}

/** One attempt: the guard, then a signed POST with a time-out; redirects count as failures. */
async function attempt(deps: WebhookDeliveryDeps, delivery: LeasedDelivery): Promise<AttemptOutcome & { ok: boolean }> {
  const checked = await deps.guard.check(delivery.endpointUrl);
  if (!checked.ok) return { ok: false, responseStatus: null, responseBody: null, error: GUARD_ERRORS[checked.reason], durationMs: null };
  const secrets = (await liveWebhookSecrets(deps.db, delivery.webhookId)).map((sealed) =>
    open(deps.masterKey, sealed, secretAad(delivery.webhookId)).toString('utf8'),
  );
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  try {
    const response = await deps.fetch(checked.url.toString(), {
      method: 'POST',
      headers: { ...signedHeaders(secrets, delivery.messageId, timestamp, delivery.payload) },
      body: delivery.payload,
      signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutSeconds * 1000),
    });
    const durationMs = Math.round(performance.now() - started);
    const text = truncate(await response.text(), WEBHOOK_LIMITS.responseBodyKeptBytes);
    const ok = response.status >= 200 && response.status < 300;
    const redirected = response.status >= 300 && response.status < 400;
    return {
      ok,
      responseStatus: response.status,
      responseBody: text,
      error: ok
        ? null
        : redirected
          ? 'The endpoint answered with a redirect, which is not followed'
          : `The endpoint answered ${response.status}`,
      durationMs,
    };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const message = error instanceof Error ? error.message : String(error);
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || /timed out/.test(message));
    return {
      ok: false,
      responseStatus: null,
      responseBody: null,
      error: timedOut ? `No answer within ${WEBHOOK_LIMITS.timeoutSeconds} seconds` : truncate(message, 500),
      durationMs,
    };
  }
}

/** Disables an endpoint that kept failing, tells the segment's webhook managers, and audits it: one transaction. */
async function disableForFailure(db: Database, delivery: LeasedDelivery): Promise<boolean> {
  const reason = `Disabled after every delivery attempt failed for ${WEBHOOK_LIMITS.disableAfterHours} hours`;
  return db.transaction(async (tx) => {
    const disabled = await disableWebhook(tx, delivery.webhookId, reason);
    if (!disabled) return false;
    await appendAudit(tx, {
      dataSegmentId: disabled.dataSegmentId,
      source: SYSTEM_SOURCE,
      module: 'access_control',
      action: 'disabled_webhook',
      entityType: 'webhook',
      entityId: delivery.webhookId,
      summary: `Disabled webhook ${disabled.title}: ${reason}`,
      details: { lastMessageId: delivery.messageId },
    });
    await notifyUsers(tx, {
      dataSegmentId: disabled.dataSegmentId,
      permission: 'manage-webhooks',
      title: 'Webhook disabled',
      description: `The webhook "${disabled.title}" was disabled because every delivery failed for ${WEBHOOK_LIMITS.disableAfterHours} hours. Fix the endpoint, then activate it in Developer Tools → Webhooks.`,
      icon: 'alert',
    });
    return true;
  });
}

/**
 * Delivers every due delivery, batch by batch, until none is due. At least once: a crash between
 * sending and recording sends that one attempt again, under the same webhook-id.
 */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps, batchSize = 10): Promise<WebhookDeliveryReport> {
  const delays = deps.retryDelaysSeconds ?? WEBHOOK_LIMITS.retryDelaysSeconds;
  const report: WebhookDeliveryReport = { succeeded: 0, retrying: 0, failed: 0, disabled: 0 };
  // The lease outlasts one attempt (time-out plus the DNS check) by a wide margin.
  const leaseSeconds = WEBHOOK_LIMITS.timeoutSeconds * 6;
  for (;;) {
    const leased = await leaseDueDeliveries(deps.db, batchSize, leaseSeconds);
    if (leased.length === 0) return report;
    await Promise.all(
      leased.map(async (delivery) => {
        if (delivery.webhookStatus !== 'active') {
          await failDelivery(deps.db, delivery.id, `Not sent: the webhook is ${delivery.webhookStatus}`);
          report.failed += 1;
          return;
        }
        const outcome = await attempt(deps, delivery);
        const { ok, ...recorded } = outcome;
        // Logged before the outcome is recorded: a crash in between repeats the attempt, never loses its entry.
        await recordWebhookAttempt(deps.db, {
          dataSegmentId: delivery.dataSegmentId,
          webhookId: delivery.webhookId,
          webhookTitle: delivery.webhookTitle,
          endpointUrl: delivery.endpointUrl,
          messageId: delivery.messageId,
          responseStatus: recorded.responseStatus,
          responseBody: recorded.responseBody,
          error: recorded.error,
          durationMs: recorded.durationMs,
        });
        if (ok) {
          await recordSuccess(deps.db, delivery, recorded);
          report.succeeded += 1;
          return;
        }
        const retryIn = delivery.attempts < WEBHOOK_LIMITS.attempts ? (delays[delivery.attempts - 1] ?? delays.at(-1) ?? 60) : null;
        const { shouldDisable } = await recordFailure(deps.db, delivery, recorded, retryIn, WEBHOOK_LIMITS.disableAfterHours);
        if (retryIn === null) report.failed += 1;
        else report.retrying += 1;
        if (shouldDisable && (await disableForFailure(deps.db, delivery))) report.disabled += 1;
      }),
    );
  }
}

export function pruneWebhookDeliveries(db: Database): Promise<number> {
  return deleteOldDeliveries(db, WEBHOOK_LIMITS.retentionDays);
}
