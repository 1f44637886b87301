import type { FastifyInstance } from 'fastify';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerService } from './customer.service';

export function registerCustomerRoutes(app: FastifyInstance, customers: CustomerService): void {
  route(app, CUSTOMER_ENDPOINTS.selfRegister, async (request) => {
    const { customer, isReplay } = await customers.register(requireActor(request), request.body, requestMeta(request));
    return ok(customer, isReplay ? CUSTOMER_MESSAGES.alreadyRegistered : CUSTOMER_MESSAGES.registered);
  });
  route(
    app,
    CUSTOMER_ENDPOINTS.list,
    async (request) => okList(await customers.list(requireActor(request), request.query), request.query, CUSTOMER_MESSAGES.listed),
    { alsoAt: 'customers' },
  );
  route(app, CUSTOMER_ENDPOINTS.get, async (request) =>
    ok(await customers.get(requireActor(request), request.params.id), CUSTOMER_MESSAGES.found),
  );
  route(app, CUSTOMER_ENDPOINTS.versions, async (request) =>
    okList(await customers.versions(requireActor(request), request.params.id, request.query), request.query, CUSTOMER_MESSAGES.versions),
  );
}
