import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, ZForgotPasswordRequest, ZLinkTokenParams, ZNewPassword } from '@sanad/contracts/account-passwords';
import { ZMessageEnvelope, successEnvelope } from '@sanad/contracts/http';
import { ZSession } from '@sanad/contracts/session';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { AccountService } from './account.service';

// Public endpoints a link or an anonymous form reaches: each is limited per address on top of the
// global limit, and forgot-password also per recipient (RESET_LIMIT).
const LINK_RATE = { max: 20, timeWindow: '1 minute' } as const;

/** Passwords by link and account activation (001 §7). */
export function accountRoutes(accounts: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/password/reset',
      {
        config: { access: PUBLIC, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['accounts'],
          summary: 'Forgot password: e-mails a reset link; answers the same whether or not the account exists',
          body: ZForgotPasswordRequest,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await accounts.requestPasswordReset(request.body.email, requestMeta(request));
        return okMessage(ACCOUNT_MESSAGES.resetRequested);
      },
    );

    app.post(
      '/users/password/set/:token',
      {
        config: { access: PUBLIC, rateLimit: LINK_RATE },
        schema: {
          tags: ['accounts'],
          summary: 'Set or reset the password with an e-mailed link; a reset ends every session of the user',
          params: ZLinkTokenParams,
          body: ZNewPassword,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        const outcome = await accounts.setPassword(request.params.token, request.body, requestMeta(request));
        return okMessage(outcome === 'reset' ? ACCOUNT_MESSAGES.passwordReset : ACCOUNT_MESSAGES.passwordSet);
      },
    );

    const activation = [
      { url: '/users/activate-account/:token', purpose: 'activation' },
      { url: '/users/team-member/activate-account/:token', purpose: 'team-activation' },
    ] as const;
    for (const { url, purpose } of activation) {
      app.post(
        url,
        {
          config: { access: PUBLIC, rateLimit: LINK_RATE },
          schema: {
            tags: ['accounts'],
            summary: 'Accept an invitation: set the password, activate the account and sign in (answers like login)',
            params: ZLinkTokenParams,
            body: ZNewPassword,
            response: { 200: successEnvelope(ZSession) },
          },
        },
        async (request) =>
          ok(await accounts.activate(request.params.token, request.body, requestMeta(request), purpose), ACCOUNT_MESSAGES.accountActivated),
      );
    }
  };
}
