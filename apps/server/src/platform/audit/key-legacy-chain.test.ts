import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { makeDataSegment } from '../../test-support/factories';
import { GENESIS_HASH, appendAudit, canonicalJson } from './audit-log';
import { readChainPage } from './audit.repository';
import { keyLegacyAuditChains } from './key-legacy-chain';
import { verifyAuditChain } from './verify-audit';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.dispose();
});

/** Turns a chain back into what an earlier version wrote: plain SHA-256 hashes, marked 'sha256'. */
async function makeLegacy(chain: string): Promise<void> {
  const rows = await readChainPage(db, chain, 1, 1000);
  let previous = GENESIS_HASH;
  await db.transaction(async (tx) => {
    await tx.query('alter table audit_log disable trigger audit_log_no_change');
    for (const row of rows) {
      const { id: _id, prev_hash: _prev, hash: _hash, key_id: _key, ...content } = row;
      const hash = createHash('sha256').update(previous).update('\n').update(canonicalJson(content)).digest('hex');
      await tx.query("update audit_log set prev_hash = $3, hash = $4, key_id = 'sha256' where chain = $1 and seq = $2", [
        chain,
        row.seq,
        previous,
        hash,
      ]);
      previous = hash;
    }
    await tx.query('alter table audit_log enable trigger audit_log_no_change');
    await tx.query('update audit_heads set hash = $2 where chain = $1', [chain, previous]);
  });
}

async function write(segment: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await db.transaction((tx) =>
      appendAudit(tx, { dataSegmentId: segment, actor: null, module: 'system_users', action: 'updated_user', details: { index } }),
    );
  }
}

describe('keying the chains an earlier version wrote', () => {
  it('re-hashes an intact legacy chain with the key, records it, and leaves nothing unkeyed', async () => {
    const segment = await makeDataSegment(db);
    await write(segment, 3);
    await makeLegacy(segment);
    expect((await verifyAuditChain(db)).problems).toContainEqual(expect.objectContaining({ chain: segment, reason: 'edited' }));
    const { keyed, refused } = await keyLegacyAuditChains(db);
    expect(keyed).toContain(segment);
    expect(refused).not.toContain(segment);
    const result = await verifyAuditChain(db);
    expect(result.problems.filter((problem) => problem.chain === segment)).toEqual([]);
    const actions = (await readChainPage(db, segment, 1, 100)).map((row) => row.action);
    expect(actions.at(-1)).toBe('keyed_audit_chain');
  });

  it('leaves a legacy chain that was edited unkeyed, so it stays reported', async () => {
    const segment = await makeDataSegment(db);
    await write(segment, 3);
    await makeLegacy(segment);
    await db.transaction(async (tx) => {
      await tx.query('alter table audit_log disable trigger audit_log_no_change');
      await tx.query("update audit_log set actor_name = 'Someone' where chain = $1 and seq = 2", [segment]);
      await tx.query('alter table audit_log enable trigger audit_log_no_change');
    });
    const { refused } = await keyLegacyAuditChains(db);
    expect(refused).toContain(segment);
    expect((await verifyAuditChain(db)).problems).toContainEqual(expect.objectContaining({ chain: segment, reason: 'edited' }));
  });
});
