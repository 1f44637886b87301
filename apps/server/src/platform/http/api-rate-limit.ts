import type { FastifyReply } from 'fastify';
import { API_KEY_MESSAGES } from '@sanad/contracts/developers';
import type { Queryable } from '../db/database';
import { AppError } from './app-error';
import { hitWindow } from './rate-counter.repository';

/** The public API's limits are per application access entry over a fixed one-minute window (docs/decisions/public-api.md). */
export const API_RATE_WINDOW_SECONDS = 60;

/**
 * Counts one call of an application against its limit and answers the IETF RateLimit headers
 * (limit, remaining, seconds to reset) on every call; past the limit, 429 with Retry-After. The
 * counter lives in the database, so every server process shares it and a restart does not reset it.
 */
export async function takeApiRate(db: Queryable, applicationAccessId: string, limit: number, reply: FastifyReply): Promise<void> {
  const { count, resetSeconds } = await hitWindow(db, `api:${applicationAccessId}`, API_RATE_WINDOW_SECONDS);
  void reply.header('ratelimit-limit', String(limit));
  void reply.header('ratelimit-remaining', String(Math.max(0, limit - count)));
  void reply.header('ratelimit-reset', String(resetSeconds));
  if (count > limit) {
    void reply.header('retry-after', String(resetSeconds));
    throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited(limit, resetSeconds));
  }
}
