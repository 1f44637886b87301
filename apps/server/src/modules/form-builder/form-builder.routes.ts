import type { FastifyInstance } from 'fastify';
import { FORM_BUILDER_ENDPOINTS } from '@sanad/contracts/form-builder.endpoints';
import { FORM_MESSAGES } from '@sanad/contracts/form-builder';
import { requireActor } from '../../platform/auth/authenticate';
import { requireCaller } from '../../platform/auth/caller';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { FormBuilderService } from './form-builder.service';

export function registerFormBuilderRoutes(app: FastifyInstance, forms: FormBuilderService): void {
  route(app, FORM_BUILDER_ENDPOINTS.list, async (request) =>
    ok(await forms.list(requireCaller(request), request.query.section, request.query.dataSegmentId), FORM_MESSAGES.listed),
  );
  route(app, FORM_BUILDER_ENDPOINTS.form, async (request) =>
    ok(await forms.form(requireActor(request), request.params.page, request.query.dataSegmentId), FORM_MESSAGES.found),
  );
  route(app, FORM_BUILDER_ENDPOINTS.saveDraft, async (request) =>
    ok(await forms.saveDraft(requireActor(request), request.params.page, request.body, requestMeta(request)), FORM_MESSAGES.saved),
  );
  route(app, FORM_BUILDER_ENDPOINTS.publish, async (request) =>
    ok(await forms.publish(requireActor(request), request.params.page, request.body, requestMeta(request)), FORM_MESSAGES.published),
  );
  route(app, FORM_BUILDER_ENDPOINTS.versions, async (request) =>
    ok(await forms.versions(requireActor(request), request.params.page, request.query.dataSegmentId), FORM_MESSAGES.versionsListed),
  );
  route(app, FORM_BUILDER_ENDPOINTS.version, async (request) =>
    ok(
      await forms.version(requireActor(request), request.params.page, request.params.version, request.query.dataSegmentId),
      FORM_MESSAGES.found,
    ),
  );
  route(app, FORM_BUILDER_ENDPOINTS.restore, async (request) =>
    ok(
      await forms.restore(
        requireActor(request),
        request.params.page,
        request.params.version,
        request.body.dataSegmentId,
        requestMeta(request),
      ),
      FORM_MESSAGES.restored,
    ),
  );
  route(app, FORM_BUILDER_ENDPOINTS.startSubmission, async (request) =>
    ok(await forms.startSubmission(requireCaller(request), request.body, requestMeta(request)), FORM_MESSAGES.started),
  );
  route(app, FORM_BUILDER_ENDPOINTS.submit, async (request) =>
    ok(await forms.submit(requireCaller(request), request.params.id, request.body, requestMeta(request)), FORM_MESSAGES.submitted),
  );
}
