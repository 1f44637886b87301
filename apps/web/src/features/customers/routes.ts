import { DYNAMIC_REGISTER_STEPS } from '@sanad/contracts/dynamic-register';
import { PUBLIC_FORM_STEPS } from '@sanad/contracts/registration-steps';
import { staffRoute, type PageRoute } from '../../lib/page-route';
import type { RouteMeta } from '../../lib/route-meta';
import { EDIT_PROFILE_STEPS } from './edit-profile/edit-steps';
import { SELF_REGISTER_STEPS } from './self-register/steps';

const loadSelfRegister = () => import('./self-register/SelfRegisterPage');
const loadList = () => import('./list/CustomerListPage');
const loadRegisterCustomer = () => import('./deep-link/RegisterCustomerPage');
const loadDeepRegister = () => import('./deep-register/DeepRegisterPage');

/** The public deep register: no sign-in, no header or sidebar, opened by the customer's link. */
function deepRegisterRoute(path: string, meta: Pick<RouteMeta, 'title' | 'sessionStep'>): PageRoute {
  return {
    path,
    meta: { ...meta, auth: 'open', noTopHeader: true, showSideBar: false, publicRegistration: true },
    load: loadDeepRegister,
  };
}
const loadPublicForm = () => import('./public-form/PublicFormPage');

function publicFormRoute(path: string, meta: Pick<RouteMeta, 'title' | 'sessionStep'>): PageRoute {
  return { path, meta: { ...meta, auth: 'open', noTopHeader: true, showSideBar: false, publicRegistration: true }, load: loadPublicForm };
}

/** The older public form (/:dataSegmentId/register/<step>): six steps, no sign-in, no header or sidebar. */
function publicFormRoutes(): PageRoute[] {
  return [
    publicFormRoute(':dataSegmentId/register', { title: 'Registration', sessionStep: 'upload-document' }),
    ...PUBLIC_FORM_STEPS.map((step) =>
      publicFormRoute(`:dataSegmentId/register/${step.name}`, { title: `Registration: ${step.label}`, sessionStep: step.name }),
    ),
  ];
}
const loadDynamicRegister = () => import('./dynamic-register/DynamicRegisterPage');
const loadDocumentUpload = () => import('./document-upload/DocumentUploadPage');

/**
 * The public document-upload link: upload (the link's own address), preview, and finish as step 3;
 * no sign-in, no header or sidebar.
 */
function documentUploadRoutes(): PageRoute[] {
  const meta = { auth: 'open', noTopHeader: true, showSideBar: false, publicRegistration: true } as const;
  return [
    {
      path: ':dataSegmentId/:token/document-upload',
      meta: { ...meta, title: 'Document upload', sessionStep: 'upload' },
      load: loadDocumentUpload,
    },
    {
      path: ':dataSegmentId/:token/document-upload/preview',
      meta: { ...meta, title: 'Document upload: Preview', sessionStep: 'preview' },
      load: loadDocumentUpload,
    },
    {
      path: ':dataSegmentId/:token/document-upload/finish',
      meta: { ...meta, title: 'Document upload: Finish', sessionStep: 'finish' },
      load: loadDocumentUpload,
    },
  ];
}

/**
 * The public dynamic register in its four variants (with and without the token, with and without
 * the source): the step name comes before the optional source; upload-document is also the index.
 */
function dynamicRoute(path: string, meta: Pick<RouteMeta, 'title' | 'sessionStep'>): PageRoute {
  return {
    path,
    meta: { ...meta, auth: 'open', noTopHeader: true, showSideBar: false, publicRegistration: true },
    load: loadDynamicRegister,
  };
}
function dynamicRegisterRoutes(): PageRoute[] {
  const route = dynamicRoute;
  return [':dataSegmentId/dynamic-register', ':dataSegmentId/:token/dynamic-register'].flatMap((base) => [
    route(base, { title: 'Registration', sessionStep: 'upload-document' }),
    route(`${base}/:source`, { title: 'Registration', sessionStep: 'upload-document' }),
    ...DYNAMIC_REGISTER_STEPS.flatMap((step) => [
      route(`${base}/${step.name}`, { title: `Registration: ${step.label}`, sessionStep: step.name }),
      route(`${base}/${step.name}/:source`, { title: `Registration: ${step.label}`, sessionStep: step.name }),
    ]),
  ]);
}
const loadEditProfile = () => import('./edit-profile/EditProfilePage');

/**
 * The customer screens: Deep Link Onboarding at /register-customer (staff send a link; setup-profile
 * is also its index), the temp customers it creates, the public deep register the link opens (one
 * address per step, upload-document also the index), the staff-assisted Self Service Onboarding at
 * /self-register (upload-document is also its index), the customer list and one customer's profile.
 */
export const customerRoutes: PageRoute[] = [
  staffRoute(
    'register-customer',
    { title: 'Deep Link Onboarding', permissions: ['register-customer'], sessionStep: 'setup-profile' },
    loadRegisterCustomer,
  ),
  staffRoute(
    'register-customer/setup-profile',
    { title: 'Deep Link Onboarding: Setup profile', permissions: ['register-customer'], sessionStep: 'setup-profile' },
    loadRegisterCustomer,
  ),
  staffRoute(
    'register-customer/finish',
    { title: 'Deep Link Onboarding: Finish', permissions: ['register-customer'], sessionStep: 'finish' },
    loadRegisterCustomer,
  ),
  staffRoute(
    'customer-profiles/temp-customers',
    { title: 'Temp Customers', permissions: ['view-deeplink-sent'], innerTabName: 'temp-customers' },
    () => import('./temp-customers/TempCustomersPage'),
  ),
  staffRoute(
    'customer-profiles/temp-customer-information/:id',
    { title: 'Temp Customer Information', permissions: ['view-deeplink-sent'], innerTabName: 'temp-customers' },
    () => import('./temp-customers/TempCustomerPage'),
  ),
  deepRegisterRoute(':dataSegmentId/:token/deep-register', { title: 'Registration', sessionStep: 'upload-document' }),
  ...SELF_REGISTER_STEPS.map((step) =>
    deepRegisterRoute(`:dataSegmentId/:token/deep-register/${step.name}`, { title: `Registration: ${step.label}`, sessionStep: step.name }),
  ),
  ...dynamicRegisterRoutes(),
  ...publicFormRoutes(),
  ...documentUploadRoutes(),
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
  staffRoute('customer-profiles/edit-profile/:id', { title: 'Edit Customer', permissions: ['edit-profile'] }, loadEditProfile),
  ...EDIT_PROFILE_STEPS.map((step) =>
    staffRoute(
      `customer-profiles/edit-profile/${step.name}/:id`,
      { title: step.title, permissions: ['edit-profile'], sessionStep: step.name },
      loadEditProfile,
    ),
  ),
];
