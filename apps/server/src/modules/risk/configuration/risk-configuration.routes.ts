import type { FastifyInstance } from 'fastify';
import {
  CUSTOM_FACTOR_ENDPOINTS,
  CUSTOM_FACTOR_VALUE_PAGE_ENDPOINTS,
  FACTOR_VALUE_PAGE_ENDPOINTS,
  OVERRIDE_RULE_PAGE_ENDPOINTS,
  RISK_ENDPOINTS as E,
  RISK_FACTOR_PAGE_ENDPOINTS,
  STOP_WORD_PAGE_ENDPOINTS,
  VARIANT_WORD_PAGE_ENDPOINTS,
} from '@sanad/contracts/risk.endpoints';
import type { EndpointDefinition } from '@sanad/contracts/endpoint';
import type { z } from 'zod';
import type { RiskTablePageEndpoints } from '@sanad/contracts/risk.endpoints';
import { requireActor } from '../../../platform/auth/authenticate';
import { ok, okList } from '../../../platform/http/envelope';
import { requestMeta } from '../../../platform/http/request-meta';
import { route } from '../../../platform/http/route';
import type { RerateService } from '../rerate/rerate.service';
import type { RiskSettingsService } from './risk-settings.service';
import type { RiskTableService } from '../table-pages/risk-table.service';
import type { CustomFactorService } from '../table-pages/custom-factor.service';
import { customFactorKey } from '@sanad/contracts/risk-custom-factors';

/** A save answers its result with the message its service chose (saved, or nothing changed). */
const okOutcome = <T>({ result, message }: { result: T; message: string }) => ok(result, message);

type AnyTablePage = Partial<RiskTablePageEndpoints<z.ZodType, z.ZodType>> & Record<string, EndpointDefinition>;

/** The page a request is about: fixed, or read from the path (a custom field's factor). */
type PageOf = string | ((params: { fieldKey?: string }) => string);

/** The table pages, each registered at its own paths (configurations/risk/{page}) from its own contracts. */
function registerTablePage(app: FastifyInstance, pageOf: PageOf, endpoints: AnyTablePage, tables: RiskTableService): void {
  const pageIn = (request: { params: unknown }) => (typeof pageOf === 'string' ? pageOf : pageOf(request.params as { fieldKey?: string }));
  if (endpoints.list)
    route(app, endpoints.list, async (request) =>
      okList(await tables.list(requireActor(request), pageIn(request), request.query), request.query),
    );
  if (endpoints.create)
    route(app, endpoints.create, async (request) =>
      okOutcome(await tables.create(requireActor(request), pageIn(request), request.body, requestMeta(request))),
    );
  if (endpoints.update)
    route(app, endpoints.update, async (request) =>
      okOutcome(await tables.update(requireActor(request), pageIn(request), request.params.id, request.body, requestMeta(request))),
    );
  if (endpoints.exportCsv)
    route(app, endpoints.exportCsv, async (request, reply) => {
      const { fileName, csv } = await tables.exportCsv(requireActor(request), pageIn(request), request.query, requestMeta(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    });
  if (endpoints.importCsv)
    route(
      app,
      endpoints.importCsv,
      async (request) => okOutcome(await tables.importCsv(requireActor(request), pageIn(request), request.body, requestMeta(request))),
      { bodyLimit: 6 * 1024 * 1024 },
    );
}

/**
 * Factors on custom fields: the fields that can become one, adding one, and each one's values, a
 * table page named by the factor's key (custom:<fieldKey>, from the path).
 */
function registerCustomFactorRoutes(app: FastifyInstance, tables: RiskTableService, customFactors: CustomFactorService): void {
  route(app, CUSTOM_FACTOR_ENDPOINTS.fields, async (request) => ok(await customFactors.listFields(requireActor(request), request.query)));
  route(app, CUSTOM_FACTOR_ENDPOINTS.create, async (request) =>
    okOutcome(await customFactors.create(requireActor(request), request.body, requestMeta(request))),
  );
  registerTablePage(app, (params) => customFactorKey(params.fieldKey ?? ''), CUSTOM_FACTOR_VALUE_PAGE_ENDPOINTS, tables);
}

/**
 * The sanad-engine configuration pages (permission sanad-engine). The single-valued pages take the
 * data segment as their id, as `PUT configurations/labeling/{dataSegmentId}` does.
 */
export function registerRiskConfigurationRoutes(
  app: FastifyInstance,
  {
    tables,
    settings,
    rerate,
    customFactors,
  }: { tables: RiskTableService; settings: RiskSettingsService; rerate: RerateService; customFactors: CustomFactorService },
): void {
  route(app, E.version, async (request) => ok(await settings.getCurrentVersion(requireActor(request), request.query)));
  route(app, E.versions, async (request) => okList(await settings.listVersions(requireActor(request), request.query), request.query));
  route(app, E.references, async (request) => ok(await settings.listReferences(requireActor(request), request.query)));

  route(app, E.riskRating, async (request) => ok(await settings.getRiskRating(requireActor(request), request.query)));
  route(app, E.saveRiskRating, async (request) =>
    okOutcome(await settings.saveRiskRating(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request))),
  );
  route(app, E.reviewIntervals, async (request) => ok(await settings.getReviewIntervals(requireActor(request), request.query)));
  route(app, E.saveReviewIntervals, async (request) =>
    okOutcome(await settings.saveReviewIntervals(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request))),
  );

  route(app, E.rerateOverview, async (request) => ok(await rerate.getOverview(requireActor(request), request.query)));
  route(app, E.startRerate, async (request) => {
    const { run, message } = await rerate.start(requireActor(request), request.body, requestMeta(request));
    return ok(run, message);
  });

  for (const [page, endpoints] of Object.entries(FACTOR_VALUE_PAGE_ENDPOINTS)) registerTablePage(app, page, endpoints, tables);
  registerTablePage(app, 'risk', RISK_FACTOR_PAGE_ENDPOINTS, tables);
  registerTablePage(app, 'stop-words', STOP_WORD_PAGE_ENDPOINTS, tables);
  registerTablePage(app, 'variant-words', VARIANT_WORD_PAGE_ENDPOINTS, tables);
  registerTablePage(app, 'override-rules', OVERRIDE_RULE_PAGE_ENDPOINTS, tables);
  registerCustomFactorRoutes(app, tables, customFactors);
}
