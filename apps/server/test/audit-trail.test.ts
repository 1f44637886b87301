import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../src/platform/audit/audit-log';
import { verifyAuditChain } from '../src/platform/audit/verify-audit';
import type { Database } from '../src/platform/db/database';
import { createTestDatabase, type TestDatabase } from '../src/test-support/test-database';
import { makeDataSegment } from '../src/test-support/factories';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.dispose();
});

async function writeEntries(segment: string | null, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await db.transaction((tx) =>
      appendAudit(tx, {
        dataSegmentId: segment,
        actor: { id: '6f1c5a2e-0000-4000-8000-00000000000a', name: 'Auditor' },
        module: 'system_users',
        action: 'updated_user',
        details: { index, nested: { b: 2, a: 1 }, list: [3, 1] },
      }),
    );
  }
}

/** Tamper as a database superuser would: with the append-only triggers switched off. */
async function tamper(sql: string, params: unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('alter table audit_log disable trigger audit_log_no_change');
    await tx.query(sql, params);
    await tx.query('alter table audit_log enable trigger audit_log_no_change');
  });
}

describe('audit trail', () => {
  it('chains every entry to the previous one and verifies clean', async () => {
    const segment = await makeDataSegment(db);
    await writeEntries(segment, 5);
    await writeEntries(null, 3);
    const result = await verifyAuditChain(db);
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(result.rows).toBeGreaterThanOrEqual(8);
  });

  it('keeps concurrent writers of one segment in one unbroken sequence', async () => {
    const segment = await makeDataSegment(db);
    await Promise.all(Array.from({ length: 10 }, () => writeEntries(segment, 2)));
    const seqs = (await db.query<{ seq: number }>('select seq from audit_log where chain = $1 order by seq', [segment])).rows.map((row) =>
      Number(row.seq),
    );
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('refuses updates and deletes through the append-only trigger', async () => {
    await expect(db.query("update audit_log set summary = 'changed' where id = (select min(id) from audit_log)")).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('delete from audit_log where id = (select min(id) from audit_log)')).rejects.toThrow(/append-only/);
  });

  it('detects an edited row', async () => {
    const segment = await makeDataSegment(db);
    await writeEntries(segment, 4);
    await tamper("update audit_log set actor_name = 'Someone else' where chain = $1 and seq = 2", [segment]);
    const result = await verifyAuditChain(db);
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(expect.objectContaining({ chain: segment, seq: 2, reason: 'edited' }));
  });

  it('detects a deleted row in the middle and deleted rows at the end', async () => {
    const middle = await makeDataSegment(db);
    await writeEntries(middle, 4);
    await tamper('delete from audit_log where chain = $1 and seq = 2', [middle]);
    const tail = await makeDataSegment(db);
    await writeEntries(tail, 4);
    await tamper('delete from audit_log where chain = $1 and seq >= 3', [tail]);
    const { problems } = await verifyAuditChain(db);
    expect(problems).toContainEqual(expect.objectContaining({ chain: middle, seq: 2, reason: 'missing' }));
    expect(problems).toContainEqual(expect.objectContaining({ chain: tail, reason: 'head-mismatch' }));
  });
});
