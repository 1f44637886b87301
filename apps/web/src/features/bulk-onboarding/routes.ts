import { staffRoute, type PageRoute } from '../../lib/page-route';

/** /bulk-customers-onboarding (BU-01): bulk-upload. */
export const bulkOnboardingRoutes: PageRoute[] = [
  staffRoute('bulk-customers-onboarding', { title: 'Bulk onboarding', permissions: ['bulk-upload'] }, () => import('./BulkOnboardingPage')),
];
