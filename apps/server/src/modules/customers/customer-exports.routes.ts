import type { FastifyInstance } from 'fastify';
import { CUSTOMER_EXPORT_MESSAGES } from '@sanad/contracts/customer-exports';
import { CUSTOMER_EXPORT_ENDPOINTS } from '@sanad/contracts/customer-exports.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { CustomerExportService } from './customer-exports.service';

export function registerCustomerExportRoutes(app: FastifyInstance, exports: CustomerExportService): void {
  route(app, CUSTOMER_EXPORT_ENDPOINTS.setStatus, async (request) => {
    const customer = await exports.setStatus(requireActor(request), request.params.id, request.body, requestMeta(request));
    return ok(customer, customer.status === 'archived' ? CUSTOMER_EXPORT_MESSAGES.archived : CUSTOMER_EXPORT_MESSAGES.activated);
  });
  route(app, CUSTOMER_EXPORT_ENDPOINTS.exportList, async (request, reply) => {
    const file = await exports.exportList(requireActor(request), request.query, requestMeta(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
  route(app, CUSTOMER_EXPORT_ENDPOINTS.complianceFile, async (request, reply) => {
    const file = await exports.complianceFile(requireActor(request), request.params.id, requestMeta(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
}
