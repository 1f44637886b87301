import type { FastifyInstance } from 'fastify';
import { MAILBOX_ENDPOINTS } from '@sanad/contracts/mailbox.endpoints';
import { MAILBOX_MESSAGES } from '@sanad/contracts/mailbox';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { MailboxService } from './mailbox.service';

export function registerMailboxRoutes(app: FastifyInstance, mailbox: MailboxService): void {
  route(app, MAILBOX_ENDPOINTS.status, async () => ok({ enabled: mailbox.isOn }, MAILBOX_MESSAGES.status));

  route(app, MAILBOX_ENDPOINTS.list, async (request) =>
    okList(await mailbox.list(requireActor(request), request.query), request.query, MAILBOX_MESSAGES.listed),
  );

  route(app, MAILBOX_ENDPOINTS.get, async (request) =>
    ok(await mailbox.get(requireActor(request), request.params.id), MAILBOX_MESSAGES.fetched),
  );
}
