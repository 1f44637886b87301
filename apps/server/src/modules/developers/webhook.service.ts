import { createHash, randomUUID } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type TWebhookDeliveryListQuery,
  type TWebhookDeliveryRow,
  type TWebhookInput,
  type TWebhookIssued,
  type TWebhookListQuery,
  type TWebhookRow,
} from '@sanad/contracts/developers';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { seal } from '../../platform/crypto/aead';
import type { Database } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import type { AddressGuard } from './address-guard';
import { secretAad } from './webhook-delivery';
import { emitWebhookEvent, kickWebhookDelivery } from './webhook-events.port';
import { newSigningSecret } from './webhook-signing';
import {
  countWebhooks,
  expireWebhookSecretsAfter,
  getDeliveryRow,
  getWebhookRow,
  insertWebhook,
  insertWebhookSecret,
  isWebhookTitleTaken,
  listDeliveries,
  listWebhooks,
  requeueDelivery,
  updateWebhook,
} from './webhook.repository';

const GUARD_MESSAGES = {
  'invalid-url': WEBHOOK_MESSAGES.invalidUrl,
  credentials: WEBHOOK_MESSAGES.credentialsInUrl,
  'private-address': WEBHOOK_MESSAGES.privateAddress,
  unresolvable: WEBHOOK_MESSAGES.unresolvable,
} as const;

async function withTitleConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationField(error, { webhook_endpoints_title_per_segment: 'title' }))
      throw AppError.conflict('title', WEBHOOK_MESSAGES.titleTaken);
    throw error;
  }
}

/** A fingerprint of a secret, to tell secrets apart without showing any part of one. */
function hintOf(secret: string): string {
  return `whsec_…${createHash('sha256').update(secret).digest('hex').slice(0, 8)}`;
}

/**
 * Webhooks of the segments an actor may see: endpoints checked against the address guard when
 * saved, signing secrets sealed at rest and shown once, a test send and manual resends that go
 * through the same outbox and delivery job as real events.
 */
export function createWebhookService({
  db,
  jobs,
  guard,
  masterKey,
}: {
  db: Database;
  jobs: JobQueue | null;
  guard: AddressGuard;
  masterKey: Buffer;
}) {
  async function checkUrl(url: string): Promise<void> {
    const checked = await guard.check(url);
    if (!checked.ok) throw AppError.field('endpointUrl', GUARD_MESSAGES[checked.reason]);
  }

  function sealedSecret(webhookId: string, secret: string) {
    return { sealed: seal(masterKey, Buffer.from(secret), secretAad(webhookId)), hint: hintOf(secret) };
  }

  async function found(actor: Actor, id: string): Promise<TWebhookRow> {
    const row = await getWebhookRow(db, actor.segments, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    list(actor: Actor, query: TWebhookListQuery): Promise<Page<TWebhookRow>> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId) ?? actor.activeSegmentId;
      return listWebhooks(db, { scope: actor.segments, onlySegment }, query);
    },

    async create(actor: Actor, input: TWebhookInput, meta: RequestMeta): Promise<TWebhookIssued> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      await checkUrl(input.endpointUrl);
      if ((await countWebhooks(db, dataSegmentId)) >= WEBHOOK_LIMITS.perSegment) throw AppError.field('title', WEBHOOK_MESSAGES.tooMany);
      if (await isWebhookTitleTaken(db, dataSegmentId, input.title, null)) throw AppError.conflict('title', WEBHOOK_MESSAGES.titleTaken);
      const id = randomUUID();
      const secret = newSigningSecret();
      await withTitleConflict(() =>
        db.transaction(async (tx) => {
          await insertWebhook(tx, {
            id,
            dataSegmentId,
            createdBy: actor.userId,
            title: input.title,
            endpointUrl: input.endpointUrl,
            triggerPoint: input.triggerPoint,
            description: input.description ?? '',
            status: input.status ?? 'active',
          });
          await insertWebhookSecret(tx, id, sealedSecret(id, secret));
          await appendAudit(tx, {
            dataSegmentId,
            source: auditSource(actor, meta),
            module: 'access_control',
            action: 'created_webhook',
            entityType: 'webhook',
            entityId: id,
            summary: `Created webhook ${input.title} for ${input.triggerPoint}`,
            details: { endpointUrl: input.endpointUrl, triggerPoint: input.triggerPoint },
          });
        }),
      );
      return { ...(await found(actor, id)), signingSecret: secret };
    },

    /** Edits, archives or activates; activating a disabled endpoint clears its failure streak. */
    async update(
      actor: Actor,
      id: string,
      input: TWebhookInput,
      meta: RequestMeta,
    ): Promise<{ row: TWebhookRow; change: 'archived' | 'activated' | null }> {
      const current = await found(actor, id);
      // A disabled endpoint saved without a status stays disabled; only 'active' re-enables it.
      const status = input.status ?? current.status;
      if (input.endpointUrl !== current.endpointUrl || (status === 'active' && current.status !== 'active'))
        await checkUrl(input.endpointUrl);
      if (await isWebhookTitleTaken(db, current.dataSegmentId, input.title, current._id))
        throw AppError.conflict('title', WEBHOOK_MESSAGES.titleTaken);
      const change = status === current.status ? null : status === 'archived' ? 'archived' : status === 'active' ? 'activated' : null;
      if (
        current.status === 'archived' &&
        status !== 'archived' &&
        (await countWebhooks(db, current.dataSegmentId)) >= WEBHOOK_LIMITS.perSegment
      )
        throw AppError.field('status', WEBHOOK_MESSAGES.tooMany);
      await withTitleConflict(() =>
        db.transaction(async (tx) => {
          await updateWebhook(tx, current._id, {
            title: input.title,
            endpointUrl: input.endpointUrl,
            triggerPoint: input.triggerPoint,
            description: input.description ?? '',
            status,
          });
          await appendAudit(tx, {
            dataSegmentId: current.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'access_control',
            action: change === 'archived' ? 'archived_webhook' : change === 'activated' ? 'activated_webhook' : 'updated_webhook',
            entityType: 'webhook',
            entityId: current._id,
            summary: `${change === 'archived' ? 'Archived' : change === 'activated' ? 'Activated' : 'Updated'} webhook ${input.title}`,
            details: {
              endpointUrl: { from: current.endpointUrl, to: input.endpointUrl },
              triggerPoint: { from: current.triggerPoint, to: input.triggerPoint },
              status: { from: current.status, to: status },
            },
          });
        }),
      );
      return { row: await found(actor, current._id), change };
    },

    /** A new secret; the ones before it keep signing for the overlap, so receivers can switch unhurried. */
    async rotateSecret(actor: Actor, id: string, meta: RequestMeta): Promise<TWebhookIssued> {
      const current = await found(actor, id);
      const secret = newSigningSecret();
      await db.transaction(async (tx) => {
        await expireWebhookSecretsAfter(tx, current._id, WEBHOOK_LIMITS.secretOverlapHours);
        await insertWebhookSecret(tx, current._id, sealedSecret(current._id, secret));
        await appendAudit(tx, {
          dataSegmentId: current.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'access_control',
          action: 'rotated_webhook_secret',
          entityType: 'webhook',
          entityId: current._id,
          summary: `Rotated the signing secret of webhook ${current.title}; the previous one signs for ${WEBHOOK_LIMITS.secretOverlapHours} more hours`,
        });
      });
      return { ...(await found(actor, current._id)), signingSecret: secret };
    },

    /** Queues a webhook.test event to this endpoint alone (whatever its trigger point). */
    async sendTest(actor: Actor, id: string, meta: RequestMeta): Promise<TWebhookDeliveryRow> {
      const current = await found(actor, id);
      if (current.status !== 'active') throw AppError.field('status', WEBHOOK_MESSAGES.notActive);
      const deliveryId = await db.transaction(async (tx) => {
        const ids = await emitWebhookEvent(
          tx,
          {
            dataSegmentId: current.dataSegmentId,
            type: WEBHOOK_TEST_EVENT,
            data: { webhookId: current._id, title: current.title, message: 'A test event sent from Sanad Developer Tools' },
          },
          new Date(),
          current._id,
        );
        await appendAudit(tx, {
          dataSegmentId: current.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'access_control',
          action: 'sent_test_webhook',
          entityType: 'webhook',
          entityId: current._id,
          summary: `Sent a test event to webhook ${current.title}`,
        });
        await kickWebhookDelivery(jobs, tx);
        return ids[0] ?? '';
      });
      const row = await getDeliveryRow(db, current._id, deliveryId);
      if (!row) throw AppError.notFound();
      return row;
    },

    deliveries: async (actor: Actor, id: string, query: TWebhookDeliveryListQuery): Promise<Page<TWebhookDeliveryRow>> =>
      listDeliveries(db, (await found(actor, id))._id, query),

    /** Sends a delivery again with a fresh set of attempts and the same webhook-id. */
    async resend(actor: Actor, id: string, deliveryId: string, meta: RequestMeta): Promise<TWebhookDeliveryRow> {
      const current = await found(actor, id);
      if (current.status !== 'active') throw AppError.field('status', WEBHOOK_MESSAGES.notActive);
      const delivery = await getDeliveryRow(db, current._id, deliveryId);
      if (!delivery) throw AppError.notFound();
      await db.transaction(async (tx) => {
        await requeueDelivery(tx, delivery._id);
        await appendAudit(tx, {
          dataSegmentId: current.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'access_control',
          action: 'resent_webhook_delivery',
          entityType: 'webhook',
          entityId: current._id,
          summary: `Resent ${delivery.eventType} (${delivery.messageId}) to webhook ${current.title}`,
          details: { deliveryId: delivery._id, messageId: delivery.messageId },
        });
        await kickWebhookDelivery(jobs, tx);
      });
      const row = await getDeliveryRow(db, current._id, delivery._id);
      if (!row) throw AppError.notFound();
      return row;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
