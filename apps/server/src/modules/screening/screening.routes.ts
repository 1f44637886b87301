import type { FastifyInstance } from 'fastify';
import { SCREENING_ENDPOINTS as E } from '@sanad/contracts/screening.endpoints';
import { SCREENING_MESSAGES } from '@sanad/contracts/screening';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { BlacklistService } from './blacklist.service';
import type { ListImportService } from './list-import.service';
import type { ScreeningDataService } from './screening-data.service';
import type { ScreeningService } from './screening.service';

export interface ScreeningRouteDeps {
  imports: ListImportService;
  blacklist: BlacklistService;
  data: ScreeningDataService;
  screening: ScreeningService;
}

/** Watch lists, their imports, the firm's own list, reference data, thresholds and ad hoc screening. */
export function registerScreeningRoutes(app: FastifyInstance, { imports, blacklist, data, screening }: ScreeningRouteDeps): void {
  route(app, E.importList, async (request) =>
    ok(await imports.requestImport(requireActor(request), 'full', request.body, requestMeta(request)), SCREENING_MESSAGES.importStarted),
  );
  route(app, E.importDelta, async (request) =>
    ok(await imports.requestImport(requireActor(request), 'delta', request.body, requestMeta(request)), SCREENING_MESSAGES.deltaStarted),
  );
  route(app, E.recentImports, async (request) => ok(await imports.recentImports(requireActor(request), request.query.dataSegmentId)));
  route(app, E.getImport, async (request) => ok(await imports.getImport(requireActor(request), request.params.id)));

  route(app, E.references, async (request) =>
    okList(await data.listReferences(requireActor(request), request.params.page, request.query), request.query),
  );

  route(app, E.blacklist, async (request) => okList(await blacklist.list(requireActor(request), request.query), request.query));
  route(app, E.addBlacklistEntry, async (request) =>
    ok(await blacklist.create(requireActor(request), request.body, requestMeta(request)), SCREENING_MESSAGES.entryAdded),
  );
  route(app, E.updateBlacklistEntry, async (request) =>
    ok(
      await blacklist.update(requireActor(request), request.params.id, request.body, requestMeta(request)),
      SCREENING_MESSAGES.entryUpdated,
    ),
  );

  route(app, E.watchLists, async (request) => ok(await data.listWatchLists(requireActor(request), request.query.dataSegmentId)));
  route(app, E.setListActive, async (request) => {
    await data.setListActive(requireActor(request), request.params.id, request.body, requestMeta(request));
    return okMessage(request.body.isActive ? SCREENING_MESSAGES.listActivated : SCREENING_MESSAGES.listDeactivated);
  });
  route(app, E.listVersions, async (request) =>
    ok(await data.listVersions(requireActor(request), request.params.id, request.query.dataSegmentId)),
  );

  route(app, E.screen, async (request) =>
    ok(await screening.screenName(requireActor(request), request.body, requestMeta(request)), SCREENING_MESSAGES.screened),
  );
  route(app, E.thresholds, async (request) => ok(await screening.getThresholds(requireActor(request), request.query.dataSegmentId)));
  route(app, E.saveThresholds, async (request) => {
    const { dataSegmentId, ...thresholds } = request.body;
    return ok(
      await screening.saveThresholds(requireActor(request), thresholds, dataSegmentId, requestMeta(request)),
      SCREENING_MESSAGES.thresholdsSaved,
    );
  });
}
