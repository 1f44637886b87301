import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { USER_GUIDE_ENDPOINTS } from '@sanad/contracts/user-guide.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import { withUploadedFile } from '../../platform/storage/upload-stream';
import { LARGEST_GUIDE_FILE_BYTES, USER_GUIDE_MESSAGES, type UserGuideService } from './user-guide.service';

/** Guide files are configuration: changing them needs `configurations`; reading them only a session. */
export async function registerUserGuideRoutes(app: FastifyInstance, guide: UserGuideService): Promise<void> {
  // In their own scope, so only these routes accept multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);

    route(scope, USER_GUIDE_ENDPOINTS.get, async (request) => ok(await guide.getGuide(requireActor(request), request.query)));

    route(scope, USER_GUIDE_ENDPOINTS.upload, async (request) => {
      const actor = requireActor(request);
      const target = { ...request.params, dataSegmentId: request.query.dataSegmentId };
      await withUploadedFile(request, { backstopBytes: LARGEST_GUIDE_FILE_BYTES }, (file) =>
        guide.upload(actor, target, file, requestMeta(request)),
      );
      return okMessage(USER_GUIDE_MESSAGES.uploaded);
    });

    route(scope, USER_GUIDE_ENDPOINTS.remove, async (request) => {
      await guide.remove(requireActor(request), { ...request.params, dataSegmentId: request.query.dataSegmentId }, requestMeta(request));
      return okMessage(USER_GUIDE_MESSAGES.removed);
    });
  });
}
