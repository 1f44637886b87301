import type { FastifyInstance } from 'fastify';
import { PASSWORD_MESSAGES } from '@sanad/contracts/passwords';
import { PASSWORD_ENDPOINTS } from '@sanad/contracts/passwords.endpoints';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { PasswordService } from './password.service';

// Public endpoints a link or an anonymous form reaches: each is limited per address on top of the
// global limit, and forgot-password also per recipient (RESET_LIMIT).
const LINK_RATE = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Passwords by link and account activation. */
export function registerPasswordRoutes(app: FastifyInstance, passwords: PasswordService): void {
  route(
    app,
    PASSWORD_ENDPOINTS.requestReset,
    async (request) => {
      await passwords.requestPasswordReset(request.body.email, requestMeta(request));
      return okMessage(PASSWORD_MESSAGES.resetRequested);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  route(
    app,
    PASSWORD_ENDPOINTS.checkLink,
    async (request) => ok(await passwords.checkLink(request.params.token), PASSWORD_MESSAGES.linkValid),
    LINK_RATE,
  );

  route(
    app,
    PASSWORD_ENDPOINTS.setPassword,
    async (request) => {
      const outcome = await passwords.setPassword(request.params.token, request.body, requestMeta(request));
      return okMessage(outcome === 'reset' ? PASSWORD_MESSAGES.passwordReset : PASSWORD_MESSAGES.passwordSet);
    },
    LINK_RATE,
  );

  route(
    app,
    PASSWORD_ENDPOINTS.activateAccount,
    async (request) =>
      ok(
        await passwords.activate(request.params.token, request.body, requestMeta(request), 'activation'),
        PASSWORD_MESSAGES.accountActivated,
      ),
    LINK_RATE,
  );

  route(
    app,
    PASSWORD_ENDPOINTS.activateTeamMember,
    async (request) =>
      ok(
        await passwords.activate(request.params.token, request.body, requestMeta(request), 'team-activation'),
        PASSWORD_MESSAGES.accountActivated,
      ),
    LINK_RATE,
  );
}
