import type { ComponentType } from 'react';
import type { RouteMeta } from './route-meta';

/** One screen: its path (relative to the root), its metadata, and its lazily loaded page. */
export interface PageRoute {
  path: string;
  meta: RouteMeta;
  load: () => Promise<{ default: ComponentType }>;
}

/** Signed-in staff screens share these defaults; a route may override any of them. */
export function staffRoute(path: string, meta: Omit<RouteMeta, 'auth'>, load: PageRoute['load']): PageRoute {
  return { path, meta: { showSideBar: true, requiresAuth: true, ...meta, auth: 'auth' }, load };
}

export function guestRoute(path: string, meta: Omit<RouteMeta, 'auth'>, load: PageRoute['load']): PageRoute {
  return { path, meta: { noTopHeader: true, ...meta, auth: 'guest' }, load };
}
