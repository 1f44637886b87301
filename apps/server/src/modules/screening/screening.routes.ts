import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@sanad/contracts/http';
import { ZScreenRequest, ZScreeningThresholds } from '@sanad/contracts/screening';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { ScreeningService } from './screening.service';

export function screeningRoutes(screening: ScreeningService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/screening/screen',
      {
        config: {
          access: requireAny(
            'register-customer',
            'register-company',
            'view-customer-profile',
            'view-screening-data',
            'initiate-simulation-process',
          ),
        },
        schema: {
          tags: ['screening'],
          summary: "Screen one name against the data segment's active lists; each hit carries its score and explanation",
          body: ZScreenRequest,
        },
      },
      async (request) => ok(await screening.screenName(requireActor(request), request.body, requestMeta(request)), 'Screening completed'),
    );
    app.get(
      '/screening/settings',
      {
        config: { access: requireAny('screening-list', 'view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: 'Alert thresholds per hit type',
          querystring: z.object({ dataSegmentId: z.string().max(64).optional() }),
          response: { 200: successEnvelope(ZScreeningThresholds) },
        },
      },
      async (request) => ok(await screening.getThresholds(requireActor(request), request.query.dataSegmentId)),
    );
    app.put(
      '/screening/settings',
      {
        config: { access: requireAny('screening-list') },
        schema: {
          tags: ['screening'],
          summary: 'Save the alert thresholds per hit type',
          body: ZScreeningThresholds.extend({ dataSegmentId: z.string().max(64).optional() }),
          response: { 200: successEnvelope(ZScreeningThresholds) },
        },
      },
      async (request) => {
        const { dataSegmentId, ...thresholds } = request.body;
        return ok(
          await screening.saveThresholds(requireActor(request), thresholds, dataSegmentId, requestMeta(request)),
          'Screening thresholds saved',
        );
      },
    );
  };
}
