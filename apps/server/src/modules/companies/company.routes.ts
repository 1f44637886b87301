import type { FastifyInstance } from 'fastify';
import { COMPANY_MESSAGES } from '@sanad/contracts/companies';
import { REGISTER_MESSAGES } from '@sanad/contracts/company-registry';
import { COMPANY_ENDPOINTS as E } from '@sanad/contracts/companies.endpoints';
import { CUSTOMER_PROFILE_MESSAGES } from '@sanad/contracts/customer-profile';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CompanyService } from './company.service';

export function registerCompanyRoutes(app: FastifyInstance, companies: CompanyService): void {
  route(app, E.register, async (request) =>
    ok(await companies.register(requireActor(request), request.body, requestMeta(request)), COMPANY_MESSAGES.registered),
  );
  route(app, E.selfRegister, async (request) =>
    ok(await companies.selfRegister(requireActor(request), request.body, requestMeta(request)), COMPANY_MESSAGES.registered),
  );
  route(app, E.list, async (request) =>
    okList(await companies.list(requireActor(request), request.query), request.query, COMPANY_MESSAGES.listed),
  );
  route(app, E.registerLookup, async (request) => {
    requireActor(request);
    return ok(await companies.registerLookup(request.query), REGISTER_MESSAGES.found);
  });
  route(app, E.registerCheck, async (request) =>
    ok(await companies.registerCheck(requireActor(request), request.params.id, request.query.register), REGISTER_MESSAGES.checked),
  );
  route(app, E.get, async (request) => ok(await companies.get(requireActor(request), request.params.id), COMPANY_MESSAGES.found));
  route(app, E.update, async (request) => {
    const { company, isChanged } = await companies.update(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(company, isChanged ? COMPANY_MESSAGES.updated : COMPANY_MESSAGES.unchanged);
  });
  route(app, E.saveRegistryFlags, async (request) =>
    ok(
      await companies.saveRegistryFlags(requireActor(request), request.params.id, request.body, requestMeta(request)),
      COMPANY_MESSAGES.flagsSaved,
    ),
  );
  route(app, E.structure, async (request) =>
    ok(await companies.getStructure(requireActor(request), request.params.id), COMPANY_MESSAGES.found),
  );
  route(app, E.addParent, async (request) =>
    ok(
      await companies.addParent(requireActor(request), request.params.id, request.body, requestMeta(request)),
      COMPANY_MESSAGES.parentAdded,
    ),
  );
  route(app, E.updateParent, async (request) =>
    ok(
      await companies.changeParent(requireActor(request), request.params.id, request.params.parentId, request.body, requestMeta(request)),
      COMPANY_MESSAGES.parentUpdated,
    ),
  );
  route(app, E.removeParent, async (request) =>
    ok(
      await companies.removeParent(requireActor(request), request.params.id, request.params.parentId, requestMeta(request)),
      COMPANY_MESSAGES.parentRemoved,
    ),
  );
  route(app, E.sendKycLink, async (request) =>
    ok(
      await companies.sendKycLink(requireActor(request), request.params.id, request.params.parentId, request.body, requestMeta(request)),
      COMPANY_MESSAGES.linkSent,
    ),
  );
  route(app, E.timeline, async (request) =>
    okList(
      await companies.timeline(requireActor(request), request.params.id, request.query),
      request.query,
      CUSTOMER_PROFILE_MESSAGES.timeline,
    ),
  );
}
