import { staffRoute, type PageRoute } from '../../lib/page-route';

export const notificationRoutes: PageRoute[] = [
  staffRoute('notifications', { title: 'Notifications', permissions: ['view-notifications'] }, () => import('./NotificationsPage')),
];
