import type { FastifyInstance } from 'fastify';
import { INSIGHT_ENDPOINTS } from '@sanad/contracts/insights.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerStatisticsService } from './customer-statistics.service';
import type { VerificationTrackerService } from './verification-tracker.service';

export function registerInsightRoutes(
  app: FastifyInstance,
  { statistics, tracker }: { statistics: CustomerStatisticsService; tracker: VerificationTrackerService },
): void {
  route(app, INSIGHT_ENDPOINTS.customerStatistics, async (request) =>
    ok(await statistics.getStatistics(requireActor(request), request.query, requestMeta(request))),
  );
  route(app, INSIGHT_ENDPOINTS.exportCustomerStatistics, async (request, reply) => {
    const file = await statistics.exportStatistics(requireActor(request), request.query, requestMeta(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  route(app, INSIGHT_ENDPOINTS.verificationTracker, async (request) =>
    ok(await tracker.getTracker(requireActor(request), request.query, requestMeta(request))),
  );
  route(app, INSIGHT_ENDPOINTS.trackerJourneys, async (request) =>
    okList(await tracker.listJourneys(requireActor(request), request.query), request.query),
  );
}
