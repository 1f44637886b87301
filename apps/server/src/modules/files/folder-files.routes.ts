import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import type { FolderFileService, ServedFile } from './folder-files.service';

const ZFileParams = z.object({ fileName: z.string().max(200) });

function sendFile(reply: FastifyReply, file: ServedFile, cacheControl: string) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('content-length', file.body.length)
    .header('cache-control', cacheControl)
    .send(file.body);
}

/**
 * GET files/users/:fileName (signed-in: guide videos and manuals) and GET files/logo/:fileName
 * (public: logos and guide thumbnails, which branding shows before anyone signs in). Stored
 * names are random and never reused, so a file's bytes never change under its name.
 */
export function folderFileRoutes(files: FolderFileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/files/users/:fileName',
      {
        config: { access: SIGNED_IN },
        schema: { tags: ['files'], summary: 'A file of the users folder (user-guide manuals and videos), decrypted', params: ZFileParams },
      },
      async (request, reply) =>
        sendFile(reply, await files.readFile('users', request.params.fileName, requireActor(request)), 'private, max-age=3600'),
    );

    app.get(
      '/files/logo/:fileName',
      {
        config: { access: PUBLIC },
        schema: { tags: ['files'], summary: 'A logo or guide thumbnail (public), decrypted', params: ZFileParams },
      },
      async (request, reply) =>
        sendFile(reply, await files.readFile('logo', request.params.fileName, null), 'public, max-age=86400, immutable'),
    );
  };
}
