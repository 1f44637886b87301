import { staffRoute, type PageRoute } from '../../app/page-route';

export const userGuideRoutes: PageRoute[] = [
  staffRoute(
    'configuration/user-guide',
    { title: 'User Guide Files', permissions: ['configurations'] },
    () => import('./UserGuideSettingsPage'),
  ),
];
