import type { FastifyInstance } from 'fastify';
import { REFERENCE_LIST_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { okList } from '../../../platform/http/envelope';
import { route } from '../../../platform/http/route';
import type { ReferenceListService } from './reference-list.service';

/**
 * GET /configurations/{list} for each reference list (genders, nationalities, countries, …), one
 * static path each so that other modules' /configurations/... paths stay theirs.
 */
export function registerReferenceListRoutes(app: FastifyInstance, lists: ReferenceListService): void {
  for (const [list, definition] of Object.entries(REFERENCE_LIST_ENDPOINTS)) {
    route(app, definition, async (request) => okList(await lists.list(list, request.query), request.query));
  }
}
