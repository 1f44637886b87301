import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCUMENT_REQUEST_MESSAGES } from '@sanad/contracts/document-requests';
import { DOCUMENT_REQUEST_ENDPOINTS } from '@sanad/contracts/document-requests.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { LINK_TOKEN_HEADER } from '../../platform/auth/onboarding-links';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { DocumentUploadService } from './document-upload.service';

/** Per address, on top of the per-link limit in the service: a customer's phone makes a handful a minute. */
const PUBLIC_RATE = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The link's token, sent in its header (never in the address's query, which logs keep). */
function linkToken(request: FastifyRequest): string | undefined {
  const token = request.headers[LINK_TOKEN_HEADER];
  return typeof token === 'string' ? token : undefined;
}

export function registerDocumentUploadRoutes(app: FastifyInstance, { documentUploads }: { documentUploads: DocumentUploadService }): void {
  route(app, DOCUMENT_REQUEST_ENDPOINTS.create, async (request) =>
    ok(
      await documentUploads.request(requireActor(request), request.params.id, request.body, requestMeta(request)),
      DOCUMENT_REQUEST_MESSAGES.sent,
    ),
  );
  route(app, DOCUMENT_REQUEST_ENDPOINTS.list, async (request) =>
    ok(await documentUploads.list(requireActor(request), request.params.id), 'OK'),
  );
  route(
    app,
    DOCUMENT_REQUEST_ENDPOINTS.open,
    async (request) => ok(await documentUploads.open(linkToken(request), request.body.dataSegmentId), 'OK'),
    PUBLIC_RATE,
  );
  route(
    app,
    DOCUMENT_REQUEST_ENDPOINTS.complete,
    async (request) =>
      ok(await documentUploads.complete(linkToken(request), request.body, requestMeta(request)), DOCUMENT_REQUEST_MESSAGES.received),
    PUBLIC_RATE,
  );
}
