import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZListQuery, listEnvelope, successEnvelope } from '@sanad/contracts/http';
import { ZOnboardingLink, ZOnboardingLinkRequest } from '@sanad/contracts/idv';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { OnboardingLinkService } from './onboarding-link.service';

export function onboardingLinkRoutes(links: OnboardingLinkService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/customers/onboarding-links',
      {
        config: { access: requireAny('register-customer', 'register-company') },
        schema: {
          tags: ['onboarding'],
          summary: 'Create a public onboarding link (the address is shown once)',
          body: ZOnboardingLinkRequest,
          response: { 200: successEnvelope(ZOnboardingLink) },
        },
      },
      async (request) => ok(await links.create(requireActor(request), request.body, requestMeta(request)), 'Onboarding link created'),
    );
    app.get(
      '/customers/onboarding-links',
      {
        config: { access: requireAny('view-deeplink-sent', 'register-customer') },
        schema: {
          tags: ['onboarding'],
          summary: 'Onboarding links sent from the data segment',
          querystring: ZListQuery,
          response: { 200: listEnvelope(ZOnboardingLink) },
        },
      },
      async (request) => okList(await links.list(requireActor(request), request.query), request.query),
    );
    app.put(
      '/customers/onboarding-links/:id/revoke',
      {
        config: { access: requireAny('register-customer', 'register-company') },
        schema: {
          tags: ['onboarding'],
          summary: 'Revoke a link so it no longer opens',
          params: ZIdParams,
          body: z.object({ dataSegmentId: z.string().max(64).optional() }),
          response: { 200: successEnvelope(ZOnboardingLink) },
        },
      },
      async (request) =>
        ok(
          await links.revoke(requireActor(request), request.params.id, request.body.dataSegmentId, requestMeta(request)),
          'Onboarding link revoked',
        ),
    );
  };
}
