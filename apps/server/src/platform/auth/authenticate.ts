import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDefinition } from '@sanad/contracts/endpoint';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Database } from '../db/database';
import { AppError } from '../http/app-error';
import type { Access, Actor, ApiClient } from './access';
import { createActorCache, type ActorCache } from './actor-cache';
import { API_KEY_MESSAGES } from '@sanad/contracts/developers';
import { takeApiRate } from '../http/api-rate-limit';
import { authenticateApiKey } from './api-keys';
import { LINK_TOKEN_HEADER, resolveOnboardingLink } from './onboarding-links';
import { loadActor } from './session-store';
import type { TokenService } from './tokens';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The contract the route was registered from (platform/http/route.ts). */
  endpoint: EndpointDefinition | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with the access it declared; the access test walks it. */
    routeCatalog: readonly RouteAccess[];
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The caller behind the request's bearer token: a token verified and a session read within the last
 * moments (actor-cache.ts) is answered from memory, anything else is verified and read again.
 */
export async function resolveActor(db: Database, tokens: TokenService, cache: ActorCache, request: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const now = Date.now();
  return (
    cache.get(token, now) ??
    cache.load(token, now, async () => {
      const verified = await tokens.verify(token);
      if (!verified) return null;
      const found = await loadActor(db, verified.claims.sid, new Date(now));
      // A token only speaks for the user it was issued to, even if a session id were guessed.
      if (!found || found.actor.userId !== verified.claims.sub) return null;
      return { actor: found.actor, until: Math.min(found.liveUntil, verified.expiresAt) };
    })
  );
}

/**
 * Enforces each route's declared access: no valid session → 401,
 * a session without any of the listed permissions → 403. Routes without a declaration do not
 * exist under /api (checked when routes are registered).
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Database,
  tokens: TokenService,
  hmacKey: Buffer,
  options: { apiRateLimitPerMinute: number },
): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('link', null);
  app.decorateRequest('apiClient', null);
  app.decorateRequest('apiCaller', null);
  const catalog: RouteAccess[] = [];
  app.decorate('routeCatalog', catalog);
  const cache = createActorCache();
  let stopFollowing: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopFollowing = await cache.follow(db);
  });
  app.addHook('onClose', async () => {
    await stopFollowing?.();
  });

  // Added to each route rather than globally, after the rate limiter's own route hook, so that a
  // flood of unauthenticated requests is limited before any token is checked. onRequest runs before
  // the body is read, so an anonymous caller cannot make the server parse a large body either.
  const enforce = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const access: Access | undefined = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    if (access.kind === 'api-key') {
      // The public API takes application access keys only, never a staff session.
      const key = bearerToken(request);
      const result = key ? await authenticateApiKey(db, hmacKey, key, request.ip) : null;
      if (!result || 'refused' in result) {
        request.apiCaller = result?.caller ?? null;
        throw AppError.unauthorized(API_KEY_MESSAGES.invalid);
      }
      request.apiCaller = result.client;
      // Every authenticated call counts against its application's limit, a refused scope too.
      await takeApiRate(db, result.client.applicationAccessId, options.apiRateLimitPerMinute, reply);
      if (!result.client.scopes.has(access.scope)) throw AppError.forbidden(API_KEY_MESSAGES.missingScope(access.scope));
      request.apiClient = result.client;
      return;
    }
    if (access.kind === 'permission-or-link' && !bearerToken(request)) {
      const token = request.headers[LINK_TOKEN_HEADER];
      const link = typeof token === 'string' ? await resolveOnboardingLink(db, hmacKey, token, access.purposes) : null;
      if (!link) throw AppError.unauthorized(MESSAGES.unauthorized);
      request.link = link;
      return;
    }
    const actor = await resolveActor(db, tokens, cache, request);
    if (!actor) throw AppError.unauthorized(MESSAGES.unauthorized);
    request.actor = actor;
    // permission-or-link with no permissions listed admits any signed-in user.
    const required = access.kind === 'permission' || access.kind === 'permission-or-link' ? access.anyOf : [];
    if (required.length > 0 && !required.some((permission) => actor.permissions.has(permission))) {
      throw AppError.forbidden();
    }
  };

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') catalog.push({ method, url, access, endpoint: route.config?.endpoint ?? null });
    }
    if (access.kind !== 'public') route.onRequest = [route.onRequest ?? []].flat().concat(enforce);
  });
}

/** The API client of a public API route; the hook above guarantees it is set. */
export function requireApiClient(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw AppError.unauthorized(API_KEY_MESSAGES.invalid);
  return request.apiClient;
}

/** The actor of a route that requires sign-in; the hook above guarantees it is set. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthorized();
  return request.actor;
}
