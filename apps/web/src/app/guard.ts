import { hasAnyPermission } from '@sanad/contracts/permissions';
import type { RouteMeta } from '../lib/route-meta';
import { ACTIVITY_DASHBOARD_PATH, loginPathFor } from '../lib/paths';

/**
 * allow: show the page; redirect: to the login page or away from a guest-only page; moved: the user
 * may not open the page and is taken to another one (and told why there); forbidden: '403 Forbidden'.
 */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** reason kyb: the page is company onboarding and the account has individual onboarding only. */
  | { kind: 'moved'; to: string; reason?: 'kyb' }
  | { kind: 'forbidden' };

/**
 * The route guard (SH-22): sign-in required → login page remembering the wanted path; a permission
 * list needs one match (and every scope of alsoRequires); without a match go to the route of the user's first scope that has one, or
 * show '403 Forbidden' when there is none; guest-only routes send a signed-in user to the activity
 * dashboard. A company onboarding page (kybOnly) takes an account without the kyb flag to the
 * individual onboarding instead (KB-01).
 */
export function decideAccess(
  meta: RouteMeta,
  scopes: readonly string[] | null,
  wantedPath: string,
  homeForScope: (scope: string) => string | null,
  isKyb = false,
): GuardDecision {
  if (meta.auth === 'open') return { kind: 'allow' };
  if (meta.auth === 'guest') return scopes ? { kind: 'redirect', to: ACTIVITY_DASHBOARD_PATH } : { kind: 'allow' };
  if (!scopes) return { kind: 'redirect', to: loginPathFor(wantedPath) };
  const isAdmitted = hasAnyPermission(scopes, meta.permissions ?? []) && (meta.alsoRequires ?? []).every((scope) => scopes.includes(scope));
  if (isAdmitted) {
    return meta.kybOnly && !isKyb ? { kind: 'moved', to: meta.kybOnly.individualPath, reason: 'kyb' } : { kind: 'allow' };
  }
  for (const scope of scopes) {
    const home = homeForScope(scope);
    if (home && home !== wantedPath.split('?')[0]) return { kind: 'moved', to: home };
  }
  return { kind: 'forbidden' };
}
