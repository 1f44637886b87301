import type { FastifyInstance } from 'fastify';
import { RISK_ENDPOINTS as E } from '@sanad/contracts/risk.endpoints';
import { requireActor } from '../../../platform/auth/authenticate';
import { ok, okList } from '../../../platform/http/envelope';
import { requestMeta } from '../../../platform/http/request-meta';
import { route } from '../../../platform/http/route';
import type { CustomerRatingService } from './customer-rating.service';

/** The KYC risk rating tab of a customer (view-customer-profile) or company (view-company-profile). */
export function registerCustomerRatingRoutes(app: FastifyInstance, ratings: CustomerRatingService): void {
  route(app, E.customerRating, async (request) => ok(await ratings.getRating(requireActor(request), request.params.id)));
  route(app, E.customerRatingHistory, async (request) =>
    okList(await ratings.listHistory(requireActor(request), request.params.id, request.query), request.query),
  );
  route(app, E.overwriteCustomerRating, async (request) =>
    ok(
      await ratings.overwrite(requireActor(request), request.params.id, request.body, requestMeta(request)),
      'Risk rating overwritten successfully',
    ),
  );
}
