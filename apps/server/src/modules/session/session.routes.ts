import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@sanad/contracts/messages';
import { ZLoginRequest, ZProfile, ZSession, ZSessionUpdate } from '@sanad/contracts/session';
import { ZMessageEnvelope, successEnvelope } from '@sanad/contracts/http';
import { ZProviderLogout } from '@sanad/contracts/identity-providers';
import { PUBLIC, SIGNED_IN } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import type { CaptchaService } from '../../platform/auth/captcha';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { SessionService } from './session.service';

const ZLoginBody = ZLoginRequest.and(z.object({ dataSegmentId: z.uuid().optional() }));

export function sessionRoutes(sessions: SessionService, captcha: CaptchaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/login',
      {
        // Tighter than the global limit: this is the endpoint password guessing aims at.
        config: { access: PUBLIC, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['session'],
          summary: 'Sign in with e-mail or username and password',
          body: ZLoginBody,
          response: { 200: successEnvelope(ZSession) },
        },
      },
      async (request) => ok(await sessions.login(request.body, requestMeta(request)), MESSAGES.loggedIn),
    );

    app.post(
      '/users/logout',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['session'],
          summary: "End the session; a session from an identity provider answers the provider's end-session URL",
          response: { 200: z.union([successEnvelope(ZProviderLogout), ZMessageEnvelope]) },
        },
      },
      async (request) => {
        const { logoutUrl } = await sessions.logout(requireActor(request), requestMeta(request));
        return logoutUrl ? ok({ logoutUrl }, MESSAGES.loggedOut) : okMessage(MESSAGES.loggedOut);
      },
    );

    app.get(
      '/users/sessionUpdate',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['session'],
          summary: 'Extend the session; the new token comes back in the authorization header',
          querystring: z.object({ dataSegmentId: z.uuid().optional() }),
          response: { 200: successEnvelope(ZSessionUpdate) },
        },
      },
      async (request, reply) => {
        const { accessToken, expiresIn } = await sessions.extend(requireActor(request), request.query.dataSegmentId);
        void reply.header('authorization', `Bearer ${accessToken}`);
        return ok({ expiresIn }, MESSAGES.sessionExtended);
      },
    );

    app.get(
      '/users/verify-token',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['session'],
          summary: 'Verify the token (signature, algorithm, issuer, audience, expiry, live session) and return the profile',
          response: { 200: successEnvelope(ZProfile) },
        },
      },
      (request) => ok(sessions.currentProfile(requireActor(request))),
    );

    app.get(
      '/captcha/challenge',
      {
        config: { access: PUBLIC, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['session'], summary: 'A proof-of-work challenge for the ALTCHA widget (raw ALTCHA JSON, not enveloped)' },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return captcha.createChallenge();
      },
    );
  };
}
