import type { FastifyRequest } from 'fastify';

/** The value of one cookie of the request, or null. Sanad sets few cookies; a full parser is not needed. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  isSecure: boolean;
}

/** A Set-Cookie value: HttpOnly and SameSite=Lax always; Secure whenever Sanad is served over HTTPS. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.isSecure) parts.push('Secure');
  return parts.join('; ');
}
