import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZActivityDashboard, ZActivityQuery } from '@sanad/contracts/activity';
import { successEnvelope } from '@sanad/contracts/http';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { ActivityService } from './activity.service';

export function activityRoutes(activity: ActivityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insights/activity-dashboard',
      {
        config: { access: requireAny('view-activity-dashboard') },
        schema: {
          tags: ['insights'],
          summary: 'Sign-ins and actions per day from the audit trail',
          querystring: ZActivityQuery,
          response: { 200: successEnvelope(ZActivityDashboard) },
        },
      },
      async (request) => ok(await activity.getDashboard(requireActor(request), request.query, requestMeta(request))),
    );

    app.get(
      '/insights/activity-dashboard/export',
      {
        config: { access: requireAny('export-activity-dashboard') },
        schema: { tags: ['insights'], summary: 'The activity dashboard as CSV', querystring: ZActivityQuery },
      },
      async (request, reply) => {
        const { fileName, csv } = await activity.exportDashboard(requireActor(request), request.query, requestMeta(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(csv);
      },
    );
  };
}
