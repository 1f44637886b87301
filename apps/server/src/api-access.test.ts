import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@sanad/contracts/api-catalogue';
import type { Permission } from '@sanad/contracts/permissions';
import { bearer, createTestApp, type TestApp } from './test-support/test-app';
import { STAFF_PASSWORD, makeUser } from './test-support/factories';

let t: TestApp;
let noPermissionToken: string;
const tokens = new Map<Permission, string>();

beforeAll(async () => {
  t = await createTestApp();
  const nobody = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
  noPermissionToken = await t.login(nobody.email, STAFF_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

/** A signed-in user holding exactly one permission, created once per permission. */
async function tokenWith(permission: Permission): Promise<string> {
  const cached = tokens.get(permission);
  if (cached) return cached;
  const user = await makeUser(t.context.db, { permissions: [permission], dataSegmentId: t.adminSegmentId });
  const token = await t.login(user.email, STAFF_PASSWORD);
  tokens.set(permission, token);
  return token;
}

const SAMPLE_ID = '6f1c5a2e-0000-4000-8000-000000000001';
const fillPath = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);

describe('every API endpoint enforces the access it declares', () => {
  it('has declared access for every route, and the catalogue is not empty', () => {
    expect(t.app.routeCatalog.length).toBeGreaterThan(5);
  });

  it('answers 401 without a token, 403 without the permission, and neither with it', async () => {
    const failures: string[] = [];
    // Logout ends the session it is called with, so it goes last.
    const routes = t.app.routeCatalog.toSorted((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of routes) {
      const request = { method: route.method as 'GET', url: fillPath(route.url), payload: route.method === 'GET' ? undefined : {} };
      const label = `${route.method} ${route.url}`;
      if (route.access.kind === 'public') continue;

      const anonymous = await t.app.inject(request);
      if (anonymous.statusCode !== 401) failures.push(`${label}: anonymous got ${anonymous.statusCode}`);

      // The public API takes API keys, never a staff session (its scopes: modules/public-api tests).
      if (route.access.kind === 'api-key') {
        const staff = await t.app.inject({ ...request, headers: bearer(noPermissionToken) });
        if (staff.statusCode !== 401) failures.push(`${label}: a staff session got ${staff.statusCode}`);
        continue;
      }

      const required = route.access.kind === 'permission' || route.access.kind === 'permission-or-link' ? route.access.anyOf : [];
      if (route.access.kind === 'authenticated' || required.length === 0) {
        const signedIn = await t.app.inject({ ...request, headers: bearer(noPermissionToken) });
        if ([401, 403].includes(signedIn.statusCode)) failures.push(`${label}: signed-in user got ${signedIn.statusCode}`);
        continue;
      }

      const without = await t.app.inject({ ...request, headers: bearer(noPermissionToken) });
      if (without.statusCode !== 403) failures.push(`${label}: user without permission got ${without.statusCode}`);
      for (const permission of required) {
        const withIt = await t.app.inject({ ...request, headers: bearer(await tokenWith(permission)) });
        if ([401, 403].includes(withIt.statusCode)) failures.push(`${label}: holder of ${permission} got ${withIt.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('every route is registered from its endpoint contract', () => {
  it('registers each contract once, and no route without one', () => {
    const registered = t.app.routeCatalog.map((route) => `${route.method} ${route.url}`);
    const withoutContract = t.app.routeCatalog.filter((route) => route.endpoint === null).map((route) => `${route.method} ${route.url}`);
    expect(withoutContract).toEqual([]);
    const declared = API_ENDPOINTS.map((definition) => `${definition.method} /api/${definition.path}`);
    expect(declared.filter((label) => !registered.includes(label))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });
});

const readOnly = (permission: string) => permission.startsWith('view-');

describe('every write needs a permission that allows writing', () => {
  it('admits no POST, PUT or DELETE on a view-* permission alone', () => {
    const offenders = API_ENDPOINTS.filter((definition) => definition.method !== 'GET')
      .filter((definition) => definition.access.kind === 'permission' || definition.access.kind === 'permission-or-link')
      .filter((definition) => {
        const anyOf = 'anyOf' in definition.access ? definition.access.anyOf : [];
        return anyOf.some(readOnly);
      })
      .map(
        (definition) =>
          `${definition.method} ${definition.path}: ${'anyOf' in definition.access ? definition.access.anyOf.join(', ') : ''}`,
      );
    expect(offenders).toEqual([]);
  });
});
