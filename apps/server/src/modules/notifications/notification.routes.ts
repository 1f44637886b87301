import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_ENDPOINTS } from '@sanad/contracts/notifications.endpoints';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import { route } from '../../platform/http/route';
import type { NotificationService } from './notification.service';

export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationService): void {
  route(app, NOTIFICATION_ENDPOINTS.list, async (request) => {
    const { page, unreadCount } = await notifications.list(requireActor(request), request.query);
    return { ...okList(page, request.query), unreadCount };
  });

  route(app, NOTIFICATION_ENDPOINTS.markRead, async (request) => {
    const { message, unreadCount } = await notifications.markRead(requireActor(request), request.body);
    return ok({ unreadCount }, message);
  });

  route(app, NOTIFICATION_ENDPOINTS.broadcast, async (request) => {
    const { message, recipients } = await notifications.broadcast(requireActor(request), request.body, requestMeta(request));
    return ok({ recipients }, message);
  });
}
