import { staffRoute, type PageRoute } from '../../lib/page-route';
import { SELF_REGISTER_STEPS } from './self-register/steps';

const loadSelfRegister = () => import('./self-register/SelfRegisterPage');
const loadList = () => import('./list/CustomerListPage');

/**
 * The customer screens: the staff-assisted Self Service Onboarding at /self-register (upload-document
 * is also its index) with one address per step, the customer list and one customer's profile.
 */
export const customerRoutes: PageRoute[] = [
  staffRoute(
    'self-register',
    { title: 'Self Service Onboarding', permissions: ['register-customer'], sessionStep: 'upload-document' },
    loadSelfRegister,
  ),
  ...SELF_REGISTER_STEPS.map((step) =>
    staffRoute(
      `self-register/${step.name}`,
      { title: `Self Service Onboarding: ${step.label}`, permissions: ['register-customer'], sessionStep: step.name },
      loadSelfRegister,
    ),
  ),
  staffRoute(
    'customer-profiles',
    { title: 'Customer Profiles', permissions: ['view-customer-profile'], innerTabName: 'all-customer' },
    loadList,
  ),
  staffRoute(
    'customer-profiles/all-customer',
    { title: 'Customer Profiles', permissions: ['view-customer-profile'], innerTabName: 'all-customer' },
    loadList,
  ),
  staffRoute(
    'customer-profiles/advance-search',
    { title: 'Advanced Search', permissions: ['view-customer-profile'], innerTabName: 'advance-search' },
    () => import('./list/AdvancedSearchPage'),
  ),
  staffRoute(
    'customer-profiles/customer-information/:id',
    { title: 'Customer Information', permissions: ['view-customer-profile'], innerTabName: 'customer-information' },
    () => import('./profile/CustomerProfilePage'),
  ),
];
