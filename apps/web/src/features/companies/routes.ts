import { staffRoute, type PageRoute } from '../../lib/page-route';
import { COMPANY_TABS } from './paths';
import { COMPANY_STEPS } from './self-register/steps';

const loadRegister = () => import('./register/RegisterCompanyPage');
const loadSelfRegister = () => import('./self-register/SelfRegisterCompanyPage');
/** Company onboarding is for accounts with the kyb flag; any other is taken to the individual onboarding (KB-01). */
const KYB_REGISTER = { individualPath: '/register-customer' };
const KYB_SELF_REGISTER = { individualPath: '/self-register/upload-document' };
const TAB_PAGES = {
  'company-information': () => import('./profile/CompanyInformationPage'),
  'name-screening': () => import('./profile/CompanyNameScreeningPage'),
  'document-verification': () => import('./profile/CompanyDocumentsPage'),
  'kyc-risk-rating': () => import('./profile/CompanyRiskRatingPage'),
  'activity-timeline': () => import('./profile/CompanyTimelinePage'),
} as const;

/**
 * The company (KYB) screens: Company Onboarding at /register-company (setup-profile, also its
 * index, and finish), the company self-register at /self-register-company (upload-document, also
 * its index, setup-profile, account-info, preview, finish: steps 1, 3, 4, 5, 6), the company list at
 * /company-profiles and one company's five tabs.
 */
export const companyRoutes: PageRoute[] = [
  staffRoute(
    'register-company',
    { title: 'Company Onboarding', permissions: ['register-company'], sessionStep: 'setup-profile', kybOnly: KYB_REGISTER },
    loadRegister,
  ),
  staffRoute(
    'register-company/setup-profile',
    {
      title: 'Company Onboarding: Setup profile',
      permissions: ['register-company'],
      sessionStep: 'setup-profile',
      kybOnly: KYB_REGISTER,
    },
    loadRegister,
  ),
  staffRoute(
    'register-company/finish',
    { title: 'Company Onboarding: Finish', permissions: ['register-company'], sessionStep: 'finish', kybOnly: KYB_REGISTER },
    loadRegister,
  ),
  staffRoute(
    'self-register-company',
    {
      title: 'Company Self Service Onboarding',
      permissions: ['register-company'],
      sessionStep: 'upload-document',
      kybOnly: KYB_SELF_REGISTER,
    },
    loadSelfRegister,
  ),
  ...COMPANY_STEPS.map((step) =>
    staffRoute(
      `self-register-company/${step.name}`,
      {
        title: `Company Self Service Onboarding: ${step.label}`,
        permissions: ['register-company'],
        sessionStep: step.name,
        kybOnly: KYB_SELF_REGISTER,
      },
      loadSelfRegister,
    ),
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

/**
 * The configuration area's company registers page, where a register file is loaded (screening-list;
 * not kyb-only, as the registry lookup is not). Listed after the screening pages, so that a user of
 * screening-list alone is still sent to the screening lists first.
 */
export const companyRegisterRoutes: PageRoute[] = [
  staffRoute(
    'configuration/company-registers',
    { title: 'Company Registers', permissions: ['screening-list'] },
    () => import('./registers/CompanyRegistersPage'),
  ),
];
