import type { FastifyInstance } from 'fastify';
import { CUSTOMER_VERIFICATION_MESSAGES as M } from '@sanad/contracts/customer-verification';
import { CUSTOMER_VERIFICATION_ENDPOINTS as E } from '@sanad/contracts/customer-verification.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerVerificationService } from './customer-verification.service';

/** The customer verification register: the list, one customer's checks, and recording an outcome. */
export function registerCustomerVerificationRoutes(app: FastifyInstance, verification: CustomerVerificationService): void {
  route(app, E.list, async (request) => okList(await verification.list(requireActor(request), request.query), request.query, M.listed), {
    alsoAt: 'customer-verification',
  });
  route(app, E.get, async (request) => ok(await verification.get(requireActor(request), request.params.id), M.found));
  route(app, E.record, async (request) =>
    ok(await verification.record(requireActor(request), request.params.id, request.body, requestMeta(request)), M.recorded),
  );
}
