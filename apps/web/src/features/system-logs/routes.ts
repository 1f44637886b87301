import { staffRoute, type PageRoute } from '../../lib/page-route';

export const systemLogRoutes: PageRoute[] = [
  staffRoute('system-logs', { title: 'System Logs', permissions: ['system-logs'] }, () => import('./SystemLogsPage')),
];
