import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { addFieldError, fieldName } from '@sanad/contracts/field-errors';
import { MESSAGES } from '@sanad/contracts/messages';
import { AppError, type FieldErrors } from './app-error';

function pathOf(issue: { instancePath: string; params?: unknown }): string[] {
  const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
  return params?.issue?.path?.map(String) ?? issue.instancePath.split('/').filter(Boolean);
}

/**
 * Validation issues become `{ field: [text] }`, with the dotted path as the field name. Keys a
 * strict schema does not allow are named as fields and come first, so that a mass-assignment
 * attempt (role, status, scopes...) is reported as such rather than behind a missing field.
 */
function fieldErrorsFrom(
  issues: ReadonlyArray<{ instancePath: string; keyword?: string; message?: string; params?: unknown }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (issue.keyword !== 'unrecognized_keys') continue;
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    for (const key of Array.isArray(keys) ? keys.map(String) : []) {
      addFieldError(errors, fieldName([...pathOf(issue), key]), issue.message ?? MESSAGES.validation);
    }
  }
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys') continue;
    addFieldError(errors, fieldName(pathOf(issue)), issue.message ?? MESSAGES.validation);
  }
  return errors;
}

/** PostgreSQL error codes (SQLSTATE): class 22 is "data exception", 23503 a missing referenced row. */
const FOREIGN_KEY_VIOLATION = '23503';
const DATA_EXCEPTION_CLASS = '22';

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return AppError.validation(fieldErrorsFrom(error.validation));
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge(10));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.default);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', MESSAGES.default);
    default:
      break;
  }
  // The database refusing what a request named: a row that does not exist (a foreign key), or a value
  // outside what the column holds. The request is at fault, not the server; the log still says which.
  const databaseCode = (error as { code?: unknown }).code;
  if (databaseCode === FOREIGN_KEY_VIOLATION) return AppError.notFound();
  if (typeof databaseCode === 'string' && databaseCode.startsWith(DATA_EXCEPTION_CLASS))
    return new AppError('BAD_REQUEST', MESSAGES.default);
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED', MESSAGES.rateLimited);
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('BAD_REQUEST', MESSAGES.default);
  }
  return new AppError('INTERNAL', MESSAGES.default);
}

/**
 * Maps every error to the failure envelope in one place. Clients never see a stack trace or an
 * internal message: unexpected errors answer 'There is something wrong' and are logged in full.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const appError = toAppError(error);
    // A refused request is the caller's mistake and part of normal traffic: debug. A flood is worth a
    // warning; a failure of our own an error with its stack.
    if (appError.code === 'INTERNAL' || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    } else if (
      !(error instanceof AppError) &&
      typeof (error as { code?: unknown }).code === 'string' &&
      /^2[23]/.test((error as { code: string }).code)
    ) {
      // Refused by the database rather than by a check of ours: answered 4xx, but worth a look.
      request.log.warn({ err: error, url: request.url.split('?')[0] }, 'request refused by the database');
    } else if (appError.code === 'RATE_LIMITED') {
      request.log.warn({ code: appError.code, url: request.url.split('?')[0] }, appError.message);
    } else {
      request.log.debug({ code: appError.code, status: appError.statusCode }, appError.message);
    }
    const retryAfter = (error as { headers?: Record<string, string> }).headers?.['retry-after'];
    if (retryAfter) void reply.header('retry-after', retryAfter);
    return reply.status(appError.statusCode).send({
      status: false,
      message: appError.message,
      code: appError.code,
      ...(appError.fieldErrors ? { errors: appError.fieldErrors } : {}),
    });
  });
}
