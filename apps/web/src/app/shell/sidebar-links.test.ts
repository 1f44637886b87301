import { describe, expect, it } from 'vitest';
import type { TProfile } from '@sanad/contracts/session';
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

const labels = (scopes: string[], overrides?: Partial<TProfile>) => buildSidebarLinks(user(scopes, overrides)).map((link) => link.label);

describe('sidebar links', () => {
  it('shows nothing to a user without permissions', () => {
    expect(buildSidebarLinks(user([]))).toEqual([]);
  });

  it('shows a link to a user holding any one of its permissions', () => {
    expect(labels(['view-customer-statistics'])).toEqual(['Insights']);
    expect(labels(['manage-data-segments'])).toEqual(['Users']);
    expect(labels(['manage-team-members'])).toEqual(['Team Members']);
    expect(labels(['onboarding-configurations'])).toEqual(['Configurations']);
  });

  it('sends Profiles to temp customers without view-customer-profile', () => {
    expect(buildSidebarLinks(user(['view-deeplink-sent']))).toEqual([{ label: 'Profiles', to: '/customer-profiles/temp-customers' }]);
    expect(buildSidebarLinks(user(['view-customer-profile']))).toEqual([{ label: 'Profiles', to: '/customer-profiles' }]);
  });

  it('gives a KYC account single onboarding links', () => {
    const links = buildSidebarLinks(user(['register-customer', 'register-company']));
    expect(links).toEqual([
      { label: 'Deep Link Onboarding', to: '/register-customer' },
      { label: 'Self Service Onboarding', to: '/self-register/upload-document' },
    ]);
  });

  it('gives a KYB account dropdowns, with Company Onboarding only with register-company', () => {
    const withCompany = buildSidebarLinks(user(['register-customer', 'register-company'], { kyb: true }));
    expect(withCompany[0]?.children?.map((child) => child.to)).toEqual(['/register-customer', '/register-company']);
    expect(withCompany[1]?.children?.map((child) => child.to)).toEqual([
      '/self-register/upload-document',
      '/self-register-company/upload-document',
    ]);
    const withoutCompany = buildSidebarLinks(user(['register-customer'], { kyb: true }));
    expect(withoutCompany[0]?.children?.map((child) => child.label)).toEqual(['Individual Onboarding']);
  });

  it('hides System Logs and deep-link onboarding from lite accounts', () => {
    expect(labels(['system-logs', 'register-customer'], { accountType: 'lite' })).toEqual(['Self Service Onboarding']);
    expect(labels(['system-logs', 'register-customer'])).toEqual(['Deep Link Onboarding', 'Self Service Onboarding', 'System Logs']);
  });
});
