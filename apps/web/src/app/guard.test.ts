import { describe, expect, it } from 'vitest';
import { decideAccess } from './guard';
import type { RouteMeta } from '../lib/route-meta';

const dashboard: RouteMeta = { title: 'Activity Dashboard', auth: 'auth', permissions: ['view-activity-dashboard'] };
const users: RouteMeta = { title: 'System Users', auth: 'auth', permissions: ['view-users', 'manage-users'] };
const homes: Record<string, string> = { 'view-users': '/users', 'view-activity-dashboard': '/insights/activity-dashboard' };
const homeFor = (scope: string) => homes[scope] ?? null;

describe('route guard', () => {
  it('sends a signed-out visitor to the login page, remembering the wanted path', () => {
    expect(decideAccess(users, null, '/users?startAt=2', homeFor)).toEqual({ kind: 'redirect', to: '/?redirectTo=%2Fusers%3FstartAt%3D2' });
  });

  it('admits a user holding only the last listed permission', () => {
    expect(decideAccess(users, ['manage-users'], '/users', homeFor)).toEqual({ kind: 'allow' });
  });

  it('admits to a route with alsoRequires only a user holding every one of them too (labeling and white-labelling)', () => {
    const labeling: RouteMeta = { title: 'Labeling', auth: 'auth', permissions: ['labeling'], alsoRequires: ['white-labelling'] };
    expect(decideAccess(labeling, ['labeling', 'white-labelling'], '/configuration/labeling', homeFor)).toEqual({ kind: 'allow' });
    expect(decideAccess(labeling, ['labeling'], '/configuration/labeling', homeFor)).toEqual({ kind: 'forbidden' });
    expect(decideAccess(labeling, ['white-labelling', 'view-users'], '/configuration/labeling', homeFor)).toEqual({
      kind: 'moved',
      to: '/users',
    });
  });

  it('admits any signed-in user to a route with no permission list', () => {
    expect(decideAccess({ title: 'Download', auth: 'auth' }, [], '/download/a/b', homeFor)).toEqual({ kind: 'allow' });
  });

  it('moves a user without a match to the route of their first scope that has one', () => {
    expect(decideAccess(dashboard, ['maker', 'view-users'], '/insights/activity-dashboard', homeFor)).toEqual({
      kind: 'moved',
      to: '/users',
    });
  });

  it('shows 403 to a user with no scopes, or none that leads anywhere', () => {
    expect(decideAccess(dashboard, [], '/insights/activity-dashboard', homeFor)).toEqual({ kind: 'forbidden' });
    expect(decideAccess(dashboard, ['maker'], '/insights/activity-dashboard', homeFor)).toEqual({ kind: 'forbidden' });
  });

  it('sends a signed-in user away from guest-only routes to the activity dashboard', () => {
    expect(decideAccess({ title: 'Login', auth: 'guest' }, ['view-users'], '/', homeFor)).toEqual({
      kind: 'redirect',
      to: '/insights/activity-dashboard',
    });
    expect(decideAccess({ title: 'Login', auth: 'guest' }, null, '/', homeFor)).toEqual({ kind: 'allow' });
  });

  it('lets anyone through an open route', () => {
    expect(decideAccess({ title: 'Not Found', auth: 'open' }, null, '/x', homeFor)).toEqual({ kind: 'allow' });
  });
});

describe('company onboarding and the kyb flag (KB-01)', () => {
  const companyOnboarding: RouteMeta = {
    title: 'Company Self Service Onboarding',
    auth: 'auth',
    permissions: ['register-company'],
    kybOnly: { individualPath: '/self-register/upload-document' },
  };

  it('opens company onboarding to an account with the kyb flag', () => {
    expect(decideAccess(companyOnboarding, ['register-company'], '/self-register-company', homeFor, true)).toEqual({ kind: 'allow' });
  });

  it('takes an account without the kyb flag to the individual onboarding, saying why', () => {
    expect(decideAccess(companyOnboarding, ['register-company', 'register-customer'], '/self-register-company', homeFor, false)).toEqual({
      kind: 'moved',
      to: '/self-register/upload-document',
      reason: 'kyb',
    });
  });
});
