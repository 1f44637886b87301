import { staffRoute, type PageRoute } from '../../lib/page-route';

export const idvRoutes: PageRoute[] = [
  staffRoute(
    'configuration/idv-configuration',
    { title: 'IDV Configuration', permissions: ['idv-configurations'] },
    () => import('./IdvConfigurationPage'),
  ),
];
