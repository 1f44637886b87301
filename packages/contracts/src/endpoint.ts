import { z } from 'zod';
import type { ApiScope } from './developers';
import type { Permission } from './permissions';

/**
 * One API operation, described once: the server registers its route from this description, the
 * OpenAPI document is generated from it, and the web client calls it through `api(endpoint, input)`.
 * Nothing about an operation (path, method, schemas, permission) is written anywhere else.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an end customer's onboarding link may be used for. */
export const LINK_PURPOSES = ['deep-register', 'dynamic-register', 'document-upload'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/**
 * Who may call an operation: anyone, any signed-in user, a user holding one of the listed
 * permissions, or (for what customers do through their onboarding link) either of those.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'permission'; readonly anyOf: readonly Permission[] }
  /** Staff with one of the permissions (any signed-in user when none is listed), or a live link of one of the purposes. */
  | { readonly kind: 'permission-or-link'; readonly anyOf: readonly Permission[]; readonly purposes: readonly LinkPurpose[] }
  /** The public API: an application access key (bearer) holding this scope. */
  | { readonly kind: 'api-key'; readonly scope: ApiScope };

export const PUBLIC: EndpointAccess = { kind: 'public' };
export const SIGNED_IN: EndpointAccess = { kind: 'authenticated' };

export function requireAny(...anyOf: Permission[]): EndpointAccess {
  return { kind: 'permission', anyOf };
}

/** A public API operation, called with an API key that holds `scope`. */
export function requireApiScope(scope: ApiScope): EndpointAccess {
  return { kind: 'api-key', scope };
}

export function requireAnyOrLink(purposes: readonly LinkPurpose[], ...anyOf: Permission[]): EndpointAccess {
  return { kind: 'permission-or-link', anyOf, purposes };
}

/** A file answered as is (an export, a stored document), with the content types it may have. */
export interface FileResponse {
  readonly kind: 'file';
  readonly contentTypes: readonly string[];
}

/** A browser redirect (the identity provider's sign-in flow). */
export interface RedirectResponse {
  readonly kind: 'redirect';
}

/** A multipart/form-data body: the text fields it carries and the name of its one file field. */
export interface MultipartBody<Fields extends z.ZodType = z.ZodType> {
  readonly kind: 'multipart';
  readonly fields: Fields;
  readonly fileField: string;
}

export function fileResponse(...contentTypes: string[]): FileResponse {
  return { kind: 'file', contentTypes };
}

export const REDIRECT: RedirectResponse = { kind: 'redirect' };

export function multipart<Fields extends z.ZodType>(fields: Fields, fileField = 'file'): MultipartBody<Fields> {
  return { kind: 'multipart', fields, fileField };
}

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Under /api, without a leading slash, with `:name` parameters: `access-control/roles/:id`. */
  readonly path: string;
  readonly summary: string;
  /** The area the operation belongs to; groups it in the OpenAPI document. */
  readonly tag: string;
  readonly access: EndpointAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | MultipartBody;
  /** The success answer: a JSON envelope schema, a file, or a redirect. */
  readonly response: z.ZodType | FileResponse | RedirectResponse;
  /** The operation also answers HEAD (a media element probing a file). */
  readonly head?: boolean;
}

/** Declares an operation; the literal type is kept so that callers are typed from it. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

export function isJsonResponse(response: EndpointDefinition['response']): response is z.ZodType {
  return response instanceof z.ZodType;
}

export function isMultipartBody(body: EndpointDefinition['body']): body is MultipartBody {
  return body !== undefined && !(body instanceof z.ZodType) && body.kind === 'multipart';
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** The parameters, query and body a caller sends; a part is required when its schema exists. */
export type EndpointInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: never }) &
  (E['body'] extends MultipartBody<infer Fields>
    ? { form: Input<Fields> & Record<string, unknown> }
    : E['body'] extends z.ZodType
      ? { body: Input<E['body']> }
      : { body?: never });

/** What the server hands back on success, as the schema describes it. */
export type EndpointOutput<E extends EndpointDefinition> = E['response'] extends z.ZodType ? Output<E['response']> : Blob;

/** What a server handler receives, already parsed by the schemas. */
export interface EndpointParsed<E extends EndpointDefinition> {
  params: E['params'] extends z.ZodType ? Output<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? Output<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? Output<E['body']> : undefined;
}

/** `access-control/roles/:id` with `{ id: 'x' }` → `access-control/roles/x`; each value is URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
