import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { afterCommit } from './after-commit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('work that waits for a commit', () => {
  it('runs when the transaction commits, not before', async () => {
    const ran: string[] = [];
    await database.db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('after'));
      ran.push('inside');
    });
    expect(ran).toEqual(['inside', 'after']);
  });

  it('never runs when the transaction rolls back', async () => {
    const ran: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => ran.push('after'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
  });

  it('runs at once outside a transaction, where each statement commits on its own', () => {
    const ran: string[] = [];
    afterCommit(database.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
