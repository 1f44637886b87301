import type { FastifyInstance } from 'fastify';
import { BULK_MESSAGES } from '@sanad/contracts/bulk-onboarding';
import { BULK_ONBOARDING_ENDPOINTS } from '@sanad/contracts/bulk-onboarding.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import { safeDownloadName } from '../files/files.service';
import type { BulkUploadService } from './bulk-upload.service';

export function registerBulkUploadRoutes(app: FastifyInstance, uploads: BulkUploadService): void {
  route(app, BULK_ONBOARDING_ENDPOINTS.template, async (request, reply) => {
    const file = await uploads.template(request.query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  route(app, BULK_ONBOARDING_ENDPOINTS.etlTransform, async (request) =>
    ok(await uploads.startImport(requireActor(request), request.body, requestMeta(request)), BULK_MESSAGES.started),
  );

  route(app, BULK_ONBOARDING_ENDPOINTS.progress, async (request) => uploads.progress(requireActor(request), request.query));

  route(app, BULK_ONBOARDING_ENDPOINTS.errorFile, async (request, reply) => {
    const { file, body } = await uploads.readErrorFile(requireActor(request), request.params.errorFileName);
    return reply
      .header('content-type', 'text/csv')
      .header('content-disposition', `attachment; filename="${safeDownloadName(file.originalName)}"`)
      .header('content-length', file.sizeBytes)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
