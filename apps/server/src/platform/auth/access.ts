import type { Permission } from '@sanad/contracts/permissions';
import type { TenantScope } from '../tenancy/scope';

/**
 * What a route needs: nothing (public), a signed-in user, or at least one of a list of
 * permissions. Every /api route declares one; the app refuses to start otherwise.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'permission'; readonly anyOf: readonly Permission[] }
  /**
   * Staff with one of the permissions (any signed-in user when none is listed), or an end customer
   * holding a live onboarding link of one of the purposes.
   */
  | { readonly kind: 'permission-or-link'; readonly anyOf: readonly Permission[]; readonly purposes: readonly LinkPurpose[] };

export type LinkPurpose = 'deep-register' | 'dynamic-register' | 'document-upload';
export const LINK_PURPOSES: readonly LinkPurpose[] = ['deep-register', 'dynamic-register', 'document-upload'];

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'authenticated' };
export function requireAny(...anyOf: Permission[]): Access {
  return { kind: 'permission', anyOf };
}

/** For what public onboarding links do as well as staff: upload a document, read it, check liveness. */
export function requireAnyOrLink(purposes: readonly LinkPurpose[], ...anyOf: Permission[]): Access {
  return { kind: 'permission-or-link', anyOf, purposes };
}

/** The end customer behind a request made with an onboarding link. */
export interface LinkCaller {
  linkId: string;
  dataSegmentId: string;
  purpose: LinkPurpose;
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
  /** Whether the active segment allows white labelling (already read with the session). */
  isActiveSegmentWhiteLabelled: boolean;
  /** The rest of the session profile, read in the same statement so verify-token needs no other query. */
  account: ActorAccount;
}

export interface ActorAccount {
  firstName: string;
  lastName: string;
  username: string;
  phoneNumber: string | null;
  avatarFileName: string | null;
  accountType: 'full' | 'lite';
  kyb: boolean;
  userGuide: boolean;
  dataSegmentIds: string[];
  /** The role's permissions in order, without the segment's white-labelling scope. */
  rolePermissions: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
    link: LinkCaller | null;
  }
}
