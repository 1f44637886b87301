import type { FastifyInstance } from 'fastify';
import { ONBOARDING_LINK_MESSAGES } from '@sanad/contracts/onboarding-links';
import { ONBOARDING_LINK_ENDPOINTS } from '@sanad/contracts/onboarding-links.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { OnboardingLinkService } from './onboarding-link.service';

export function registerOnboardingLinkRoutes(app: FastifyInstance, { links }: { links: OnboardingLinkService }): void {
  route(app, ONBOARDING_LINK_ENDPOINTS.create, async (request) =>
    ok(await links.create(requireActor(request), request.body, requestMeta(request)), ONBOARDING_LINK_MESSAGES.created),
  );
  route(app, ONBOARDING_LINK_ENDPOINTS.list, async (request) =>
    okList(await links.list(requireActor(request), request.query), request.query),
  );
  route(app, ONBOARDING_LINK_ENDPOINTS.revoke, async (request) =>
    ok(
      await links.revoke(requireActor(request), request.params.id, request.body.dataSegmentId, requestMeta(request)),
      ONBOARDING_LINK_MESSAGES.revoked,
    ),
  );
}
