import type { FastifyInstance } from 'fastify';
import { BRANDING_MESSAGES } from '@sanad/contracts/branding';
import { BRANDING_ENDPOINTS } from '@sanad/contracts/branding.endpoints';
import { LABELING_MESSAGES } from '@sanad/contracts/labeling';
import { LABELING_ENDPOINTS } from '@sanad/contracts/labeling.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { BrandingService } from './branding.service';
import type { LabelingService } from './labeling.service';

export function registerBrandingRoutes(
  app: FastifyInstance,
  { branding, labeling }: { branding: BrandingService; labeling: LabelingService },
): void {
  route(app, BRANDING_ENDPOINTS.get, async (request) => ok(await branding.getDisplaySettings(request.query.dataSegmentId ?? null)));
  route(app, BRANDING_ENDPOINTS.settings, async (request) => ok(await branding.getForEdit(requireActor(request)), BRANDING_MESSAGES.found));
  route(app, BRANDING_ENDPOINTS.save, async (request) =>
    ok(await branding.save(requireActor(request), request.params.id, request.body, requestMeta(request)), BRANDING_MESSAGES.saved),
  );
  route(app, LABELING_ENDPOINTS.get, async (request) =>
    ok(await labeling.get(requireActor(request), request.params.dataSegmentId), LABELING_MESSAGES.found),
  );
  route(app, LABELING_ENDPOINTS.save, async (request) =>
    ok(
      await labeling.save(requireActor(request), request.params.dataSegmentId, request.body, requestMeta(request)),
      LABELING_MESSAGES.saved,
    ),
  );
  route(app, LABELING_ENDPOINTS.publicLabel, async (request) => ok(await labeling.publicLabel(request.params.dataSegmentId)));
}
