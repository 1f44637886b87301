import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { REGISTER_FILE_MAX_MEGABYTES, REGISTER_IMPORT_MESSAGES } from '@sanad/contracts/company-registry';
import { COMPANY_REGISTRY_ENDPOINTS } from '@sanad/contracts/company-registry.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import { withUploadedFile } from '../../platform/storage/upload-stream';
import type { RegisterUploadService } from './register-upload.service';

const BACKSTOP_BYTES = REGISTER_FILE_MAX_MEGABYTES * 1024 * 1024;

/** The register files loaded from the configuration area: the list, one import's progress, the upload. */
export async function registerRegisterImportRoutes(app: FastifyInstance, uploads: RegisterUploadService): Promise<void> {
  route(app, COMPANY_REGISTRY_ENDPOINTS.listImports, async (request) => ok(await uploads.list(requireActor(request))));

  route(app, COMPANY_REGISTRY_ENDPOINTS.getImport, async (request) => ok(await uploads.get(request.params.id)));

  // In its own scope, so only this route accepts a multipart body.
  await app.register(async (scope) => {
    await scope.register(multipart);
    route(scope, COMPANY_REGISTRY_ENDPOINTS.upload, async (request) => {
      const actor = requireActor(request);
      const created = await withUploadedFile(request, { backstopBytes: BACKSTOP_BYTES }, (file) => uploads.upload(actor, file));
      return ok(created, REGISTER_IMPORT_MESSAGES.started);
    });
  });
}
