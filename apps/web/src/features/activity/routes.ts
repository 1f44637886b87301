import { staffRoute, type PageRoute } from '../../lib/page-route';

const loadDashboard = () => import('./ActivityDashboardPage');

export const activityRoutes: PageRoute[] = [
  staffRoute(
    'insights',
    { title: 'Activity Dashboard', permissions: ['view-activity-dashboard'], headerMenu: 'insights', sessionStep: 'activity-dashboard' },
    loadDashboard,
  ),
  staffRoute(
    'insights/activity-dashboard',
    { title: 'Activity Dashboard', permissions: ['view-activity-dashboard'], headerMenu: 'insights', sessionStep: 'activity-dashboard' },
    loadDashboard,
  ),
];
