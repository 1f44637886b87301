import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_POLICIES, UPLOAD_TYPES, ZUploadResult, type UploadType } from '@sanad/contracts/files';
import { successEnvelope } from '@sanad/contracts/http';
import { LINK_PURPOSES, SIGNED_IN, requireAnyOrLink } from '@sanad/contracts/endpoint';
import { type Access } from '../../platform/auth/access';
import { requireCaller } from '../../platform/auth/caller';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { safeDownloadName, type FilesService, type IncomingUpload } from './files.service';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_POLICIES).map((policy) => policy.maxMegabytes)) * 1024 * 1024;

/**
 * Reads a multipart upload (fields `type`, `file` and optionally `dataSegmentId`, in any order).
 * The size limit of the upload type is applied while the file streams in; a longer file stops
 * being read at the limit and is refused, so a huge upload never fills memory.
 */
async function readUpload(request: FastifyRequest, fixedType?: UploadType): Promise<IncomingUpload> {
  const fields: Record<string, string> = {};
  let file: { name: string; body: Buffer; isTruncated: boolean } | null = null;
  for await (const part of request.parts({ limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 5, fieldSize: 1024 } })) {
    if (part.type === 'file') {
      const type = (fixedType ?? fields.type) as UploadType | undefined;
      const limit = type && type in UPLOAD_POLICIES ? UPLOAD_POLICIES[type].maxMegabytes * 1024 * 1024 : LARGEST_UPLOAD;
      const chunks: Buffer[] = [];
      let size = 0;
      let isTruncated = false;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) {
          isTruncated = true;
          part.file.resume();
          break;
        }
        chunks.push(chunk);
      }
      file = { name: part.filename, body: Buffer.concat(chunks), isTruncated: isTruncated || part.file.truncated };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  const type = fixedType ?? fields.type;
  if (!type || !(UPLOAD_TYPES as string[]).includes(type)) throw AppError.field('type', `type must be one of ${UPLOAD_TYPES.join(', ')}`);
  if (!file) throw AppError.field('file', 'Choose a file to upload');
  return {
    type: type as UploadType,
    originalName: file.name || 'upload',
    body: file.body,
    isTruncated: file.isTruncated,
    dataSegmentId: fields.dataSegmentId,
  };
}

const uploadSchema = (summary: string) => ({
  tags: ['files'],
  summary,
  consumes: ['multipart/form-data'],
  response: { 200: successEnvelope(ZUploadResult) },
});

/**
 * Registration uploads and previews are made by staff (any of the registration permissions) and by
 * end customers through their onboarding link.
 */
const STAFF_OR_LINK: Access = requireAnyOrLink(
  LINK_PURPOSES,
  'register-customer',
  'register-company',
  'edit-profile',
  'view-customer-profile',
  'bulk-upload',
);

/** Inline for what browsers show safely (images, PDF, video); a download for everything else. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf|video\/(mp4|webm))/;

export function filesRoutes(files: FilesService): FastifyPluginAsyncZod {
  const upload = (fixedType?: UploadType) => async (request: FastifyRequest) =>
    ok(
      await files.storeUpload(requireCaller(request), await readUpload(request, fixedType), requestMeta(request)),
      'File uploaded successfully',
    );

  return async (app) => {
    // Registered here, not globally: only these routes accept multipart bodies.
    await app.register(multipart, { limits: { fileSize: LARGEST_UPLOAD, files: 1 } });

    app.post(
      '/files/encrypt',
      { config: { access: STAFF_OR_LINK }, schema: uploadSchema('Upload a file (multipart type and file); stored encrypted') },
      upload(),
    );
    app.post('/files/', { config: { access: SIGNED_IN }, schema: uploadSchema('Upload a file (multipart type and file)') }, upload());
    app.post(
      '/files/upload',
      { config: { access: STAFF_OR_LINK }, schema: uploadSchema('Upload a customer document (multipart file; type customers)') },
      upload('customers'),
    );

    app.get(
      '/files/:fileName',
      {
        // Any signed-in user of the file's segment (avatars, logos, documents; a log export also needs
        // system-logs), or the link that uploaded it.
        config: { access: requireAnyOrLink(LINK_PURPOSES) },
        schema: {
          tags: ['files'],
          summary: 'Download a stored file',
          params: z.object({ fileName: z.string().regex(/^[A-Za-z0-9_-]{8,128}\.enc$/) }),
        },
      },
      async (request, reply) => {
        const { file, body } = await files.readForCaller(requireCaller(request), request.params.fileName);
        const disposition = INLINE.test(file.contentType) ? 'inline' : 'attachment';
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `${disposition}; filename="${safeDownloadName(file.originalName)}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  };
}
