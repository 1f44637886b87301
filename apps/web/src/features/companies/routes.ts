import { staffRoute, type PageRoute } from '../../lib/page-route';
import { COMPANY_TABS } from './paths';

const loadRegister = () => import('./register/RegisterCompanyPage');
const TAB_PAGES = {
  'company-information': () => import('./profile/CompanyInformationPage'),
  'name-screening': () => import('./profile/CompanyNameScreeningPage'),
  'document-verification': () => import('./profile/CompanyDocumentsPage'),
  'kyc-risk-rating': () => import('./profile/CompanyRiskRatingPage'),
  'activity-timeline': () => import('./profile/CompanyTimelinePage'),
} as const;

/**
 * The company (KYB) screens: Company Onboarding at /register-company (setup-profile, also its
 * index, and finish), the company list at /company-profiles and one company's five tabs.
 */
export const companyRoutes: PageRoute[] = [
  staffRoute(
    'register-company',
    { title: 'Company Onboarding', permissions: ['register-company'], sessionStep: 'setup-profile' },
    loadRegister,
  ),
  staffRoute(
    'register-company/setup-profile',
    { title: 'Company Onboarding: Setup profile', permissions: ['register-company'], sessionStep: 'setup-profile' },
    loadRegister,
  ),
  staffRoute(
    'register-company/finish',
    { title: 'Company Onboarding: Finish', permissions: ['register-company'], sessionStep: 'finish' },
    loadRegister,
  ),
  staffRoute(
    'company-profiles',
    { title: 'Company Profiles', permissions: ['view-company-profile'], innerTabName: 'all-company' },
    () => import('./list/CompanyListPage'),
  ),
  ...COMPANY_TABS.map((tab) =>
    staffRoute(
      `company-profiles/${tab.name}/:id`,
      { title: tab.label, permissions: ['view-company-profile'], innerTabName: tab.name },
      TAB_PAGES[tab.name],
    ),
  ),
];
