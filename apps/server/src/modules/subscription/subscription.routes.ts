import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@sanad/contracts/http';
import { ZSubscriptionSummary } from '@sanad/contracts/subscription';
import { SIGNED_IN } from '../../platform/auth/access';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import type { SubscriptionService } from './subscription.service';

/** Any signed-in user may read the subscription of a segment they work in: the trial banner needs it. */
export function subscriptionRoutes(subscriptions: SubscriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/data-segment/:dataSegmentId',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['billing'],
          summary: 'Tier, subscription and counter (successful onboards) of a data segment',
          params: z.object({ dataSegmentId: z.uuid() }),
          response: { 200: successEnvelope(ZSubscriptionSummary) },
        },
      },
      async (request) => ok(await subscriptions.getSummary(requireActor(request), request.params.dataSegmentId)),
    );
  };
}
