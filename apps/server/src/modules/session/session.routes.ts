import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@sanad/contracts/messages';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import type { CaptchaService } from '../../platform/auth/captcha';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { SessionService } from './session.service';

export function registerSessionRoutes(app: FastifyInstance, sessions: SessionService, captcha: CaptchaService): void {
  // Tighter than the global limit: this is the endpoint password guessing aims at.
  route(app, SESSION_ENDPOINTS.login, async (request) => ok(await sessions.login(request.body, requestMeta(request)), MESSAGES.loggedIn), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });

  route(app, SESSION_ENDPOINTS.logout, async (request) => {
    const { logoutUrl } = await sessions.logout(requireActor(request), requestMeta(request));
    return logoutUrl ? ok({ logoutUrl }, MESSAGES.loggedOut) : okMessage(MESSAGES.loggedOut);
  });

  route(app, SESSION_ENDPOINTS.extend, async (request, reply) => {
    const { accessToken, expiresIn } = await sessions.extend(requireActor(request), request.query.dataSegmentId);
    void reply.header('authorization', `Bearer ${accessToken}`);
    return ok({ expiresIn }, MESSAGES.sessionExtended);
  });

  route(app, SESSION_ENDPOINTS.verify, async (request) => ok(sessions.currentProfile(requireActor(request))));

  route(
    app,
    SESSION_ENDPOINTS.captchaChallenge,
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
}
