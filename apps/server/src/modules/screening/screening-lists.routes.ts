import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZMessageEnvelope, successEnvelope } from '@sanad/contracts/http';
import { ZListVersion, ZWatchListOverview } from '@sanad/contracts/screening';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { ScreeningDataService } from './screening-data.service';

const ZSegmentQuery = z.object({ dataSegmentId: z.string().optional() });

/** The screening-list page (permission screening-list): which lists screen the segment, and their versions. */
export function screeningListRoutes(data: ScreeningDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/screening/lists',
      {
        config: { access: requireAny('screening-list', 'view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: 'Watch lists of the data segment with their current version',
          querystring: ZSegmentQuery,
          response: { 200: successEnvelope(z.array(ZWatchListOverview)) },
        },
      },
      async (request) => ok(await data.listWatchLists(requireActor(request), request.query.dataSegmentId)),
    );
    app.put(
      '/screening/lists/:id',
      {
        config: { access: requireAny('screening-list') },
        schema: {
          tags: ['screening'],
          summary: 'Switch a list on or off for the data segment',
          params: ZIdParams,
          body: z.object({ isActive: z.boolean(), dataSegmentId: z.uuid().optional() }),
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await data.setListActive(requireActor(request), request.params.id, request.body, requestMeta(request));
        return okMessage(request.body.isActive ? 'List activated successfully' : 'List deactivated successfully');
      },
    );
    app.get(
      '/screening/lists/:id/versions',
      {
        config: { access: requireAny('screening-list', 'view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: "A list's versions with the entities added, changed and removed by each",
          params: ZIdParams,
          querystring: ZSegmentQuery,
          response: { 200: successEnvelope(z.array(ZListVersion)) },
        },
      },
      async (request) => ok(await data.listVersions(requireActor(request), request.params.id, request.query.dataSegmentId)),
    );
  };
}
