import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database';
import { issueAccountToken, peekAccountToken, redeemAccountToken } from '../src/platform/auth/account-tokens';
import { isPasswordReused, storeNewPassword } from '../src/platform/auth/password-history';
import { createTestDatabase, type TestDatabase } from '../src/test-support/test-database';
import { makeDataSegment, makeUser } from '../src/test-support/factories';

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

describe('account tokens', () => {
  it('works once, for its purpose only, and is stored only as a hash', async () => {
    const user = await makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });
    const token = await issueAccountToken(db, key, user.id, 'password-reset');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await db.query<{ token_hash: string }>('select token_hash from account_tokens where user_id = $1', [user.id]);
    expect(stored.rows[0]?.token_hash).not.toContain(token);

    expect(await redeemAccountToken(db, key, token, 'activation')).toBeNull();
    expect(await peekAccountToken(db, key, token, 'password-reset')).toBe(user.id);
    expect(await redeemAccountToken(db, key, token, 'password-reset')).toBe(user.id);
    expect(await redeemAccountToken(db, key, token, 'password-reset')).toBeNull();
  });

  it('invalidates the previous link when a new one is issued', async () => {
    const user = await makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });
    const first = await issueAccountToken(db, key, user.id, 'activation');
    const second = await issueAccountToken(db, key, user.id, 'activation');
    expect(await redeemAccountToken(db, key, first, 'activation')).toBeNull();
    expect(await redeemAccountToken(db, key, second, 'activation')).toBe(user.id);
  });

  it('refuses an expired token', async () => {
    const user = await makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });
    const token = await issueAccountToken(db, key, user.id, 'password-reset');
    await db.query("update account_tokens set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    expect(await redeemAccountToken(db, key, token, 'password-reset')).toBeNull();
  });
});

describe('password history', () => {
  it('keeps a password set before the history existed once it is replaced', async () => {
    const user = await makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });
    await storeNewPassword(db, user.id, 'Second123!');
    expect(await isPasswordReused(db, user.id, 'Staff123!')).toBe(true);
    expect(await isPasswordReused(db, user.id, 'Second123!')).toBe(true);
  });

  it('refuses the current password and any of the last 10, and forgets the 11th', async () => {
    const user = await makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });
    const passwords = Array.from({ length: 11 }, (_, index) => `Passw0rd!${index}`);
    for (const password of passwords) await storeNewPassword(db, user.id, password);
    expect(await isPasswordReused(db, user.id, passwords[10] ?? '')).toBe(true);
    expect(await isPasswordReused(db, user.id, passwords[1] ?? '')).toBe(true);
    expect(await isPasswordReused(db, user.id, passwords[0] ?? '')).toBe(false);
    expect(await isPasswordReused(db, user.id, 'Brand-new1')).toBe(false);
    const count = await db.query<{ count: number }>('select count(*)::int as count from password_history where user_id = $1', [user.id]);
    expect(count.rows[0]?.count).toBe(10);
  });
});
