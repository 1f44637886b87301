import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZListQuery } from '@sanad/contracts/http';
import { ZManualOverwriteSave } from '@sanad/contracts/risk-rating';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { CustomerRatingService } from './customer-rating.service';

const tags = ['customers'];

/** The KYC risk rating tab of a customer (view-customer-profile) or company (view-company-profile). */
export function customerRatingRoutes(ratings: CustomerRatingService): FastifyPluginAsyncZod {
  return async (app) => {
    const view = { access: requireAny('view-customer-profile', 'view-company-profile') };
    app.get(
      '/customers/kyc-risk-rating/:id',
      { config: view, schema: { tags, summary: 'The rating in force with its risk table and override table', params: ZIdParams } },
      async (request) => ok(await ratings.getRating(requireActor(request), request.params.id)),
    );
    app.get(
      '/customers/kyc-risk-rating/:id/history',
      { config: view, schema: { tags, summary: 'Every rating of the customer, newest first', params: ZIdParams, querystring: ZListQuery } },
      async (request) => okList(await ratings.listHistory(requireActor(request), request.params.id, request.query), request.query),
    );
    app.put(
      '/customers/kyc-risk-rating/:id',
      {
        config: { access: requireAny('manually-overwrite') },
        schema: { tags, summary: 'Overwrite the risk level by hand, with a reason', params: ZIdParams, body: ZManualOverwriteSave },
      },
      async (request) =>
        ok(
          await ratings.overwrite(requireActor(request), request.params.id, request.body, requestMeta(request)),
          'Risk rating overwritten successfully',
        ),
    );
  };
}
