import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ZMessageEnvelope, successEnvelope } from '@sanad/contracts/http';
import { ZGuideParams, ZUserGuide, ZUserGuideQuery } from '@sanad/contracts/user-guide';
import { SIGNED_IN, requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { readUpload } from '../../platform/storage/read-upload';
import { USER_GUIDE_MESSAGES, type UserGuideService } from './user-guide.service';

const ZTargetQuery = z.object({ dataSegmentId: z.string().max(64).optional() });

/** Guide files are configuration: changing them needs `configurations`; reading them only a session. */
export function userGuideRoutes(guide: UserGuideService): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, so only these routes accept multipart bodies; per-file limits are set per request.
    await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5 } });

    app.get(
      '/configurations/user-guide',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['user-guide'],
          summary: 'The guide videos, thumbnails and manual of an edition (standard or lite) for a data segment',
          querystring: ZUserGuideQuery,
          response: { 200: successEnvelope(ZUserGuide) },
        },
      },
      async (request) => ok(await guide.getGuide(requireActor(request), request.query)),
    );

    app.post(
      '/configurations/user-guide/:edition/:asset',
      {
        config: { access: requireAny('configurations') },
        schema: {
          tags: ['user-guide'],
          summary: 'Upload a guide file (multipart field `file`): video-n (mp4, webm), thumbnail-n (png, jpeg) or manual (pdf)',
          params: ZGuideParams,
          querystring: ZTargetQuery,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await guide.upload(
          requireActor(request),
          { ...request.params, dataSegmentId: request.query.dataSegmentId },
          (rules) => readUpload(request, rules),
          requestMeta(request),
        );
        return okMessage(USER_GUIDE_MESSAGES.uploaded);
      },
    );

    app.delete(
      '/configurations/user-guide/:edition/:asset',
      {
        config: { access: requireAny('configurations') },
        schema: {
          tags: ['user-guide'],
          summary: 'Remove a guide file',
          params: ZGuideParams,
          querystring: ZTargetQuery,
          response: { 200: ZMessageEnvelope },
        },
      },
      async (request) => {
        await guide.remove(requireActor(request), { ...request.params, dataSegmentId: request.query.dataSegmentId }, requestMeta(request));
        return okMessage(USER_GUIDE_MESSAGES.removed);
      },
    );
  };
}
