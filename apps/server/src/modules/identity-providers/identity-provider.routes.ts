import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@sanad/contracts/messages';
import { successEnvelope } from '@sanad/contracts/http';
import { ZIdentityAuthorizeQuery, ZIdentityHandoffRequest, ZIdentityProvider, ZIdentitySession } from '@sanad/contracts/identity-providers';
import { IDENTITY_SIGN_IN_PARAMS, type TIdentitySignInError } from '@sanad/contracts/identity-sign-in';
import type { Config } from '../../config';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { readCookie, serializeCookie } from '../../platform/http/cookies';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { randomToken } from '../../platform/crypto/aead';
import { IdentitySignInError, type IdentityProviderService } from './identity-provider.service';

/** Binds an attempt to the browser that started it; only its HMAC is stored. */
const BROWSER_COOKIE = 'sanad_oidc';
const COOKIE_PATH = '/api/users/oidc';
const COOKIE_MAX_AGE_SECONDS = 15 * 60;
const BROWSER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Browser navigations and the handoff: a few per sign-in; anything more is a script.
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

const ZProviderParams = z.object({ providerId: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/) });
const ZCallbackQuery = z.object({ state: z.string().max(512).optional(), error: z.string().max(256).optional() }).loose();

function browserToken(request: FastifyRequest): string | null {
  const value = readCookie(request, BROWSER_COOKIE);
  return value && BROWSER_TOKEN.test(value) ? value : null;
}

export function identityProviderRoutes(service: IdentityProviderService, config: Config): FastifyPluginAsyncZod {
  const loginPage = (name: string, value: string) => `${config.publicUrl}/?${new URLSearchParams({ [name]: value })}`;

  function failSignIn(request: FastifyRequest, reply: FastifyReply, error: unknown, providerId: string): FastifyReply {
    let reason: TIdentitySignInError = 'failed';
    if (error instanceof IdentitySignInError) {
      reason = error.reason;
      request.log.warn({ provider: providerId, reason, detail: error.message }, 'identity provider sign-in refused');
    } else {
      request.log.error({ err: error, provider: providerId }, 'identity provider sign-in failed');
    }
    return reply.header('cache-control', 'no-store').redirect(loginPage(IDENTITY_SIGN_IN_PARAMS.error, reason), 303);
  }

  return async (app) => {
    app.get(
      '/users/oidc/providers',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['session'],
          summary: 'The national digital identity providers the login page offers',
          response: { 200: successEnvelope(z.array(ZIdentityProvider)) },
        },
      },
      async () => ok(service.listProviders()),
    );

    app.get(
      '/users/oidc/jwks',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['session'],
          summary: "Sanad's public keys for private_key_jwt, for a provider's registration (raw JWK Set, not enveloped)",
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=300');
        return service.publicJwks();
      },
    );

    app.get(
      '/users/oidc/:providerId/authorize',
      {
        config: { access: PUBLIC, rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags: ['session'],
          summary: "Start signing in with a provider: redirects the browser to the provider's authorization endpoint",
          params: ZProviderParams,
          querystring: ZIdentityAuthorizeQuery,
        },
      },
      async (request, reply) => {
        const token = browserToken(request) ?? randomToken(32);
        try {
          const url = await service.beginSignIn(request.params.providerId, { browserToken: token, redirectTo: request.query.redirectTo });
          const cookie = serializeCookie(BROWSER_COOKIE, token, {
            path: COOKIE_PATH,
            maxAgeSeconds: COOKIE_MAX_AGE_SECONDS,
            isSecure: config.publicUrl.startsWith('https://'),
          });
          return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(url, 303);
        } catch (error) {
          if (!(error instanceof IdentitySignInError)) throw error;
          return failSignIn(request, reply, error, request.params.providerId);
        }
      },
    );

    app.get(
      '/users/oidc/:providerId/callback',
      {
        config: { access: PUBLIC, rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags: ['session'],
          summary:
            "The provider's redirect back (the redirect URI to register); redirects to the login page with a one-time handoff code or a reason",
          params: ZProviderParams,
          querystring: ZCallbackQuery,
        },
      },
      async (request, reply) => {
        const { providerId } = request.params;
        try {
          const callbackQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
          const handoff = await service.completeSignIn(
            providerId,
            { browserToken: browserToken(request), state: request.query.state, error: request.query.error, callbackQuery },
            requestMeta(request),
          );
          return reply.header('cache-control', 'no-store').redirect(loginPage(IDENTITY_SIGN_IN_PARAMS.handoff, handoff), 303);
        } catch (error) {
          return failSignIn(request, reply, error, providerId);
        }
      },
    );

    app.post(
      '/users/oidc/exchange',
      {
        config: { access: PUBLIC, rateLimit: SIGN_IN_RATE_LIMIT },
        schema: {
          tags: ['session'],
          summary: 'Trade the one-time handoff code for the session (same browser, once, within 60 seconds)',
          body: ZIdentityHandoffRequest,
          response: { 200: successEnvelope(ZIdentitySession) },
        },
      },
      async (request) => ok(await service.redeemHandoff(request.body.code, browserToken(request), requestMeta(request)), MESSAGES.loggedIn),
    );
  };
}
