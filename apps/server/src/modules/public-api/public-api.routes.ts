import type { FastifyInstance } from 'fastify';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import { PUBLIC_API_ENDPOINTS } from '@sanad/contracts/public-api.endpoints';
import type { Actor, ApiClient } from '../../platform/auth/access';
import { requireApiClient } from '../../platform/auth/authenticate';
import type { Database } from '../../platform/db/database';
import { scopeFromSegmentIds } from '../../platform/tenancy/scope';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerService } from '../customers/customer.service';
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

export function registerPublicApiRoutes(app: FastifyInstance, { db, customers }: { db: Database; customers: CustomerService }): void {
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
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      status: true as const,
      message: CUSTOMER_MESSAGES.listed,
      data: page,
      next: rows.length > limit && last ? encodeCursor(last._id) : null,
    };
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
}
