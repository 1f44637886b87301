import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listEnvelope, successEnvelope } from '@sanad/contracts/http';
import {
  SEGMENT_MESSAGES,
  ZDataSegmentInput,
  ZDataSegmentRow,
  ZSegmentChoice,
  ZSegmentListQuery,
  ZSegmentUsage,
} from '@sanad/contracts/data-segments';
import { SIGNED_IN, requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { ZLooseIdParams } from '../../platform/http/id-params';
import { requestMeta } from '../../platform/http/request-meta';
import type { DataSegmentService } from './data-segment.service';

/**
 * Data segments (001 §7): POST users/data-segments, PUT access-control/data-segments/{id},
 * GET access-control/data-segments/ (rows in the envelope's data), GET users/data-segment/{id};
 * and GET users/data-segments, the segments the header switcher offers.
 */
export function dataSegmentRoutes(segments: DataSegmentService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ['/access-control/data-segments', '/access-control/data-segments/']) {
      app.get(
        url,
        {
          config: { access: requireAny('view-data-segments', 'manage-data-segments') },
          schema: {
            tags: ['data segments'],
            summary: 'List the data segments the user may see',
            querystring: ZSegmentListQuery,
            response: { 200: listEnvelope(ZDataSegmentRow) },
          },
        },
        async (request) => okList(await segments.list(requireActor(request), request.query), request.query),
      );
    }

    app.post(
      '/users/data-segments',
      {
        config: { access: requireAny('manage-data-segments') },
        schema: {
          tags: ['data segments'],
          summary: 'Create a data segment with the default roles; with a contact e-mail, invite its Administrator',
          body: ZDataSegmentInput,
          response: { 200: successEnvelope(ZDataSegmentRow) },
        },
      },
      async (request) => {
        const { row, invited } = await segments.create(requireActor(request), request.body, requestMeta(request));
        return ok(row, invited ? SEGMENT_MESSAGES.createdWithInvitation : SEGMENT_MESSAGES.created);
      },
    );

    app.put(
      '/access-control/data-segments/:id',
      {
        config: { access: requireAny('manage-data-segments') },
        schema: {
          tags: ['data segments'],
          summary: 'Edit a data segment; a changed status archives or activates it',
          params: ZLooseIdParams,
          body: ZDataSegmentInput,
          response: { 200: successEnvelope(ZDataSegmentRow) },
        },
      },
      async (request) => {
        const { row, change } = await segments.update(requireActor(request), request.params.id, request.body, requestMeta(request));
        const message =
          change === 'archived'
            ? SEGMENT_MESSAGES.archived
            : change === 'activated'
              ? SEGMENT_MESSAGES.activated
              : SEGMENT_MESSAGES.updated;
        return ok(row, message);
      },
    );

    app.get(
      '/users/data-segment/:dataSegmentId',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['data segments'],
          summary: 'Tier, subscription and successful onboards of a segment the user may see',
          params: z.object({ dataSegmentId: z.string().max(100) }),
          response: { 200: successEnvelope(ZSegmentUsage) },
        },
      },
      async (request) => ok(await segments.usage(requireActor(request), request.params.dataSegmentId)),
    );

    app.get(
      '/users/data-segments',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['data segments'],
          summary: 'The active data segments the user may switch to',
          response: { 200: successEnvelope(z.array(ZSegmentChoice)) },
        },
      },
      async (request) => ok(await segments.choices(requireActor(request))),
    );
  };
}
