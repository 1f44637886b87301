import type { FastifyServerOptions } from 'fastify';
import { pino, type Logger } from 'pino';

/**
 * Paths never written to logs: credentials, codes, tokens, document numbers and images. Request
 * bodies are not logged at all; these cover headers and anything a handler logs by mistake.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.passwordConfirmation',
  '*.otp',
  '*.otpCode',
  '*.code',
  '*.token',
  '*.accessToken',
  '*.captcha',
  '*.number',
  '*.idNumber',
  '*.passportNumber',
  '*.image',
  '*.file',
];

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // The query string may carry a token (public links); log the path only.
        return { method: request.method, url: request.url.split('?')[0], ip: request.ip, requestId: request.id };
      },
    },
  };
}

/** The logger of work done outside a request (jobs), with the same level and redaction as the API's. */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
