import type { FastifyInstance } from 'fastify';
import { CUSTOMER_PROFILE_MESSAGES as M } from '@sanad/contracts/customer-profile';
import { CUSTOMER_PROFILE_ENDPOINTS as E } from '@sanad/contracts/customer-profile.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { sendCsv } from '../../platform/http/csv';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerTimelineService } from './customer-timeline.service';
import type { HitReviewService } from './hit-review.service';

/** The customer's name-screening and activity-timeline tabs. */
export function registerCustomerProfileRoutes(
  app: FastifyInstance,
  { hits, timeline }: { hits: HitReviewService; timeline: CustomerTimelineService },
): void {
  route(app, E.hitDetail, async (request) =>
    ok(await hits.hitDetail(requireActor(request), request.params.id, request.params.hitId), M.hitDetail),
  );
  route(app, E.decideHit, async (request) =>
    ok(await hits.decide(requireActor(request), request.params.id, request.params.hitId, request.body, requestMeta(request)), M.hitDecided),
  );
  route(app, E.goodGuys, async (request) => ok(await hits.goodGuys(requireActor(request), request.params.id), M.goodGuys));
  route(app, E.withdrawGoodGuy, async (request) =>
    ok(await hits.withdraw(requireActor(request), request.params.id, request.params.goodGuyId, requestMeta(request)), M.goodGuyWithdrawn),
  );
  route(app, E.rescreen, async (request) =>
    ok(await hits.rescreen(requireActor(request), request.params.id, requestMeta(request)), M.rescreened),
  );
  route(app, E.timeline, async (request) =>
    okList(await timeline.timeline(requireActor(request), request.params.id, request.query), request.query, M.timeline),
  );
  route(app, E.exportTimeline, async (request, reply) =>
    sendCsv(reply, await timeline.exportTimeline(requireActor(request), request.params.id, requestMeta(request))),
  );
}
