import { describe, expect, it } from 'vitest';
import { errorFrom } from './api-client';
import { readPagination } from './list-api';

describe('the message of a failed call', () => {
  it('is the first entry of the errors object', () => {
    expect(
      errorFrom(422, {
        status: false,
        message: 'Invalid',
        code: 'VALIDATION',
        errors: { email: ['Email is required'], name: ['Name is required'] },
      }).message,
    ).toBe('Email is required');
  });

  it('falls back to the error field, then to the message', () => {
    expect(errorFrom(400, { status: false, error: 'Token expired', message: 'Bad request' }).message).toBe('Token expired');
    expect(errorFrom(409, { status: false, message: 'Already archived', code: 'CONFLICT' }).message).toBe('Already archived');
  });

  it("says 'There is something wrong' when the body says nothing usable", () => {
    expect(errorFrom(500, null).message).toBe('There is something wrong');
    expect(errorFrom(500, { errors: {}, error: '', message: ' ' }).message).toBe('There is something wrong');
    expect(errorFrom(502, '<html>Bad gateway</html>').code).toBe('UNKNOWN');
  });
});

describe('list pagination', () => {
  it('reads the current form as it is', () => {
    expect(readPagination({ total: 42, current: 2, next: 3, perPage: 10 }, 10)).toEqual({ total: 42, current: 2, next: 3, perPage: 10 });
    expect(readPagination({ total: 42, current: 5, next: null, perPage: 10 }, 2)).toEqual({
      total: 42,
      current: 5,
      next: null,
      perPage: 10,
    });
  });

  it('reads the older form, whose total counts pages and totalRecords counts rows', () => {
    expect(readPagination({ totalRecords: 42, total: 5, current: 2, first: 1, last: 5, perPage: 10 }, 10)).toEqual({
      total: 42,
      current: 2,
      next: 3,
      perPage: 10,
    });
    expect(readPagination({ totalRecords: 42, total: 5, current: 5, first: 1, last: 5, perPage: 10 }, 2)).toEqual({
      total: 42,
      current: 5,
      next: null,
      perPage: 10,
    });
  });

  it('treats an answer without pagination as the whole list', () => {
    expect(readPagination(undefined, 3)).toEqual({ total: 3, current: 1, next: null, perPage: 3 });
  });
});
