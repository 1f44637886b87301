import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALERT_MESSAGES } from '@sanad/contracts/alerts';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import { COMPANY_MESSAGES } from '@sanad/contracts/companies';
import { buildOpenApiDocument } from '@sanad/contracts/openapi';
import {
  PUBLIC_API_DOCUMENT_ENDPOINTS,
  PUBLIC_API_DOCUMENT_MESSAGES,
  PUBLIC_API_ENDPOINTS,
  V1_API_INFO,
  V1_DOCUMENT_BODY_LIMIT,
  V1_ENDPOINTS,
} from '@sanad/contracts/public-api.endpoints';
import { SCREENING_MESSAGES } from '@sanad/contracts/screening';
import { TEMP_CUSTOMER_MESSAGES } from '@sanad/contracts/temp-customers';
import type { Actor, ApiClient } from '../../platform/auth/access';
import { requireApiClient } from '../../platform/auth/authenticate';
import type { Database } from '../../platform/db/database';
import { scopeFromSegmentIds } from '../../platform/tenancy/scope';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { AlertService } from '../alerts/alert.service';
import type { CompanyService } from '../companies/company.service';
import type { CustomerDocumentService } from '../customers/customer-documents.service';
import type { CustomerService } from '../customers/customer.service';
import { safeDownloadName, type FilesService } from '../files/files.service';
import type { TempCustomerService } from '../onboarding-links/temp-customer.service';
import type { ScreeningService } from '../screening/screening.service';
import { decodeCursor, encodeCursor } from './cursor';
import { runIdempotent } from './idempotent-create';

/**
 * The reader the customer service sees for a key: the key's one data segment, no staff permissions.
 * The public API only reads through it; anything that writes takes the client, not this reader.
 */
function readerOf(client: ApiClient): Actor {
  return {
    userId: client.applicationAccessId,
    sessionId: '',
    name: `API: ${client.title}`,
    email: '',
    roleName: 'API client',
    permissions: new Set(),
    segments: scopeFromSegmentIds([client.dataSegmentId]),
    activeSegmentId: client.dataSegmentId,
    isActiveSegmentWhiteLabelled: false,
    account: {
      firstName: client.title,
      lastName: '',
      username: '',
      phoneNumber: null,
      avatarFileName: null,
      accountType: 'full',
      kyb: false,
      userGuide: false,
      dataSegmentIds: [client.dataSegmentId],
      rolePermissions: [],
    },
  };
}

export interface PublicApiDeps {
  db: Database;
  customers: CustomerService;
  companies: CompanyService;
  customerDocuments: CustomerDocumentService;
  files: FilesService;
  alerts: AlertService;
  screening: ScreeningService;
  tempCustomers: TempCustomerService;
}

/** A cursor page: one row more than asked for tells whether a next page exists without counting. */
function cursorPage<T extends { _id: string }>(rows: T[], limit: number, message: string) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { status: true as const, message, data: page, next: rows.length > limit && last ? encodeCursor(last._id) : null };
}

/** A decoded upload as the files pipeline reads a streamed one. */
async function* oneChunk(bytes: Buffer): AsyncIterable<Buffer> {
  if (bytes.length > 0) yield bytes;
}

/** The header of a v1 create, for the idempotency check. */
const idempotencyHeader = (request: FastifyRequest) => request.headers['idempotency-key'];

export function registerPublicApiRoutes(app: FastifyInstance, deps: PublicApiDeps): void {
  const { db, customers, companies, customerDocuments, files, alerts, screening, tempCustomers } = deps;
  // Generated once from the contracts: the same document as docs/openapi-v1.json.
  const document = buildOpenApiDocument(V1_ENDPOINTS, V1_API_INFO);
  route(app, PUBLIC_API_DOCUMENT_ENDPOINTS.openApi, async () => document);

  route(app, PUBLIC_API_ENDPOINTS.listCustomers, async (request) => {
    const client = requireApiClient(request);
    const { cursor, limit, ...filters } = request.query;
    const afterId = cursor === undefined ? null : decodeCursor(cursor);
    // One more than asked for tells whether a next page exists without counting.
    const rows = await customers.listAfter(
      readerOf(client),
      { ...filters, dataSegmentId: client.dataSegmentId, startAt: 1, perPage: limit },
      afterId,
      limit + 1,
    );
    return cursorPage(rows, limit, CUSTOMER_MESSAGES.listed);
  });
  route(app, PUBLIC_API_ENDPOINTS.getCustomer, async (request) =>
    ok(await customers.get(readerOf(requireApiClient(request)), request.params.id), CUSTOMER_MESSAGES.found),
  );
  route(app, PUBLIC_API_ENDPOINTS.createCustomer, async (request, reply) => {
    const client = requireApiClient(request);
    const call = { client, operation: 'customers.create', header: idempotencyHeader(request), body: request.body };
    return runIdempotent(db, call, reply, async (submissionKey) => {
      const input = { ...request.body, dataSegmentId: client.dataSegmentId, ...(submissionKey ? { submissionKey } : {}) };
      const { customer, isReplay } = await customers.registerThroughApi(client.dataSegmentId, input, requestMeta(request));
      return ok(customer, isReplay ? CUSTOMER_MESSAGES.alreadyRegistered : CUSTOMER_MESSAGES.registered);
    });
  });
  route(app, PUBLIC_API_ENDPOINTS.createCompany, async (request, reply) => {
    const client = requireApiClient(request);
    const call = { client, operation: 'companies.create', header: idempotencyHeader(request), body: request.body };
    return runIdempotent(db, call, reply, async (submissionKey) => {
      const { company, isReplay } = await companies.registerThroughApi(
        client.dataSegmentId,
        request.body,
        requestMeta(request),
        submissionKey,
      );
      return ok(company, isReplay ? CUSTOMER_MESSAGES.alreadyRegistered : COMPANY_MESSAGES.registered);
    });
  });
  route(app, PUBLIC_API_ENDPOINTS.getCompany, async (request) =>
    ok(await companies.get(readerOf(requireApiClient(request)), request.params.id), COMPANY_MESSAGES.found),
  );
  route(
    app,
    PUBLIC_API_ENDPOINTS.uploadDocument,
    async (request, reply) => {
      const client = requireApiClient(request);
      const customerId = request.params.id;
      const { kind, fileName, content } = request.body;
      const call = { client, operation: 'documents.upload', header: idempotencyHeader(request), body: { customerId, ...request.body } };
      return runIdempotent(db, call, reply, async () => {
        const meta = requestMeta(request);
        // The customer and the kind are checked before a byte is stored.
        await customerDocuments.checkTarget(client.dataSegmentId, customerId, kind);
        const bytes = Buffer.from(content, 'base64');
        const file = { fields: {}, fileName, chunks: oneChunk(bytes) };
        const stored = await files.storeForApplication(client.dataSegmentId, file, meta, (tx, saved) =>
          customerDocuments.attachInTransaction(
            tx,
            client.dataSegmentId,
            customerId,
            {
              kind,
              fileName: saved.fileName,
              originalFileName: saved.originalName,
              contentType: saved.contentType,
              uploadedAt: saved.createdAt.toISOString(),
            },
            { applicationTitle: client.title, applicationAccessId: client.applicationAccessId, meta },
          ),
        );
        const attached = {
          _id: stored.fileName,
          customerId,
          kind,
          originalFileName: stored.originalName,
          contentType: stored.contentType,
          size: stored.sizeBytes,
          uploadedAt: stored.createdAt.toISOString(),
        };
        return ok(attached, PUBLIC_API_DOCUMENT_MESSAGES.uploaded);
      });
    },
    { bodyLimit: V1_DOCUMENT_BODY_LIMIT },
  );
  route(app, PUBLIC_API_ENDPOINTS.getDocument, async (request, reply) => {
    const client = requireApiClient(request);
    const { id, documentId } = request.params;
    await customerDocuments.checkDocumentOf(client.dataSegmentId, id, documentId);
    const { file, body: content } = await files.readInSegment(client.dataSegmentId, documentId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${safeDownloadName(file.originalName)}"`)
      .header('content-length', file.sizeBytes)
      .header('cache-control', 'private, no-store')
      .send(content);
  });
  route(app, PUBLIC_API_ENDPOINTS.sendOnboardingLink, async (request, reply) => {
    const client = requireApiClient(request);
    const call = { client, operation: 'onboarding-links.send', header: idempotencyHeader(request), body: request.body };
    return runIdempotent(db, call, reply, async (submissionKey) => {
      const input = { ...request.body, dataSegmentId: client.dataSegmentId };
      const sent = await tempCustomers.send(readerOf(client), input, requestMeta(request), { byApplication: true, submissionKey });
      return ok(sent, TEMP_CUSTOMER_MESSAGES.sent);
    });
  });
  route(app, PUBLIC_API_ENDPOINTS.screen, async (request) => {
    const client = requireApiClient(request);
    const input = { ...request.body, dataSegmentId: client.dataSegmentId };
    return ok(await screening.screenName(readerOf(client), input, requestMeta(request)), SCREENING_MESSAGES.screened);
  });
  route(app, PUBLIC_API_ENDPOINTS.listAlerts, async (request) => {
    const client = requireApiClient(request);
    const { cursor, limit, ...filters } = request.query;
    const afterId = cursor === undefined ? null : decodeCursor(cursor);
    const query = { ...filters, startAt: 1, perPage: limit };
    const rows = await alerts.listAfter(readerOf(client), query, afterId, limit + 1);
    return cursorPage(rows, limit, ALERT_MESSAGES.listed);
  });
  route(app, PUBLIC_API_ENDPOINTS.getAlert, async (request) =>
    ok(await alerts.get(readerOf(requireApiClient(request)), request.params.id), ALERT_MESSAGES.found),
  );
}
