import { AppError } from '../../platform/http/app-error';

/**
 * Cursors of the v1 lists are opaque to callers: base64url of a small versioned record naming the
 * last row of the page. Anything else sent as a cursor is refused with a clear message.
 */
const INVALID_CURSOR = 'cursor must be the value of next from the previous page';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ v: 1, after: lastId }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'v' in parsed && 'after' in parsed) {
      const { v, after } = parsed;
      if (v === 1 && typeof after === 'string' && UUID.test(after)) return after;
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw AppError.field('cursor', INVALID_CURSOR);
}
