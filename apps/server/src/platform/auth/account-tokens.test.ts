import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { issueAccountToken, peekAccountToken, redeemAccountToken } from './account-tokens';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { makeDataSegment, makeUser } from '../../test-support/factories';

let database: TestDatabase;
let db: Database;
const key = randomBytes(32);
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.dispose();
});

const newUser = async () => makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });

describe('account tokens', () => {
  it('works once, for its purpose only, and is stored only as a hash', async () => {
    const user = await newUser();
    const token = await issueAccountToken(db, key, user.id, 'password-reset');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await db.query<{ token_hash: string }>('select token_hash from account_tokens where user_id = $1', [user.id]);
    expect(stored.rows[0]?.token_hash).not.toContain(token);

    expect(await redeemAccountToken(db, key, token, 'activation')).toBeNull();
    expect(await peekAccountToken(db, key, token, ['activation', 'team-activation'])).toBeNull();
    expect(await peekAccountToken(db, key, token, ['activation', 'password-reset'])).toEqual({
      userId: user.id,
      purpose: 'password-reset',
    });
    expect(await redeemAccountToken(db, key, token, 'password-reset')).toBe(user.id);
    expect(await redeemAccountToken(db, key, token, 'password-reset')).toBeNull();
    expect(await peekAccountToken(db, key, token, ['password-reset'])).toBeNull();
  });

  it('invalidates the previous link when a new one is issued', async () => {
    const user = await newUser();
    const first = await issueAccountToken(db, key, user.id, 'activation');
    const second = await issueAccountToken(db, key, user.id, 'activation');
    expect(await redeemAccountToken(db, key, first, 'activation')).toBeNull();
    expect(await redeemAccountToken(db, key, second, 'activation')).toBe(user.id);
  });

  it('refuses an expired token', async () => {
    const user = await newUser();
    const token = await issueAccountToken(db, key, user.id, 'password-reset');
    await db.query("update account_tokens set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    expect(await peekAccountToken(db, key, token, ['password-reset'])).toBeNull();
    expect(await redeemAccountToken(db, key, token, 'password-reset')).toBeNull();
  });
});
