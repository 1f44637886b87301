import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appendAudit, canonicalJson, hashAuditRow } from './audit-log';
import { writeAuditCheckpoints } from './audit-checkpoint.job';
import { createLocalCheckpointStore } from './checkpoint-store';
import { readChainPage } from './audit.repository';
import { verifyAuditChain } from './verify-audit';
import type { Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { makeDataSegment } from '../../test-support/factories';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
const checkpointDir = mkdtempSync(path.join(tmpdir(), 'sanad-checkpoints-'));
const checkpoints = createLocalCheckpointStore(checkpointDir);
afterAll(async () => {
  await database.dispose();
  rmSync(checkpointDir, { recursive: true, force: true });
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

  it('verifies entries whose text PostgreSQL cannot store as given: lone surrogates and NUL', async () => {
    const segment = await makeDataSegment(db);
    await db.transaction((tx) =>
      appendAudit(tx, {
        dataSegmentId: segment,
        actor: { id: '6f1c5a2e-0000-4000-8000-00000000000b', name: 'Mallory \uD800 \uDFFF' },
        module: 'system_users',
        action: 'created_role',
        summary: 'Role \u0000 with NUL',
        details: { title: 'x\uD83D', ['k\uDC00']: ['\u0000'] },
      }),
    );
    const { problems } = await verifyAuditChain(db);
    expect(problems.filter((problem) => problem.chain === segment)).toEqual([]);
  });

  it('detects a row rewritten and re-hashed by someone who can write to the database but holds no key', async () => {
    const segment = await makeDataSegment(db);
    await writeEntries(segment, 3);
    // The attacker recomputes every hash from row 2 on with plain SHA-256, as the unkeyed chain allowed.
    await tamper("update audit_log set actor_name = 'Someone else' where chain = $1 and seq = 2", [segment]);
    const rows = await readChainPage(db, segment, 1, 100);
    let previous = rows[0]?.hash ?? '';
    for (const row of rows.slice(1)) {
      const { id: _id, prev_hash: _prev, hash: _hash, key_id: _key, ...content } = row;
      const hash = (await import('node:crypto'))
        .createHash('sha256')
        .update(previous)
        .update('\n')
        .update(canonicalJson(content))
        .digest('hex');
      await tamper("update audit_log set prev_hash = $3, hash = $4, key_id = 'sha256' where chain = $1 and seq = $2", [
        segment,
        row.seq,
        previous,
        hash,
      ]);
      previous = hash;
    }
    await db.query('update audit_heads set hash = $2 where chain = $1', [segment, previous]);
    const { problems } = await verifyAuditChain(db);
    expect(problems).toContainEqual(expect.objectContaining({ chain: segment, seq: 2, reason: 'edited' }));
  });

  it('detects history rewritten with the key once a checkpoint outside the database pins it', async () => {
    const segment = await makeDataSegment(db);
    await writeEntries(segment, 3);
    const written = await writeAuditCheckpoints(db, checkpoints);
    expect(written.map((checkpoint) => checkpoint.chain)).toContain(segment);
    // Written again, nothing new: only chains whose head moved get a checkpoint.
    expect((await writeAuditCheckpoints(db, checkpoints)).map((checkpoint) => checkpoint.chain)).not.toContain(segment);
    // Someone holding the key rewrites row 3 and re-hashes it and the head, so the chain itself verifies.
    await tamper("update audit_log set summary = 'nothing happened' where chain = $1 and seq = 3", [segment]);
    const [row] = await readChainPage(db, segment, 3, 1);
    if (!row) throw new Error('row 3 is missing');
    const { id: _id, prev_hash: prevHash, hash: _hash, key_id: _key, ...content } = row;
    const forged = hashAuditRow(prevHash, { ...content, seq: 3 }, 'hmac-v1');
    await tamper('update audit_log set hash = $2 where chain = $1 and seq = 3', [segment, forged]);
    await db.query('update audit_heads set hash = $2 where chain = $1', [segment, forged]);
    const result = await verifyAuditChain(db, { checkpoints });
    expect(result.problems.filter((problem) => problem.chain === segment)).toEqual([
      expect.objectContaining({ chain: segment, seq: 3, reason: 'checkpoint-mismatch' }),
    ]);
  });

  it('refuses a checkpoint that was edited after it was written', async () => {
    const segment = await makeDataSegment(db);
    await writeEntries(segment, 2);
    await writeAuditCheckpoints(db, checkpoints);
    const file = readdirSync(checkpointDir).find((name) => name.startsWith(encodeURIComponent(segment)));
    if (!file) throw new Error('no checkpoint was written');
    const full = path.join(checkpointDir, file);
    chmodSync(full, 0o600);
    writeFileSync(full, JSON.stringify({ ...JSON.parse((await import('node:fs')).readFileSync(full, 'utf8')), seq: 1 }));
    const { problems } = await verifyAuditChain(db, { checkpoints });
    expect(problems).toContainEqual(expect.objectContaining({ chain: segment, reason: 'checkpoint-forged' }));
  });
});
