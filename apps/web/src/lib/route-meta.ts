import type { Scope } from '@sanad/contracts/permissions';

/** guest: signed-out visitors only; auth: signed-in users only; open: anyone. */
export type AuthMode = 'guest' | 'auth' | 'open';

export type HeaderMenuName = 'insights' | 'configuration';

/** Route metadata as the spec lists it (000 §2, 001 §2), carried in each route's `handle`. */
export interface RouteMeta {
  title: string;
  auth: AuthMode;
  /** Needs one match; empty or absent admits any signed-in user. */
  permissions?: readonly Scope[];
  showSideBar?: boolean;
  noTopHeader?: boolean;
  /** Marks the step of a stepped menu the route belongs to. */
  sessionStep?: string;
  /** The tab of a tabbed screen to highlight. */
  innerTabName?: string;
  publicRegistration?: boolean;
  requiresAuth?: boolean;
  headerMenu?: HeaderMenuName;
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return Boolean(value && typeof value === 'object' && 'title' in value && 'auth' in value);
}
