import type { FastifyInstance } from 'fastify';
import { SUPPORT_ENDPOINTS } from '@sanad/contracts/support.endpoints';
import { okMessage } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { SupportService } from './support.service';

export function registerSupportRoutes(app: FastifyInstance, support: SupportService): void {
  route(app, SUPPORT_ENDPOINTS.send, async (request) => okMessage(await support.submit(request.body, requestMeta(request))), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
}
