import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListQuery } from '@sanad/contracts/http';
import {
  ZCsvImport,
  ZReviewIntervalsSave,
  ZRiskRatingSave,
  ZSegmentBody,
  ZSegmentQuery,
  ZTablePage,
} from '@sanad/contracts/risk-configuration';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { RerateService } from './rerate.service';
import type { RiskSettingsService } from './risk-settings.service';
import type { RiskTableService } from './risk-table.service';
import { addSegmentRead, okOutcome } from './route-helpers';

const engine = { access: requireAny('sanad-engine') };
const tags = ['sanad-engine'];
const engineRoute = (summary: string) => ({ ...engine, tags, summary });
const ZPageParams = z.object({ page: ZTablePage });
const ZPageItemParams = z.object({ page: ZTablePage, id: z.uuid({ error: 'Record not found' }) });
const ZSegmentParams = z.object({ dataSegmentId: z.uuid({ error: 'Choose a data segment' }) });
const ZItemBody = z.record(z.string(), z.unknown());

/**
 * The sanad-engine configuration pages (permission sanad-engine). Table pages share one set of
 * paths, `configurations/risk/{page}`; the single-valued pages take the data segment as their id,
 * as `PUT configurations/labeling/{dataSegmentId}` does.
 */
export function riskConfigurationRoutes(services: {
  tables: RiskTableService;
  settings: RiskSettingsService;
  rerate: RerateService;
}): FastifyPluginAsyncZod {
  const { tables, settings, rerate } = services;
  return async (app) => {
    addSegmentRead(app, '/configurations/risk/version', engineRoute('The configuration version in force'), settings.getCurrentVersion);
    app.get(
      '/configurations/risk/versions',
      { config: engine, schema: { tags, summary: 'Every configuration change, newest first', querystring: ZListQuery } },
      async (request) => okList(await settings.listVersions(requireActor(request), request.query), request.query),
    );
    addSegmentRead(
      app,
      '/configurations/risk/references',
      engineRoute('Publications the defaults come from, with their as-of dates'),
      settings.listReferences,
    );

    addSegmentRead(
      app,
      '/configurations/risk/risk-rating',
      engineRoute('Thresholds of the rating levels and the EDD floor'),
      settings.getRiskRating,
    );
    app.put(
      '/configurations/risk/risk-rating/:dataSegmentId',
      {
        config: engine,
        schema: { tags, summary: 'Save the thresholds (a new configuration version)', params: ZSegmentParams, body: ZRiskRatingSave },
      },
      async (request) =>
        okOutcome(await settings.saveRiskRating(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request))),
    );
    addSegmentRead(
      app,
      '/configurations/risk/risk-level-review',
      engineRoute('Years until the next periodic review, per level'),
      settings.getReviewIntervals,
    );
    app.put(
      '/configurations/risk/risk-level-review/:dataSegmentId',
      {
        config: engine,
        schema: {
          tags,
          summary: 'Save the review intervals (a new configuration version)',
          params: ZSegmentParams,
          body: ZReviewIntervalsSave,
        },
      },
      async (request) =>
        okOutcome(
          await settings.saveReviewIntervals(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request)),
        ),
    );

    addSegmentRead(
      app,
      '/configurations/risk/rerate',
      engineRoute('The last re-rating run and how many customers an older configuration rated'),
      rerate.getOverview,
    );
    app.post(
      '/configurations/risk/rerate',
      {
        config: engine,
        schema: { tags, summary: 'Re-rate every customer of the segment with the configuration in force (a job)', body: ZSegmentBody },
      },
      async (request) => {
        const { run, message } = await rerate.start(requireActor(request), request.body, requestMeta(request));
        return ok(run, message);
      },
    );

    app.get(
      '/configurations/risk/:page',
      {
        config: engine,
        schema: {
          tags,
          summary: 'Rows of a table page (factor values, factors, words, override rules)',
          params: ZPageParams,
          querystring: ZListQuery,
        },
      },
      async (request) => okList(await tables.list(requireActor(request), request.params.page, request.query), request.query),
    );
    app.post(
      '/configurations/risk/:page',
      { config: engine, schema: { tags, summary: 'Add a row (a new configuration version)', params: ZPageParams, body: ZItemBody } },
      async (request) => okOutcome(await tables.create(requireActor(request), request.params.page, request.body, requestMeta(request))),
    );
    app.put(
      '/configurations/risk/:page/:id',
      {
        config: engine,
        schema: {
          tags,
          summary: 'Edit, archive or activate a row (a new configuration version)',
          params: ZPageItemParams,
          body: ZItemBody,
        },
      },
      async (request) =>
        okOutcome(await tables.update(requireActor(request), request.params.page, request.params.id, request.body, requestMeta(request))),
    );
    app.get(
      '/configurations/risk/:page/export',
      { config: engine, schema: { tags, summary: 'The page as CSV', params: ZPageParams, querystring: ZSegmentQuery } },
      async (request, reply) => {
        const { fileName, csv } = await tables.exportCsv(requireActor(request), request.params.page, request.query, requestMeta(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(csv);
      },
    );
    app.post(
      '/configurations/risk/:page/import',
      {
        config: engine,
        bodyLimit: 6 * 1024 * 1024,
        schema: { tags, summary: 'Import a CSV: all rows or none, each error naming its row', params: ZPageParams, body: ZCsvImport },
      },
      async (request) => okOutcome(await tables.importCsv(requireActor(request), request.params.page, request.body, requestMeta(request))),
    );
  };
}
