import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageEnvelope } from '@sanad/contracts/http';
import { ZSignUpRequest } from '@sanad/contracts/public-forms';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { SignUpService } from './signup.service';

export function signUpRoutes(signUps: SignUpService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/signup',
      {
        // The per-address limit that matters is counted in the database (shared by replicas).
        config: { access: PUBLIC, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['public'],
          summary: 'Sign up for a trial: creates a trial data segment and its pending administrator, and e-mails an activation link',
          body: ZSignUpRequest,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => okMessage(await signUps.signUp(request.body, requestMeta(request))),
    );
  };
}
