import type { EndpointAccess, LinkPurpose } from '@sanad/contracts/endpoint';
import type { TenantScope } from '../tenancy/scope';

/** What a route needs: declared by its endpoint contract (`@sanad/contracts/endpoint`). */
export type Access = EndpointAccess;
export type { LinkPurpose };

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

/** The application behind a public API request: its access entry, segment and the scopes its key holds. */
/** Whose key a public API request carries, known even when the key is refused (for the API log). */
export interface ApiCaller {
  applicationAccessId: string;
  keyId: string;
  title: string;
  dataSegmentId: string;
}

export interface ApiClient extends ApiCaller {
  scopes: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
    link: LinkCaller | null;
    apiClient: ApiClient | null;
    /** The key holder of a public API request, set before its scope or live state is checked. */
    apiCaller: ApiCaller | null;
  }
}
