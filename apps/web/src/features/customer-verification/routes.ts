import { staffRoute, type PageRoute } from '../../lib/page-route';

const loadPage = () => import('./CustomerVerificationPage');

/**
 * The customer verification register (PR-10, PR-11: /customer-verification and /customers, both
 * view-customer-verification). /customers shows the same page: the spec gives the screen both paths.
 */
export const customerVerificationRoutes: PageRoute[] = [
  staffRoute('customer-verification', { title: 'Customer Verification', permissions: ['view-customer-verification'] }, loadPage),
  staffRoute('customers', { title: 'Customer Verification', permissions: ['view-customer-verification'] }, loadPage),
];
