import type { FastifyInstance } from 'fastify';
import { ALERT_SETTINGS_MESSAGES } from '@sanad/contracts/alert-settings';
import { ALERT_MESSAGES } from '@sanad/contracts/alerts';
import { ALERT_ENDPOINTS } from '@sanad/contracts/alerts.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { AlertSettingsService } from './alert-settings.service';
import type { AlertService } from './alert.service';

export function registerAlertRoutes(app: FastifyInstance, alerts: AlertService, settings: AlertSettingsService): void {
  route(
    app,
    ALERT_ENDPOINTS.list,
    async (request) => okList(await alerts.list(requireActor(request), request.query), request.query, ALERT_MESSAGES.listed),
    { alsoAt: 'alerts' },
  );
  route(app, ALERT_ENDPOINTS.count, async (request) => ok(await alerts.count(requireActor(request)), ALERT_MESSAGES.counted));
  route(app, ALERT_ENDPOINTS.get, async (request) => ok(await alerts.get(requireActor(request), request.params.id), ALERT_MESSAGES.found));
  route(app, ALERT_ENDPOINTS.create, async (request) =>
    ok(await alerts.create(requireActor(request), request.body, requestMeta(request)), ALERT_MESSAGES.created),
  );
  route(app, ALERT_ENDPOINTS.initiateReview, async (request) =>
    ok(await alerts.initiateReview(requireActor(request), request.params.id, requestMeta(request)), ALERT_MESSAGES.initiated),
  );
  route(app, ALERT_ENDPOINTS.kycStatusReview, async (request) =>
    ok(await alerts.submitReview(requireActor(request), request.params.id, request.body, requestMeta(request)), ALERT_MESSAGES.submitted),
  );
  route(app, ALERT_ENDPOINTS.cancelReview, async (request) =>
    ok(await alerts.cancelReview(requireActor(request), request.params.id, requestMeta(request)), ALERT_MESSAGES.cancelled),
  );
  route(app, ALERT_ENDPOINTS.unlock, async (request) =>
    ok(await alerts.unlock(requireActor(request), request.params.id, requestMeta(request)), ALERT_MESSAGES.unlocked),
  );
  route(app, ALERT_ENDPOINTS.settings, async (request) =>
    ok(await settings.get(requireActor(request), request.query.dataSegmentId), ALERT_SETTINGS_MESSAGES.found),
  );
  route(app, ALERT_ENDPOINTS.saveSettings, async (request) => {
    const { dataSegmentId, ...body } = request.body;
    return ok(await settings.save(requireActor(request), body, dataSegmentId, requestMeta(request)), ALERT_SETTINGS_MESSAGES.saved);
  });
}
