import type { FastifyRequest } from 'fastify';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** Minutes behind UTC as the browser's getTimezoneOffset() reports it (x-timezone-offset). */
  timezoneOffset: number;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const offset = Number(request.headers['x-timezone-offset']);
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    requestId: String(request.id),
    timezoneOffset: Number.isInteger(offset) && Math.abs(offset) <= 14 * 60 ? offset : 0,
  };
}
