import { staffRoute, type PageRoute } from '../../lib/page-route';

export const screeningRoutes: PageRoute[] = [
  staffRoute(
    'configuration/screening-list',
    { title: 'Screening Lists', permissions: ['screening-list'] },
    () => import('./ScreeningListsPage'),
  ),
  staffRoute(
    'configuration/screening-data/:page',
    { title: 'Screening Data', permissions: ['view-screening-data'] },
    () => import('./ScreeningDataPage'),
  ),
  staffRoute(
    'configuration/screening-data',
    { title: 'Screening Data', permissions: ['view-screening-data'] },
    () => import('./ScreeningDataPage'),
  ),
  staffRoute(
    'screening-data/delta-list',
    { title: 'Upload Delta List', permissions: ['upload-delta-list'] },
    () => import('./DeltaListPage'),
  ),
];
