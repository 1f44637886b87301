import { staffRoute, type PageRoute } from '../../lib/page-route';

export const userGuideRoutes: PageRoute[] = [
  staffRoute(
    'configuration/user-guide',
    { title: 'User Guide Files', permissions: ['configurations'] },
    () => import('./UserGuideSettingsPage'),
  ),
];
