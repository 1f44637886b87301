import { staffRoute, type PageRoute } from '../../lib/page-route';

/** The alert list (an Insights tab, view-alerts) and one alert's page with its review. */
export const alertRoutes: PageRoute[] = [
  staffRoute(
    'insights/alerts',
    { title: 'Alerts', permissions: ['view-alerts'], headerMenu: 'insights', sessionStep: 'alerts' },
    () => import('./list/AlertListPage'),
  ),
  staffRoute(
    'insights/alerts/:id',
    { title: 'Alert', permissions: ['view-alerts'], headerMenu: 'insights', sessionStep: 'alerts' },
    () => import('./detail/AlertDetailPage'),
  ),
];
