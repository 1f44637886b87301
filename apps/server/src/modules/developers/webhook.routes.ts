import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MESSAGES } from '@sanad/contracts/developers';
import { WEBHOOK_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { WebhookService } from './webhook.service';

const CHANGE_MESSAGES = { archived: WEBHOOK_MESSAGES.archived, activated: WEBHOOK_MESSAGES.activated } as const;

export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  route(app, WEBHOOK_ENDPOINTS.list, async (request) => okList(await webhooks.list(requireActor(request), request.query), request.query));
  route(app, WEBHOOK_ENDPOINTS.create, async (request) =>
    ok(await webhooks.create(requireActor(request), request.body, requestMeta(request)), WEBHOOK_MESSAGES.created),
  );
  route(app, WEBHOOK_ENDPOINTS.update, async (request) => {
    const { row, change } = await webhooks.update(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(row, change ? CHANGE_MESSAGES[change] : WEBHOOK_MESSAGES.updated);
  });
  route(app, WEBHOOK_ENDPOINTS.rotateSecret, async (request) =>
    ok(await webhooks.rotateSecret(requireActor(request), request.params.id, requestMeta(request)), WEBHOOK_MESSAGES.secretRotated),
  );
  route(app, WEBHOOK_ENDPOINTS.test, async (request) =>
    ok(await webhooks.sendTest(requireActor(request), request.params.id, requestMeta(request)), WEBHOOK_MESSAGES.testQueued),
  );
  route(app, WEBHOOK_ENDPOINTS.deliveries, async (request) =>
    okList(await webhooks.deliveries(requireActor(request), request.params.id, request.query), request.query),
  );
  route(app, WEBHOOK_ENDPOINTS.resend, async (request) =>
    ok(
      await webhooks.resend(requireActor(request), request.params.id, request.params.deliveryId, requestMeta(request)),
      WEBHOOK_MESSAGES.resendQueued,
    ),
  );
}
