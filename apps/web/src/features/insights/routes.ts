import { staffRoute, type PageRoute } from '../../lib/page-route';

/** The two Insights tabs beside the activity dashboard and the alerts. */
export const insightRoutes: PageRoute[] = [
  staffRoute(
    'insights/sanad-verification-tracker',
    {
      title: 'Verification Tracker',
      permissions: ['view-customer-tracker'],
      headerMenu: 'insights',
      sessionStep: 'sanad-verification-tracker',
    },
    () => import('./tracker/VerificationTrackerPage'),
  ),
  staffRoute(
    'insights/customer-statistics',
    { title: 'Customer Statistics', permissions: ['view-customer-statistics'], headerMenu: 'insights', sessionStep: 'customer-statistics' },
    () => import('./statistics/CustomerStatisticsPage'),
  ),
];
