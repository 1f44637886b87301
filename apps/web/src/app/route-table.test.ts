import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, homeForScope, isRouted, titleOfPath } from './route-table';

describe('route table', () => {
  it('knows which paths have a page, parameters and trailing slashes included', () => {
    expect(isRouted('/users')).toBe(true);
    expect(isRouted('/users/roles?startAt=2')).toBe(true);
    expect(isRouted('/configuration/screening-data/gender')).toBe(true);
    expect(isRouted('/configuration')).toBe(true);
    expect(isRouted('/billing')).toBe(false);
    expect(isRouted('/configuration/on-boarding-configuration/')).toBe(true);
    expect(isRouted('/configuration/labeling')).toBe(true);
    expect(isRouted('/configuration/form-builder/register-setup-profile')).toBe(true);
    expect(isRouted('/configuration/form-builder/preview-form/account-info')).toBe(true);
  });

  it('sends a scope to a page without parameters, never to a path with :page in it', () => {
    expect(homeForScope('view-screening-data')).toBe('/configuration/screening-data');
    for (const route of PAGE_ROUTES) {
      // A scope that opens only pages with parameters (edit-profile) has no home of its own: null, never a ':' path.
      for (const scope of route.meta.permissions ?? []) expect(homeForScope(scope) ?? '').not.toContain(':');
    }
  });

  it('sends a configuration scope to its own page before the configuration home', () => {
    expect(homeForScope('sanad-engine')).toBe('/configuration/sanad-engine');
    expect(homeForScope('idv-configurations')).toBe('/configuration/idv-configuration');
  });

  it('routes the company self-register steps and sends register-company to company onboarding only for a kyb account', () => {
    for (const step of ['upload-document', 'setup-profile', 'account-info', 'preview', 'finish'])
      expect(isRouted(`/self-register-company/${step}`)).toBe(true);
    expect(isRouted('/self-register-company/record-video')).toBe(false);
    expect(homeForScope('register-company', true)).toBe('/register-company');
    expect(homeForScope('register-company', false) ?? '').not.toMatch(/^\/(self-)?register-company/);
  });

  it('names the page at a path', () => {
    expect(titleOfPath('/users/roles')).toBe('Roles');
    expect(titleOfPath('/nowhere')).toBeNull();
  });
});
