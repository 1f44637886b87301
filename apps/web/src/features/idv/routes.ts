import { staffRoute, type PageRoute } from '../../app/page-route';

export const idvRoutes: PageRoute[] = [
  staffRoute(
    'configuration/idv-configuration',
    { title: 'IDV Configuration', permissions: ['idv-configurations'] },
    () => import('./IdvConfigurationPage'),
  ),
];
