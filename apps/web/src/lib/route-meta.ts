import { useMatches } from 'react-router';
import type { Scope } from '@sanad/contracts/permissions';

/** guest: signed-out visitors only; auth: signed-in users only; open: anyone. */
export type AuthMode = 'guest' | 'auth' | 'open';

export type HeaderMenuName = 'insights' | 'configuration';

/**
 * Route metadata as the spec lists it (title, sidebar and header flags, permission list, stepped
 * menu and tab markers), carried in each route's `handle`.
 */
export interface RouteMeta {
  title: string;
  auth: AuthMode;
  /** Needs one match; empty or absent admits any signed-in user. */
  permissions?: readonly Scope[];
  /** Needs every one of these as well (labeling: the white-labelling scope of the segment). */
  alsoRequires?: readonly Scope[];
  showSideBar?: boolean;
  noTopHeader?: boolean;
  /** Marks the step of a stepped menu the route belongs to. */
  sessionStep?: string;
  /** The tab of a tabbed screen to highlight. */
  innerTabName?: string;
  publicRegistration?: boolean;
  /**
   * Company onboarding (KB-01): only an account with the kyb flag opens it; any other account is
   * taken to the individual onboarding at this path and told why.
   */
  kybOnly?: { individualPath: string };
  requiresAuth?: boolean;
  headerMenu?: HeaderMenuName;
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return Boolean(value && typeof value === 'object' && 'title' in value && 'auth' in value);
}

const FALLBACK_META: RouteMeta = { title: 'Page Not Found', auth: 'open' };

/** The metadata of the deepest matched route that has some (the 404 page's when none has). */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const leaf = matches.toReversed().find((match) => isRouteMeta(match.handle));
  return (leaf?.handle as RouteMeta | undefined) ?? FALLBACK_META;
}
