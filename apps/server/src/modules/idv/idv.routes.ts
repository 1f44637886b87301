import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFaceMatchRequest,
  ZFaceMatchResult,
  ZIdvSettings,
  ZLivenessChallenge,
  ZLivenessRequest,
  ZLivenessResult,
  ZOcrRequest,
} from '@sanad/contracts/idv';
import { successEnvelope } from '@sanad/contracts/http';
import { LINK_PURPOSES, requireAny, requireAnyOrLink } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { requireCaller } from '../../platform/auth/caller';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { DocumentReadingService } from './document-reading.service';
import type { FaceVerificationService } from './face-verification.service';
import type { IdvSettingsService } from './idv-settings.service';

const ZSegmentQuery = z.object({ dataSegmentId: z.string().max(64).optional() });

const VERIFY: ReturnType<typeof requireAnyOrLink> = requireAnyOrLink(
  LINK_PURPOSES,
  'register-customer',
  'register-company',
  'edit-profile',
);

export function idvRoutes(
  reading: DocumentReadingService,
  faces: FaceVerificationService,
  settings: IdvSettingsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/customers/face-match',
      {
        config: { access: VERIFY, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity verification'],
          summary: "Compare the document's portrait with a selfie or video frame",
          body: ZFaceMatchRequest,
          response: { 200: successEnvelope(ZFaceMatchResult) },
        },
      },
      async (request) => ok(await faces.compare(requireCaller(request), request.body, requestMeta(request)), 'Faces compared'),
    );
    app.post(
      '/customers/liveness/challenge',
      {
        config: { access: VERIFY, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity verification'],
          summary: 'The challenge to perform in the liveness video',
          body: z.object({ dataSegmentId: z.string().max(64).optional() }),
          response: { 200: successEnvelope(ZLivenessChallenge) },
        },
      },
      async (request) => ok(await faces.issueChallenge(requireCaller(request), request.body.dataSegmentId), 'Challenge issued'),
    );
    app.post(
      '/customers/liveness',
      {
        config: { access: VERIFY, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity verification'],
          summary: 'Check the recorded video: a face, the same person, the challenge performed, the document portrait',
          body: ZLivenessRequest,
          response: { 200: successEnvelope(ZLivenessResult) },
        },
      },
      async (request) => ok(await faces.checkLiveness(requireCaller(request), request.body, requestMeta(request)), 'Liveness checked'),
    );
    app.post(
      '/customers/ocr',
      {
        // OCR is heavy: a tighter limit per address than the API's default.
        config: {
          access: requireAnyOrLink(LINK_PURPOSES, 'register-customer', 'register-company', 'edit-profile'),
          rateLimit: { max: 30, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['identity verification'],
          summary: 'Read an uploaded identity document (OCR, MRZ, card type, quality)',
          body: ZOcrRequest,
        },
      },
      async (request) => ok(await reading.readDocument(requireCaller(request), request.body, requestMeta(request)), 'Document read'),
    );
    app.get(
      '/configurations/idv',
      {
        config: { access: requireAny('idv-configurations') },
        schema: {
          tags: ['identity verification'],
          summary: 'Identity verification settings of the data segment',
          querystring: ZSegmentQuery,
          response: { 200: successEnvelope(ZIdvSettings) },
        },
      },
      async (request) => ok(await settings.get(requireActor(request), request.query.dataSegmentId)),
    );
    app.put(
      '/configurations/idv',
      {
        config: { access: requireAny('idv-configurations') },
        schema: {
          tags: ['identity verification'],
          summary: 'Save the identity verification settings',
          body: ZIdvSettings.extend({ dataSegmentId: z.string().max(64).optional() }),
          response: { 200: successEnvelope(ZIdvSettings) },
        },
      },
      async (request) => {
        const { dataSegmentId, ...values } = request.body;
        return ok(
          await settings.save(requireActor(request), values, dataSegmentId, requestMeta(request)),
          'Identity verification settings saved',
        );
      },
    );
  };
}
