import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessageEnvelope } from '@sanad/contracts/http';
import { ZSupportRequest } from '@sanad/contracts/public-forms';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { SupportService } from './support.service';

export function supportRoutes(support: SupportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/support',
      {
        config: { access: PUBLIC, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['public'],
          summary: 'Contact us: the message is stored and e-mailed to the support address (no sign-in, captcha required)',
          body: ZSupportRequest,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => okMessage(await support.submit(request.body, requestMeta(request))),
    );
  };
}
