import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { CURRENT_KEY_ID, GENESIS_HASH, auditKeys, canonicalJson, hashAuditRow } from './audit-log';
import { getEntryHash, listChainHeads, readChainPage } from './audit.repository';
import type { AuditCheckpoint, CheckpointStore } from './checkpoint-store';

export interface AuditProblem {
  chain: string;
  seq: number;
  id: number | null;
  reason: 'edited' | 'missing' | 'broken-link' | 'head-mismatch' | 'checkpoint-mismatch' | 'checkpoint-forged';
}

export interface AuditVerification {
  ok: boolean;
  chains: number;
  rows: number;
  checkpoints: number;
  problems: AuditProblem[];
}

/** The MAC of a checkpoint's content, with the checkpoint key. */
export function checkpointMac(checkpoint: Omit<AuditCheckpoint, 'mac'>): string {
  const { chain, seq, hash, writtenAt } = checkpoint;
  return createHmac('sha256', auditKeys().checkpointKey).update(canonicalJson({ chain, seq, hash, writtenAt })).digest('hex');
}

function isGenuine(checkpoint: AuditCheckpoint): boolean {
  const expected = Buffer.from(checkpointMac(checkpoint), 'hex');
  const given = Buffer.from(typeof checkpoint.mac === 'string' ? checkpoint.mac : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Recomputes every chain from its first row: an edited row no longer matches its hash, a deleted
 * row leaves a gap in the sequence, and deleted trailing rows no longer reach the recorded head.
 * Then every checkpoint written outside the database must be genuine and its entry must still carry
 * the hash it had: a history rewritten and re-hashed, even with the key, differs there. Reads in
 * pages so a long trail does not have to fit in memory.
 */
export async function verifyAuditChain(
  db: Queryable,
  options: { checkpoints?: CheckpointStore; pageSize?: number } = {},
): Promise<AuditVerification> {
  const pageSize = options.pageSize ?? 5000;
  const heads = await listChainHeads(db);
  const problems: AuditProblem[] = [];
  let rows = 0;
  for (const head of heads) {
    let expectedSeq = 1;
    let prevHash = GENESIS_HASH;
    for (;;) {
      const page = await readChainPage(db, head.chain, expectedSeq, pageSize);
      if (page.length === 0) break;
      for (const stored of page) {
        rows += 1;
        const seq = Number(stored.seq);
        if (seq !== expectedSeq) {
          problems.push({ chain: head.chain, seq: expectedSeq, id: null, reason: 'missing' });
          // Resynchronise on the row we have, so one gap is reported once.
          prevHash = stored.prev_hash;
        }
        if (stored.prev_hash !== prevHash) problems.push({ chain: head.chain, seq, id: Number(stored.id), reason: 'broken-link' });
        const { id: _id, prev_hash: _prev, hash, key_id: keyId, ...content } = stored;
        // Only keyed entries verify: a plain hash is what anyone with write access could compute.
        const recomputed = keyId === CURRENT_KEY_ID ? hashAuditRow(stored.prev_hash, { ...content, seq }, CURRENT_KEY_ID) : null;
        if (recomputed !== hash) problems.push({ chain: head.chain, seq, id: Number(stored.id), reason: 'edited' });
        prevHash = hash;
        expectedSeq = seq + 1;
      }
    }
    if (expectedSeq - 1 !== Number(head.seq) || prevHash !== head.hash) {
      problems.push({ chain: head.chain, seq: Number(head.seq), id: null, reason: 'head-mismatch' });
    }
  }
  const checkpoints = options.checkpoints ? await options.checkpoints.list() : [];
  for (const checkpoint of checkpoints) {
    if (!isGenuine(checkpoint)) {
      problems.push({ chain: String(checkpoint.chain), seq: Number(checkpoint.seq), id: null, reason: 'checkpoint-forged' });
      continue;
    }
    if ((await getEntryHash(db, checkpoint.chain, checkpoint.seq)) !== checkpoint.hash) {
      problems.push({ chain: checkpoint.chain, seq: checkpoint.seq, id: null, reason: 'checkpoint-mismatch' });
    }
  }
  return { ok: problems.length === 0, chains: heads.length, rows, checkpoints: checkpoints.length, problems };
}
