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
    'customer-profiles/customer-information/:id',
    { title: 'Customer Information', permissions: ['view-customer-profile'], innerTabName: 'customer-information' },
    () => import('./profile/CustomerProfilePage'),
  ),
  staffRoute(
    'customer-profiles/name-screening/:id',
    { title: 'Name Screening', permissions: ['view-customer-profile'], innerTabName: 'name-screening' },
    () => import('./profile/NameScreeningPage'),
  ),
  staffRoute(
    'customer-profiles/document-verification/:id',
    { title: 'Document Verification', permissions: ['view-customer-profile'], innerTabName: 'document-verification' },
    () => import('./profile/DocumentVerificationPage'),
  ),
  staffRoute(
    'customer-profiles/kyc-risk-rating/:id',
    { title: 'KYC Risk Rating', permissions: ['view-customer-profile'], innerTabName: 'kyc-risk-rating' },
    () => import('./profile/KycRiskRatingPage'),
  ),
  staffRoute(
    'customer-profiles/activity-timeline/:id',
    { title: 'Activity Timeline', permissions: ['view-customer-profile'], innerTabName: 'activity-timeline' },
    () => import('./profile/ActivityTimelinePage'),
  ),
  // The screening hit beside the customer; its previous route is the customer's name screening.
  staffRoute(
    'customer-profiles/hit-detail/:id/:hitId',
    { title: 'Hit Detail', permissions: ['view-customer-profile'], innerTabName: 'name-screening' },
    () => import('./profile/HitDetailPage'),
  ),
];
