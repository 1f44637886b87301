import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@sanad/contracts/messages';
import { IDENTITY_SIGN_IN_PARAMS, type TIdentitySignInError } from '@sanad/contracts/identity-providers';
import { IDENTITY_PROVIDER_ENDPOINTS } from '@sanad/contracts/identity-providers.endpoints';
import { randomToken } from '../../platform/crypto/aead';
import { readCookie, serializeCookie } from '../../platform/http/cookies';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import { IdentitySignInError, type IdentityProviderService } from './identity-provider.service';

/** Binds an attempt to the browser that started it; only its HMAC is stored. */
const BROWSER_COOKIE = 'sanad_oidc';
const COOKIE_PATH = '/api/users/oidc';
const COOKIE_MAX_AGE_SECONDS = 15 * 60;
const BROWSER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Browser navigations and the handoff: a few per sign-in; anything more is a script.
const SIGN_IN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

function browserToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = readCookie(request as FastifyRequest, BROWSER_COOKIE);
  return value && BROWSER_TOKEN.test(value) ? value : null;
}

/** Where the login page is, with one query parameter: the handoff code or the reason a sign-in failed. */
export interface IdentityProviderRouteSettings {
  publicUrl: string;
}

export function registerIdentityProviderRoutes(
  app: FastifyInstance,
  service: IdentityProviderService,
  { publicUrl }: IdentityProviderRouteSettings,
): void {
  const loginPage = (name: string, value: string) => `${publicUrl}/?${new URLSearchParams({ [name]: value })}`;

  function failSignIn(log: FastifyRequest['log'], reply: FastifyReply, error: unknown, providerId: string): FastifyReply {
    let reason: TIdentitySignInError = 'failed';
    if (error instanceof IdentitySignInError) {
      reason = error.reason;
      log.warn({ provider: providerId, reason, detail: error.message }, 'identity provider sign-in refused');
    } else {
      log.error({ err: error, provider: providerId }, 'identity provider sign-in failed');
    }
    return reply.header('cache-control', 'no-store').redirect(loginPage(IDENTITY_SIGN_IN_PARAMS.error, reason), 303);
  }

  route(app, IDENTITY_PROVIDER_ENDPOINTS.list, async () => ok(service.listProviders()));

  route(app, IDENTITY_PROVIDER_ENDPOINTS.jwks, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return service.publicJwks();
  });

  route(
    app,
    IDENTITY_PROVIDER_ENDPOINTS.authorize,
    async (request, reply) => {
      const token = browserToken(request) ?? randomToken(32);
      try {
        const url = await service.beginSignIn(request.params.providerId, { browserToken: token, redirectTo: request.query.redirectTo });
        const cookie = serializeCookie(BROWSER_COOKIE, token, {
          path: COOKIE_PATH,
          maxAgeSeconds: COOKIE_MAX_AGE_SECONDS,
          isSecure: publicUrl.startsWith('https://'),
        });
        return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(url, 303);
      } catch (error) {
        if (!(error instanceof IdentitySignInError)) throw error;
        return failSignIn(request.log, reply, error, request.params.providerId);
      }
    },
    SIGN_IN_RATE_LIMIT,
  );

  route(
    app,
    IDENTITY_PROVIDER_ENDPOINTS.callback,
    async (request, reply) => {
      const { providerId } = request.params;
      try {
        // The client library validates the authorization response as the provider sent it.
        const callbackQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        const handoff = await service.completeSignIn(
          providerId,
          { browserToken: browserToken(request), state: request.query.state, error: request.query.error, callbackQuery },
          requestMeta(request),
        );
        return reply.header('cache-control', 'no-store').redirect(loginPage(IDENTITY_SIGN_IN_PARAMS.handoff, handoff), 303);
      } catch (error) {
        return failSignIn(request.log, reply, error, providerId);
      }
    },
    SIGN_IN_RATE_LIMIT,
  );

  route(
    app,
    IDENTITY_PROVIDER_ENDPOINTS.exchange,
    async (request) => ok(await service.redeemHandoff(request.body.code, browserToken(request), requestMeta(request)), MESSAGES.loggedIn),
    SIGN_IN_RATE_LIMIT,
  );
}
