import type { FastifyInstance } from 'fastify';
import { SEGMENT_MESSAGES } from '@sanad/contracts/data-segments';
import { DATA_SEGMENT_ENDPOINTS } from '@sanad/contracts/data-segments.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { DataSegmentService } from './data-segment.service';

const CHANGE_MESSAGES = { archived: SEGMENT_MESSAGES.archived, activated: SEGMENT_MESSAGES.activated } as const;

/** Data segments, the trial banner's usage figures and the header's segment switcher. */
export function registerDataSegmentRoutes(app: FastifyInstance, segments: DataSegmentService): void {
  route(
    app,
    DATA_SEGMENT_ENDPOINTS.list,
    async (request) => okList(await segments.list(requireActor(request), request.query), request.query),
    {
      alsoAt: 'access-control/data-segments',
    },
  );

  route(app, DATA_SEGMENT_ENDPOINTS.create, async (request) => {
    const { row, invited } = await segments.create(requireActor(request), request.body, requestMeta(request));
    return ok(row, invited ? SEGMENT_MESSAGES.createdWithInvitation : SEGMENT_MESSAGES.created);
  });

  route(app, DATA_SEGMENT_ENDPOINTS.update, async (request) => {
    const { row, change } = await segments.update(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(row, change ? CHANGE_MESSAGES[change] : SEGMENT_MESSAGES.updated);
  });

  route(app, DATA_SEGMENT_ENDPOINTS.usage, async (request) =>
    ok(await segments.usage(requireActor(request), request.params.dataSegmentId)),
  );

  route(app, DATA_SEGMENT_ENDPOINTS.choices, async (request) => ok(await segments.choices(requireActor(request))));
}
