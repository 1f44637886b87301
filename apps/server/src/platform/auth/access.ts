import type { Permission } from '@sanad/contracts/permissions';
import type { TenantScope } from '../tenancy/scope';

/**
 * What a route needs: nothing (public), a signed-in user, or at least one of a list of
 * permissions. Every /api route declares one; the app refuses to start otherwise.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'permission'; readonly anyOf: readonly Permission[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'authenticated' };
export function requireAny(...anyOf: Permission[]): Access {
  return { kind: 'permission', anyOf };
}

export interface Actor {
  userId: string;
  sessionId: string;
  name: string;
  email: string;
  roleName: string;
  /** The role's permissions as of this request, plus white-labelling when the segment allows it. */
  permissions: ReadonlySet<string>;
  segments: TenantScope;
  activeSegmentId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
