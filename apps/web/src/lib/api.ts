import {
  fillPath,
  isJsonResponse,
  isMultipartBody,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
} from '@sanad/contracts/endpoint';
import { MESSAGES } from '@sanad/contracts/messages';
import { ApiError, send, type RequestOptions } from './api-client';

/**
 * The one way the web app calls the server: `api(ENDPOINT, { params, query, body })`, typed from the
 * endpoint contract the server registers its route from. In development and tests every answer is
 * checked against the contract's response schema, so a server that drifts fails loudly there.
 */

export interface CallOptions {
  signal?: AbortSignal;
}

/** The input argument may be left out when the endpoint takes nothing required. */
type InputArgs<E extends EndpointDefinition> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

const SHOULD_CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

type Query = NonNullable<RequestOptions['query']>;

function toFormData(fields: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.set(name, value, value instanceof File ? value.name : name);
    else form.set(name, String(value));
  }
  return form;
}

function requestOf<E extends EndpointDefinition>(endpoint: E, input: EndpointInput<E> | undefined, options: CallOptions | undefined) {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Query; body?: unknown; form?: Record<string, unknown> };
  const path = fillPath(endpoint.path, parts.params);
  const request: RequestOptions = { query: parts.query, signal: options?.signal };
  if (isMultipartBody(endpoint.body)) request.form = toFormData(parts.form ?? {});
  else if (endpoint.body) request.body = parts.body ?? {};
  return { path, request };
}

/** Calls a JSON endpoint and resolves to its envelope ({ status, message, data, pagination? }). */
export async function api<E extends EndpointDefinition>(endpoint: E, ...[input, options]: InputArgs<E>): Promise<EndpointOutput<E>> {
  const { path, request } = requestOf(endpoint, input, options);
  const response = await send(endpoint.method, path, request);
  const body: unknown = await response.json();
  if (SHOULD_CHECK_RESPONSES && isJsonResponse(endpoint.response)) {
    const checked = endpoint.response.safeParse(body);
    if (!checked.success) {
      console.error(`Response of ${endpoint.method} ${endpoint.path} does not match its contract`, checked.error.issues);
      throw new ApiError(MESSAGES.default, response.status, 'RESPONSE_CONTRACT');
    }
    return checked.data as EndpointOutput<E>;
  }
  return body as EndpointOutput<E>;
}

/** Fetches a file endpoint as a Blob with the bearer token (media elements cannot send one). */
export async function apiBlob<E extends EndpointDefinition>(endpoint: E, ...[input, options]: InputArgs<E>): Promise<Blob> {
  const { path, request } = requestOf(endpoint, input, options);
  return (await send(endpoint.method, path, request)).blob();
}

/** Downloads a file endpoint (a CSV export, a stored file) under the name the server gives it. */
export async function apiDownload<E extends EndpointDefinition>(endpoint: E, ...[input, options]: InputArgs<E>): Promise<void> {
  const { path, request } = requestOf(endpoint, input, options);
  const response = await send(endpoint.method, path, request);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
