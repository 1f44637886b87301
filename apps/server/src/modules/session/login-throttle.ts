import type { Queryable } from '../../platform/db/database';
import { hitCounter, peekCounter, resetCounter } from '../../platform/http/rate-counter';

const WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-in limits. A hard block applies only to what the caller controls: one account from
 * one address (5 failures) and one address across accounts (30). Failures against one account from
 * anywhere (10) never lock it; they make further attempts on it require a solved captcha, so an
 * anonymous caller can slow an attack down but cannot lock the real user out.
 */
export const LOGIN_LIMITS = { pair: 5, address: 30, account: 10, windowSeconds: WINDOW_SECONDS } as const;

const keys = (account: string, address: string) => ({
  pair: `login:pair:${account}|${address}`,
  address: `login:ip:${address}`,
  account: `login:account:${account}`,
});

export type ThrottleVerdict = 'allowed' | 'blocked' | 'captcha';

export async function checkLoginThrottle(db: Queryable, account: string, address: string): Promise<ThrottleVerdict> {
  const key = keys(account, address);
  const [pair, byAddress, byAccount] = await Promise.all([
    peekCounter(db, key.pair, WINDOW_SECONDS),
    peekCounter(db, key.address, WINDOW_SECONDS),
    peekCounter(db, key.account, WINDOW_SECONDS),
  ]);
  if (pair >= LOGIN_LIMITS.pair || byAddress >= LOGIN_LIMITS.address) return 'blocked';
  if (byAccount >= LOGIN_LIMITS.account) return 'captcha';
  return 'allowed';
}

export async function recordLoginFailure(db: Queryable, account: string, address: string): Promise<void> {
  const key = keys(account, address);
  await hitCounter(db, key.pair, WINDOW_SECONDS);
  await hitCounter(db, key.address, WINDOW_SECONDS);
  await hitCounter(db, key.account, WINDOW_SECONDS);
}

export async function clearLoginFailures(db: Queryable, account: string, address: string): Promise<void> {
  const key = keys(account, address);
  await resetCounter(db, key.pair);
  await resetCounter(db, key.account);
}
