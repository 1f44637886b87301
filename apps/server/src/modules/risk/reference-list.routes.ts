import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListQuery } from '@sanad/contracts/http';
import { REFERENCE_LIST_NAMES } from '@sanad/contracts/risk-pages';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { okList } from '../../platform/http/envelope';
import type { ReferenceListService } from './reference-list.service';

/**
 * GET /configurations/{list} for each reference list (genders, nationalities, countries, …), one
 * static path each so that other modules' /configurations/... paths stay theirs. Public, because
 * the public registration links load their dropdowns before anyone signs in.
 */
export function referenceListRoutes(lists: ReferenceListService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const list of REFERENCE_LIST_NAMES) {
      app.get(
        `/configurations/${list}`,
        {
          config: { access: PUBLIC },
          schema: {
            tags: ['reference-lists'],
            summary: `Active ${list} for dropdowns (the codes the risk engine scores)`,
            querystring: ZListQuery,
          },
        },
        async (request) => okList(await lists.list(list, request.query), request.query),
      );
    }
  };
}
