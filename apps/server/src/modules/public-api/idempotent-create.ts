import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { API_KEY_MESSAGES } from '@sanad/contracts/developers';
import { IDEMPOTENCY_KEY_HEADER, ZIdempotencyKey } from '@sanad/contracts/public-api.endpoints';
import type { ApiClient } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { claimIdempotencyKey, releaseIdempotencyKey, retakeIdempotencyKey, storeIdempotentAnswer } from './idempotency.repository';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A UUID derived from the application and its key: the registration's own submissionKey, so a retry never creates twice. */
function submissionKeyOf(applicationAccessId: string, key: string): string {
  const hex = sha256(`idempotency:${applicationAccessId}:${key}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface IdempotentCall {
  client: ApiClient;
  operation: string;
  /** The Idempotency-Key header as received; none means an ordinary create. */
  header: string | string[] | undefined;
  /** The parsed body; its hash tells a retry from a different request under the same key. */
  body: unknown;
}

/**
 * Runs a v1 create under its Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header): the
 * first request with a key runs and its answer is kept for 24 hours; the same key with the same
 * body answers that again (Idempotent-Replayed: true) without creating anything; the same key with
 * another body is refused with 422, and while the first is still running with 409. The create also
 * receives a submission key derived from the key, so even a process that dies between creating and
 * keeping the answer leaves exactly one customer. A failed create forgets the key for a retry.
 */
export async function runIdempotent<T>(
  db: Database,
  call: IdempotentCall,
  reply: FastifyReply,
  create: (submissionKey: string | null) => Promise<T>,
): Promise<T> {
  if (call.header === undefined) return create(null);
  const key = typeof call.header === 'string' ? call.header : null;
  if (key === null || !ZIdempotencyKey.safeParse(key).success)
    throw AppError.field(IDEMPOTENCY_KEY_HEADER, API_KEY_MESSAGES.idempotencyKeyFormat);
  const applicationAccessId = call.client.applicationAccessId;
  const requestHash = sha256(JSON.stringify(call.body));
  const claim = await claimIdempotencyKey(db, { applicationAccessId, key, operation: call.operation, requestHash });
  if (claim !== true) {
    if (claim.operation !== call.operation || claim.requestHash !== requestHash) {
      throw AppError.field(IDEMPOTENCY_KEY_HEADER, API_KEY_MESSAGES.idempotencyKeyReused);
    }
    if (claim.responseStatus !== null) {
      void reply.header('idempotent-replayed', 'true');
      void reply.status(claim.responseStatus);
      return claim.responseBody as T;
    }
    if (!claim.isAbandoned || !(await retakeIdempotencyKey(db, applicationAccessId, key))) {
      throw new AppError('CONFLICT', API_KEY_MESSAGES.idempotencyKeyInProgress);
    }
  }
  let answer: T;
  try {
    answer = await create(submissionKeyOf(applicationAccessId, key));
  } catch (error) {
    await releaseIdempotencyKey(db, applicationAccessId, key);
    throw error;
  }
  await storeIdempotentAnswer(db, applicationAccessId, key, { status: 200, body: answer });
  return answer;
}
