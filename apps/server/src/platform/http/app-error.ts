import { MESSAGES } from '@sanad/contracts/messages';

export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'CAPTCHA_REQUIRED'
  | 'INVALID_CREDENTIALS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'BAD_REQUEST'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  CAPTCHA_REQUIRED: 428,
  INVALID_CREDENTIALS: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_REQUEST: 400,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export type { FieldErrors } from '@sanad/contracts/field-errors';
import type { FieldErrors } from '@sanad/contracts/field-errors';

/**
 * The one error type services throw. It carries a documented code, the HTTP status that code maps
 * to, the user-facing message from the spec's catalogue, and optional per-field errors that the
 * client shows first.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = MESSAGES.default,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }

  static validation(fieldErrors: FieldErrors, message?: string): AppError {
    const first = Object.values(fieldErrors).flat()[0];
    return new AppError('VALIDATION', message ?? first ?? MESSAGES.validation, fieldErrors);
  }

  static field(field: string, message: string): AppError {
    return AppError.validation({ [field]: [message] });
  }

  static unauthorized(message: string = MESSAGES.unauthorized): AppError {
    return new AppError('UNAUTHORIZED', message);
  }

  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static conflict(field: string, message: string): AppError {
    return new AppError('CONFLICT', message, { [field]: [message] });
  }
}
