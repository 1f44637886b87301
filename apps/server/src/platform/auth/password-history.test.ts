import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { isPasswordReused, storeNewPassword } from './password-history';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { makeDataSegment, makeUser } from '../../test-support/factories';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.dispose();
});

const newUser = async () => makeUser(db, { permissions: [], dataSegmentId: await makeDataSegment(db) });

describe('password history', () => {
  it('keeps a password set before the history existed once it is replaced', async () => {
    const user = await newUser();
    await storeNewPassword(db, user.id, 'Second123!');
    expect(await isPasswordReused(db, user.id, 'Staff123!')).toBe(true);
    expect(await isPasswordReused(db, user.id, 'Second123!')).toBe(true);
  });

  it('refuses the current password and any of the last 10, and forgets the 11th', async () => {
    const user = await newUser();
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
