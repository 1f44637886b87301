import { MESSAGES } from '@sanad/contracts/messages';
import { REQUEST_TIMEOUT_MS } from '@sanad/contracts/constants';
import { LINK_TOKEN_HEADER, getLinkSession } from './link-session';
import { clearSession, getToken, replaceToken } from './session';

/**
 * A failed call. `message` is what the user should read: the first entry of the server's errors
 * map, else its `error`, else its message, else 'There is something wrong' (HT-23).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A multipart body (file uploads); sent as is. */
  form?: FormData;
  signal?: AbortSignal;
}

let onUnauthorized: () => void = () => undefined;

/** The router registers what a 401 does: clear the session and go to the login page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: Query): string {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

function headers(hasBody: boolean | 'multipart'): Headers {
  const result = new Headers({ accept: 'application/json', 'x-timezone-offset': String(new Date().getTimezoneOffset()) });
  // A public onboarding page speaks only for its link's customer, never with a staff session.
  const link = getLinkSession();
  const token = link ? null : getToken();
  if (link) result.set(LINK_TOKEN_HEADER, link.token);
  if (token) result.set('authorization', `Bearer ${token}`);
  // The browser sets the multipart boundary itself.
  if (hasBody === true) result.set('content-type', 'application/json');
  return result;
}

const nonEmptyText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Exported for tests: the ApiError a failed response body becomes. */
export function errorFrom(status: number, body: unknown): ApiError {
  const envelope = (body !== null && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    error?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  const errors = envelope.errors !== null && typeof envelope.errors === 'object' ? (envelope.errors as Record<string, unknown>) : undefined;
  const firstError = errors ? Object.values(errors).flat().map(nonEmptyText).find(Boolean) : undefined;
  const message = firstError ?? nonEmptyText(envelope.error) ?? nonEmptyText(envelope.message) ?? MESSAGES.default;
  return new ApiError(
    message,
    status,
    typeof envelope.code === 'string' ? envelope.code : 'UNKNOWN',
    errors as Record<string, string[]> | undefined,
  );
}

/** Sends one request; resolves to the raw Response after the shared handling of tokens and 401s. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  // Uploads go as multipart: the browser sets the content type with its boundary.
  const form = options.form ?? (options.body instanceof FormData ? options.body : undefined);
  const hasBody = form ? 'multipart' : options.body !== undefined;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: headers(hasBody),
      body: form ?? (hasBody ? JSON.stringify(options.body) : undefined),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError' && options.signal?.aborted) throw error;
    throw new ApiError(MESSAGES.default, 0, 'NETWORK');
  }
  const refreshed = response.headers.get('authorization');
  if (refreshed) replaceToken(refreshed.replace(/^Bearer\s+/i, ''));
  // A link that stopped working is the public page's own business; the staff session is untouched.
  if (response.status === 401 && !getLinkSession()) {
    clearSession();
    onUnauthorized();
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw errorFrom(response.status, body);
  }
  return response;
}
