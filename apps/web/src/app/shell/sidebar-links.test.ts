import { describe, expect, it } from 'vitest';
import type { TProfile } from '@sanad/contracts/session';
import { ALL_PERMISSIONS } from '@sanad/contracts/permissions';
import { isRouted } from '../route-table';
import { buildSidebarLinks } from './sidebar-links';

function user(scopes: string[], overrides: Partial<TProfile> = {}): TProfile {
  return {
    _id: 'u1',
    userId: 'u1',
    firstName: 'Ayesha',
    lastName: 'Khan',
    email: 'ayesha@example.test',
    username: 'ayesha',
    phoneNumber: null,
    roleName: 'Analyst',
    avatar: null,
    accountType: 'full',
    kyb: false,
    userGuide: false,
    dataSegmentIds: [],
    scopes,
    kycRole: null,
    ...overrides,
  };
}

/** The rules alone, as if every page existed. */
const everyPage = () => true;
const onlyRegister = (path: string) => path === '/register-customer';

const labels = (scopes: string[], overrides?: Partial<TProfile>) =>
  buildSidebarLinks(user(scopes, overrides), everyPage).map((link) => link.label);

const insightsTarget = (scopes: string[]) => buildSidebarLinks(user(scopes), isRouted).find((link) => link.label === 'Insights')?.to;

describe('sidebar links', () => {
  it('shows nothing to a user without permissions', () => {
    expect(buildSidebarLinks(user([]), everyPage)).toEqual([]);
  });

  it('shows a link to a user holding any one of its permissions', () => {
    expect(labels(['view-customer-statistics'])).toEqual(['Insights']);
    expect(labels(['manage-data-segments'])).toEqual(['Users']);
    expect(labels(['manage-team-members'])).toEqual(['Team Members']);
    expect(labels(['onboarding-configurations'])).toEqual(['Configurations']);
    expect(labels(['sanad-engine'])).toEqual(['Configurations']);
  });

  it('sends Insights to the first Insights page the role opens', () => {
    expect(insightsTarget(['view-activity-dashboard', 'view-customer-statistics'])).toBe('/insights');
    expect(insightsTarget(['view-customer-statistics', 'view-alerts'])).toBe('/insights/customer-statistics');
    expect(insightsTarget(['view-alerts'])).toBe('/insights/alerts');
    // The spec's list for the link leaves out view-customer-tracker: the tracker is reached from the Insights menu.
    expect(insightsTarget(['view-customer-tracker'])).toBeUndefined();
  });

  it('sends Profiles to temp customers without view-customer-profile', () => {
    expect(buildSidebarLinks(user(['view-deeplink-sent']), everyPage)).toEqual([
      { label: 'Profiles', to: '/customer-profiles/temp-customers' },
    ]);
    expect(buildSidebarLinks(user(['view-customer-profile']), everyPage)).toEqual([{ label: 'Profiles', to: '/customer-profiles' }]);
  });

  it('gives a KYC account single onboarding links', () => {
    const links = buildSidebarLinks(user(['register-customer', 'register-company']), everyPage);
    expect(links).toEqual([
      { label: 'Deep Link Onboarding', to: '/register-customer' },
      { label: 'Self Service Onboarding', to: '/self-register/upload-document' },
    ]);
  });

  it('gives a KYB account dropdowns, with Company Onboarding only with register-company', () => {
    const withCompany = buildSidebarLinks(user(['register-customer', 'register-company'], { kyb: true }), everyPage);
    expect(withCompany[0]?.children?.map((child) => child.to)).toEqual(['/register-customer', '/register-company']);
    expect(withCompany[1]?.children?.map((child) => child.to)).toEqual([
      '/self-register/upload-document',
      '/self-register-company/upload-document',
    ]);
    const withoutCompany = buildSidebarLinks(user(['register-customer'], { kyb: true }), everyPage);
    expect(withoutCompany[0]?.children?.map((child) => child.label)).toEqual(['Individual Onboarding']);
  });

  it('hides System Logs and deep-link onboarding from lite accounts', () => {
    expect(labels(['system-logs', 'register-customer'], { accountType: 'lite' })).toEqual(['Self Service Onboarding']);
    expect(labels(['system-logs', 'register-customer'])).toEqual(['Deep Link Onboarding', 'Self Service Onboarding', 'System Logs']);
  });

  it('sends Configurations to the configuration home', () => {
    expect(buildSidebarLinks(user(['idv-configurations']), everyPage)).toEqual([{ label: 'Configurations', to: '/configuration' }]);
  });

  it('leaves out every entry whose page does not exist yet, and dropdown children likewise', () => {
    expect(buildSidebarLinks(user(['bulk-upload', 'subscribe-package']), () => false)).toEqual([]);
    const links = buildSidebarLinks(user(['register-customer', 'register-company'], { kyb: true }), onlyRegister);
    expect(links).toEqual([
      { label: 'Deep Link Onboarding', to: '/register-customer', children: [{ label: 'Individual Onboarding', to: '/register-customer' }] },
    ]);
  });

  it('hides Configurations when none of the pages the role opens exists yet', () => {
    expect(buildSidebarLinks(user(['manage-packages']), isRouted)).toEqual([]);
  });

  it('shows Configurations to a role that opens only the branding page', () => {
    expect(buildSidebarLinks(user(['branding']), isRouted).map((link) => link.label)).toEqual(['Configurations']);
  });

  it('shows an all-permissions user only links to pages of the route table', () => {
    const links = buildSidebarLinks(user([...ALL_PERMISSIONS]), isRouted);
    for (const link of links.flatMap((entry) => [entry, ...(entry.children ?? [])])) expect(isRouted(link.to)).toBe(true);
    expect(links.map((link) => link.label)).toEqual([
      'Insights',
      'Profiles',
      'Deep Link Onboarding',
      'Self Service Onboarding',
      'Bulk Onboarding',
      'Configurations',
      'Upload Delta',
      'Team Members',
      'Users',
      'Customer Verification',
      'Notifications',
      'System Logs',
      'Developer Tools',
    ]);
  });

  it('shows Customer Verification only with view-customer-verification, the permission its page needs', () => {
    expect(buildSidebarLinks(user(['view-customer-verification']), isRouted)).toEqual([
      { label: 'Customer Verification', to: '/customer-verification' },
    ]);
    expect(buildSidebarLinks(user(['manage-customer-verification']), isRouted)).toEqual([]);
    expect(isRouted('/customers')).toBe(true);
  });

  it('leads a holder of any developer permission to Developer Tools, where the API logs are', () => {
    for (const permission of ['developer-tools', 'manage-api-logs', 'manage-application-access', 'manage-webhooks'] as const) {
      expect(buildSidebarLinks(user([permission]), isRouted)).toEqual([{ label: 'Developer Tools', to: '/developers' }]);
    }
    expect(isRouted('/developers/api-logs')).toBe(true);
  });

  it('leads Profiles, Deep Link Onboarding and Self Service Onboarding to their pages, and Profiles to temp customers without view-customer-profile', () => {
    expect(buildSidebarLinks(user(['view-customer-profile', 'register-customer']), isRouted)).toEqual([
      { label: 'Profiles', to: '/customer-profiles' },
      { label: 'Deep Link Onboarding', to: '/register-customer' },
      { label: 'Self Service Onboarding', to: '/self-register/upload-document' },
    ]);
    expect(buildSidebarLinks(user(['view-deeplink-sent', 'bulk-upload']), isRouted)).toEqual([
      { label: 'Profiles', to: '/customer-profiles/temp-customers' },
      { label: 'Bulk Onboarding', to: '/bulk-customers-onboarding' },
    ]);
    // A KYB account gets the dropdowns, with the individual and the company onboarding of each.
    expect(buildSidebarLinks(user(['register-customer', 'register-company'], { kyb: true }), isRouted)).toEqual([
      {
        label: 'Deep Link Onboarding',
        to: '/register-customer',
        children: [
          { label: 'Individual Onboarding', to: '/register-customer' },
          { label: 'Company Onboarding', to: '/register-company' },
        ],
      },
      {
        label: 'Self Service Onboarding',
        to: '/self-register/upload-document',
        children: [
          { label: 'Individual Onboarding', to: '/self-register/upload-document' },
          { label: 'Company Onboarding', to: '/self-register-company/upload-document' },
        ],
      },
    ]);
    // An account without the kyb flag has individual onboarding only, whatever its role holds (KB-01).
    expect(buildSidebarLinks(user(['register-customer', 'register-company']), isRouted)).toEqual([
      { label: 'Deep Link Onboarding', to: '/register-customer' },
      { label: 'Self Service Onboarding', to: '/self-register/upload-document' },
    ]);
  });

  it('offers Company Profiles only to a KYB account with view-company-profile', () => {
    expect(buildSidebarLinks(user(['view-customer-profile', 'view-company-profile'], { kyb: true }), isRouted)).toEqual([
      {
        label: 'Profiles',
        to: '/customer-profiles',
        children: [
          { label: 'Individual Profiles', to: '/customer-profiles' },
          { label: 'Company Profiles', to: '/company-profiles' },
        ],
      },
    ]);
    expect(buildSidebarLinks(user(['view-company-profile'], { kyb: true }), isRouted)).toEqual([
      { label: 'Profiles', to: '/company-profiles' },
    ]);
    expect(buildSidebarLinks(user(['view-company-profile']), isRouted)).toEqual([]);
    expect(buildSidebarLinks(user(['view-customer-profile', 'view-company-profile']), isRouted)).toEqual([
      { label: 'Profiles', to: '/customer-profiles' },
    ]);
  });
});
