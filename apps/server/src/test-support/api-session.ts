import type { OutgoingHttpHeaders } from 'node:http';
import { call } from './admin-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, body, createTestApp, type TestApp } from './test-app';

export interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
  errors?: Record<string, string[]>;
  pagination?: { total: number; current: number; next: number | null; perPage: number };
}

export interface ApiAnswer<T> {
  status: number;
  /** The envelope; empty when the answer is not JSON (a CSV export). */
  body: Envelope<T>;
  text: string;
  headers: OutgoingHttpHeaders;
}

export type ApiCall = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token?: string,
) => Promise<ApiAnswer<T>>;

/** Calls `/api/{url}` with the bearer token given, else `defaultToken`. */
export function apiCaller(t: TestApp, defaultToken: string): ApiCall {
  return async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = defaultToken) => {
    const response = await call(t, method, url, { token, payload });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: (isJson ? body<Envelope<T>>(response) : {}) as Envelope<T>,
      text: response.body,
      headers: response.headers,
    };
  };
}

/** The app of one test file with its first administrator signed in; `call` speaks as the administrator. */
export async function createAdminSession(): Promise<{ t: TestApp; admin: string; call: ApiCall }> {
  const t = await createTestApp();
  const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  return { t, admin, call: apiCaller(t, admin) };
}
