import type { FastifyInstance } from 'fastify';
import { ALERT_MESSAGES } from '@sanad/contracts/alerts';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import { buildOpenApiDocument } from '@sanad/contracts/openapi';
import { PUBLIC_API_DOCUMENT_ENDPOINTS, PUBLIC_API_ENDPOINTS, V1_API_INFO, V1_ENDPOINTS } from '@sanad/contracts/public-api.endpoints';
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
import type { CustomerService } from '../customers/customer.service';
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

export function registerPublicApiRoutes(app: FastifyInstance, { db, customers, alerts, screening, tempCustomers }: PublicApiDeps): void {
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
    const call = { client, operation: 'customers.create', header: request.headers['idempotency-key'], body: request.body };
    return runIdempotent(db, call, reply, async (submissionKey) => {
      const input = { ...request.body, dataSegmentId: client.dataSegmentId, ...(submissionKey ? { submissionKey } : {}) };
      const { customer, isReplay } = await customers.registerThroughApi(client.dataSegmentId, input, requestMeta(request));
      return ok(customer, isReplay ? CUSTOMER_MESSAGES.alreadyRegistered : CUSTOMER_MESSAGES.registered);
    });
  });
  route(app, PUBLIC_API_ENDPOINTS.sendOnboardingLink, async (request) => {
    const client = requireApiClient(request);
    const input = { ...request.body, dataSegmentId: client.dataSegmentId };
    const sent = await tempCustomers.send(readerOf(client), input, requestMeta(request), { byApplication: true });
    return ok(sent, TEMP_CUSTOMER_MESSAGES.sent);
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
