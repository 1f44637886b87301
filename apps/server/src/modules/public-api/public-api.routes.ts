import type { FastifyInstance } from 'fastify';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import { PUBLIC_API_ENDPOINTS } from '@sanad/contracts/public-api.endpoints';
import type { Actor, ApiClient } from '../../platform/auth/access';
import { requireApiClient } from '../../platform/auth/authenticate';
import { scopeFromSegmentIds } from '../../platform/tenancy/scope';
import { ok, okList } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { CustomerService } from '../customers/customer.service';

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

export function registerPublicApiRoutes(app: FastifyInstance, { customers }: { customers: CustomerService }): void {
  route(app, PUBLIC_API_ENDPOINTS.listCustomers, async (request) => {
    const client = requireApiClient(request);
    const query = { ...request.query, dataSegmentId: client.dataSegmentId };
    return okList(await customers.list(readerOf(client), query), query, CUSTOMER_MESSAGES.listed);
  });
  route(app, PUBLIC_API_ENDPOINTS.getCustomer, async (request) =>
    ok(await customers.get(readerOf(requireApiClient(request)), request.params.id), CUSTOMER_MESSAGES.found),
  );
}
