import type { FastifyInstance } from 'fastify';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { ONBOARDING_CONFIGURATION_MESSAGES } from '@sanad/contracts/onboarding-configuration';
import { ONBOARDING_CONFIGURATION_ENDPOINTS } from '@sanad/contracts/onboarding-configuration.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerService } from './customer.service';
import type { OnboardingConfigurationService } from './onboarding-configuration.service';

export function registerCustomerRoutes(app: FastifyInstance, customers: CustomerService, onboarding: OnboardingConfigurationService): void {
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
  route(app, CUSTOMER_ENDPOINTS.update, async (request) => {
    const { customer, isChanged } = await customers.update(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(customer, isChanged ? CUSTOMER_MESSAGES.updated : CUSTOMER_MESSAGES.unchanged);
  });
  route(app, ONBOARDING_CONFIGURATION_ENDPOINTS.get, async (request) =>
    ok(await onboarding.get(requireActor(request), request.params.id), ONBOARDING_CONFIGURATION_MESSAGES.found),
  );
  route(app, ONBOARDING_CONFIGURATION_ENDPOINTS.save, async (request) =>
    ok(
      await onboarding.save(requireActor(request), request.params.id, request.body, requestMeta(request)),
      ONBOARDING_CONFIGURATION_MESSAGES.saved,
    ),
  );
  route(app, CUSTOMER_ENDPOINTS.versions, async (request) =>
    okList(await customers.versions(requireActor(request), request.params.id, request.query), request.query, CUSTOMER_MESSAGES.versions),
  );
}
