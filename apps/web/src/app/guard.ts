import { hasAnyPermission } from '@sanad/contracts/permissions';
import type { RouteMeta } from './route-meta';

export const ACTIVITY_DASHBOARD_PATH = '/insights/activity-dashboard';
export const LOGIN_PATH = '/';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

/** Only same-site paths are remembered, so the login link cannot be turned into an open redirect. */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function loginPathFor(wanted: string): string {
  return wanted === LOGIN_PATH ? LOGIN_PATH : `${LOGIN_PATH}?redirectTo=${encodeURIComponent(wanted)}`;
}

/**
 * The route guard of 001 §6: sign-in required → login page remembering the wanted path; a
 * permission list needs one match; without a match go to the route of the user's first scope
 * that has one, or show '403 Forbidden' when there is none; guest-only routes send a signed-in
 * user to the activity dashboard.
 */
export function decideAccess(
  meta: RouteMeta,
  scopes: readonly string[] | null,
  wantedPath: string,
  homeForScope: (scope: string) => string | null,
): GuardDecision {
  if (meta.auth === 'open') return { kind: 'allow' };
  if (meta.auth === 'guest') return scopes ? { kind: 'redirect', to: ACTIVITY_DASHBOARD_PATH } : { kind: 'allow' };
  if (!scopes) return { kind: 'redirect', to: loginPathFor(wantedPath) };
  if (hasAnyPermission(scopes, meta.permissions ?? [])) return { kind: 'allow' };
  for (const scope of scopes) {
    const home = homeForScope(scope);
    if (home && home !== wantedPath.split('?')[0]) return { kind: 'redirect', to: home };
  }
  return { kind: 'forbidden' };
}
