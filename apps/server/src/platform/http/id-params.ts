import { z } from 'zod';

/**
 * Path ids as the client sends them. A malformed id is answered like a missing record (404) by the
 * repository's lookup, never as a validation or database error, so ids reveal nothing.
 */
export const ZLooseIdParams = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
