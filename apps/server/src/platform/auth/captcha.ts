import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Queryable } from '../db/database';
import { isCaptchaUsed, markCaptchaUsed } from './captcha.repository';

export interface CaptchaService {
  /** A fresh proof-of-work challenge for the ALTCHA widget. */
  createChallenge(): Promise<Challenge>;
  /** True once per solved challenge: a replayed solution is refused. */
  redeem(payload: string | undefined | null): Promise<boolean>;
}

const CHALLENGE_TTL_SECONDS = 10 * 60;

/**
 * Self-hosted ALTCHA. The work factor (PBKDF2 cost × expected counter) keeps a browser busy well
 * under a second while making scripted submissions cost real CPU. Redeemed challenge ids are stored
 * with an atomic insert, so a solution cannot be used twice even by two replicas at once.
 */
export function createCaptchaService(db: Queryable, secret: Buffer, options: { cost?: number; maxCounter?: number } = {}): CaptchaService {
  const hmacSignatureSecret = secret.toString('hex');
  const hmacKeySignatureSecret = `${hmacSignatureSecret}:key`;
  const cost = options.cost ?? 1_000;
  const maxCounter = options.maxCounter ?? 5_000;
  const store = {
    get: (id: string) => isCaptchaUsed(db, id),
    async set(id: string) {
      await markCaptchaUsed(db, id);
    },
    setIfAbsent: (id: string) => markCaptchaUsed(db, id),
  };
  return {
    createChallenge() {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(Math.floor(maxCounter / 5), maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async redeem(payload) {
      if (!payload) return false;
      const result = await verify(payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret, store);
      return result.error === null && Boolean(result.verification?.verified);
    },
  };
}
