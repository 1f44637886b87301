import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_MESSAGES, type UploadType } from '@sanad/contracts/files';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { requireCaller } from '../../platform/auth/caller';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import { withUploadedFile } from '../../platform/storage/upload-stream';
import { LARGEST_UPLOAD_BYTES, safeDownloadName, type FilesService } from './files.service';
import type { FolderFileService, ServedFile } from './folder-files.service';

type UploadEndpoint = (typeof FILE_ENDPOINTS)['upload' | 'encrypt' | 'uploadDocument'];

/** Inline for what browsers show safely (images, PDF, video); a download for everything else. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf|video\/(mp4|webm))/;

function sendFolderFile(reply: FastifyReply, file: ServedFile, cacheControl: string) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('content-length', file.sizeBytes)
    .header('cache-control', cacheControl)
    .send(file.body);
}

/**
 * Uploads and downloads of stored files, and the two folders served by name: files/users
 * (signed-in: guide videos and manuals) and files/logo (public: saved logos and guide thumbnails,
 * which branding shows before anyone signs in; an unsaved logo waits in a draft folder it does not
 * serve). Stored names are random and never reused.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  deps: { files: FilesService; folderFiles: FolderFileService },
): Promise<void> {
  const { files, folderFiles } = deps;
  const uploadRoute = (scope: FastifyInstance, endpoint: UploadEndpoint, fixedType?: UploadType) =>
    route(scope, endpoint, async (request) => {
      const caller = requireCaller(request);
      const stored = await withUploadedFile(request, { backstopBytes: LARGEST_UPLOAD_BYTES }, (file) =>
        files.storeUpload(caller, file, fixedType, requestMeta(request)),
      );
      return ok(stored, FILE_MESSAGES.uploaded);
    });

  // In their own scope, so only these routes accept multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);
    uploadRoute(scope, FILE_ENDPOINTS.upload);
    uploadRoute(scope, FILE_ENDPOINTS.encrypt);
    uploadRoute(scope, FILE_ENDPOINTS.uploadDocument, 'customers');
  });

  route(app, FILE_ENDPOINTS.download, async (request, reply) => {
    const { file, body } = await files.readForCaller(requireCaller(request), request.params.fileName);
    const disposition = INLINE.test(file.contentType) ? 'inline' : 'attachment';
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `${disposition}; filename="${safeDownloadName(file.originalName)}"`)
      .header('content-length', file.sizeBytes)
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  route(app, FILE_ENDPOINTS.userFile, async (request, reply) =>
    sendFolderFile(reply, await folderFiles.readFile('users', request.params.fileName, requireActor(request)), 'private, max-age=3600'),
  );

  route(app, FILE_ENDPOINTS.logo, async (request, reply) =>
    sendFolderFile(reply, await folderFiles.readFile('logo', request.params.fileName, null), 'public, max-age=86400, immutable'),
  );
}
