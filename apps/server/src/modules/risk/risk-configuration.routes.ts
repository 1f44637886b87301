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
import { requireAny } from '../../platform/auth/access';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { RerateService } from './rerate.service';
import type { RiskSettingsService } from './risk-settings.service';
import type { RiskTableService } from './risk-table.service';

const engine = { access: requireAny('sanad-engine') };
const tags = ['sanad-engine'];
const ZPageParams = z.object({ page: ZTablePage });
const ZPageItemParams = z.object({ page: ZTablePage, id: z.uuid({ error: 'Record not found' }) });
const ZSegmentParams = z.object({ dataSegmentId: z.uuid({ error: 'Choose a data segment' }) });
const ZItemBody = z.record(z.string(), z.unknown());

/**
 * The sanad-engine configuration pages (permission sanad-engine). Table pages share one set of
 * paths, `configurations/risk/{page}`; the single-valued pages take the data segment as their id,
 * as `PUT configurations/labeling/{dataSegmentId}` does.
 */
export function riskConfigurationRoutes(services: { tables: RiskTableService; settings: RiskSettingsService; rerate: RerateService }): FastifyPluginAsyncZod {
  const { tables, settings, rerate } = services;
  return async (app) => {
    app.get(
      '/configurations/risk/version',
      { config: engine, schema: { tags, summary: 'The configuration version in force', querystring: ZSegmentQuery } },
      async (request) => ok(await settings.getCurrentVersion(requireActor(request), request.query)),
    );
    app.get(
      '/configurations/risk/versions',
      { config: engine, schema: { tags, summary: 'Every configuration change, newest first', querystring: ZListQuery } },
      async (request) => okList(await settings.listVersions(requireActor(request), request.query), request.query),
    );
    app.get(
      '/configurations/risk/references',
      { config: engine, schema: { tags, summary: 'Publications the defaults come from, with their as-of dates', querystring: ZSegmentQuery } },
      async (request) => ok(await settings.listReferences(requireActor(request), request.query)),
    );

    app.get(
      '/configurations/risk/risk-rating',
      { config: engine, schema: { tags, summary: 'Thresholds of the rating levels and the EDD floor', querystring: ZSegmentQuery } },
      async (request) => ok(await settings.getRiskRating(requireActor(request), request.query)),
    );
    app.put(
      '/configurations/risk/risk-rating/:dataSegmentId',
      { config: engine, schema: { tags, summary: 'Save the thresholds (a new configuration version)', params: ZSegmentParams, body: ZRiskRatingSave } },
      async (request) => {
        const { result, message } = await settings.saveRiskRating(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request));
        return ok(result, message);
      },
    );
    app.get(
      '/configurations/risk/risk-level-review',
      { config: engine, schema: { tags, summary: 'Years until the next periodic review, per level', querystring: ZSegmentQuery } },
      async (request) => ok(await settings.getReviewIntervals(requireActor(request), request.query)),
    );
    app.put(
      '/configurations/risk/risk-level-review/:dataSegmentId',
      { config: engine, schema: { tags, summary: 'Save the review intervals (a new configuration version)', params: ZSegmentParams, body: ZReviewIntervalsSave } },
      async (request) => {
        const { result, message } = await settings.saveReviewIntervals(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request));
        return ok(result, message);
      },
    );

    app.get(
      '/configurations/risk/rerate',
      { config: engine, schema: { tags, summary: 'The last re-rating run and how many customers an older configuration rated', querystring: ZSegmentQuery } },
      async (request) => ok(await rerate.getOverview(requireActor(request), request.query)),
    );
    app.post(
      '/configurations/risk/rerate',
      { config: engine, schema: { tags, summary: 'Re-rate every customer of the segment with the configuration in force (a job)', body: ZSegmentBody } },
      async (request) => {
        const { run, message } = await rerate.start(requireActor(request), request.body, requestMeta(request));
        return ok(run, message);
      },
    );

    app.get(
      '/configurations/risk/:page',
      { config: engine, schema: { tags, summary: 'Rows of a table page (factor values, factors, words, override rules)', params: ZPageParams, querystring: ZListQuery } },
      async (request) => okList(await tables.list(requireActor(request), request.params.page, request.query), request.query),
    );
    app.post(
      '/configurations/risk/:page',
      { config: engine, schema: { tags, summary: 'Add a row (a new configuration version)', params: ZPageParams, body: ZItemBody } },
      async (request) => {
        const { result, message } = await tables.create(requireActor(request), request.params.page, request.body, requestMeta(request));
        return ok(result, message);
      },
    );
    app.put(
      '/configurations/risk/:page/:id',
      { config: engine, schema: { tags, summary: 'Edit, archive or activate a row (a new configuration version)', params: ZPageItemParams, body: ZItemBody } },
      async (request) => {
        const { result, message } = await tables.update(requireActor(request), request.params.page, request.params.id, request.body, requestMeta(request));
        return ok(result, message);
      },
    );
    app.get(
      '/configurations/risk/:page/export',
      { config: engine, schema: { tags, summary: 'The page as CSV', params: ZPageParams, querystring: ZSegmentQuery } },
      async (request, reply) => {
        const { fileName, csv } = await tables.exportCsv(requireActor(request), request.params.page, request.query, requestMeta(request));
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
      },
    );
    app.post(
      '/configurations/risk/:page/import',
      {
        config: engine,
        bodyLimit: 6 * 1024 * 1024,
        schema: { tags, summary: 'Import a CSV: all rows or none, each error naming its row', params: ZPageParams, body: ZCsvImport },
      },
      async (request) => {
        const { result, message } = await tables.importCsv(requireActor(request), request.params.page, request.body, requestMeta(request));
        return ok(result, message);
      },
    );
  };
}
