import type { FastifyInstance } from 'fastify';
import { IDV_MESSAGES } from '@sanad/contracts/idv';
import { IDV_ENDPOINTS } from '@sanad/contracts/idv.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { requireCaller } from '../../platform/auth/caller';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { DocumentReadingService } from './document-reading.service';
import type { FaceVerificationService } from './face-verification.service';
import type { IdvSettingsService } from './idv-settings.service';

/** Face, liveness and document reading are heavy: each has a tighter limit per address than the API's default. */
const HEAVY = { max: 30, timeWindow: '1 minute' };

export function registerIdvRoutes(
  app: FastifyInstance,
  { reading, faces, settings }: { reading: DocumentReadingService; faces: FaceVerificationService; settings: IdvSettingsService },
): void {
  route(
    app,
    IDV_ENDPOINTS.compareFaces,
    async (request) => ok(await faces.compare(requireCaller(request), request.body, requestMeta(request)), IDV_MESSAGES.facesCompared),
    { rateLimit: HEAVY },
  );
  route(
    app,
    IDV_ENDPOINTS.issueLivenessChallenge,
    async (request) => ok(await faces.issueChallenge(requireCaller(request), request.body.dataSegmentId), IDV_MESSAGES.challengeIssued),
    { rateLimit: HEAVY },
  );
  route(
    app,
    IDV_ENDPOINTS.checkLiveness,
    async (request) =>
      ok(await faces.checkLiveness(requireCaller(request), request.body, requestMeta(request)), IDV_MESSAGES.livenessChecked),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  route(
    app,
    IDV_ENDPOINTS.readDocument,
    async (request) =>
      ok(await reading.readDocument(requireCaller(request), request.body, requestMeta(request)), IDV_MESSAGES.documentRead),
    { rateLimit: HEAVY },
  );
  route(app, IDV_ENDPOINTS.getSettings, async (request) => ok(await settings.get(requireActor(request), request.query.dataSegmentId)));
  route(app, IDV_ENDPOINTS.saveSettings, async (request) => {
    const { dataSegmentId, ...values } = request.body;
    return ok(await settings.save(requireActor(request), values, dataSegmentId, requestMeta(request)), IDV_MESSAGES.settingsSaved);
  });
}
