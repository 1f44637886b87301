import type { Queryable } from '../db/database';
import { GENESIS_HASH, hashAuditRow, type AuditRowContent } from './audit-log';

export interface AuditProblem {
  chain: string;
  seq: number;
  id: number | null;
  reason: 'edited' | 'missing' | 'broken-link' | 'head-mismatch';
}

export interface AuditVerification {
  ok: boolean;
  chains: number;
  rows: number;
  problems: AuditProblem[];
}

interface StoredRow extends AuditRowContent {
  id: number;
  prev_hash: string;
  hash: string;
}

/**
 * Recomputes every chain from its first row: an edited row no longer matches its hash, a deleted
 * row leaves a gap in the sequence, and deleted trailing rows no longer reach the recorded head.
 * Reads in pages so a long trail does not have to fit in memory.
 */
export async function verifyAuditChain(db: Queryable, pageSize = 5000): Promise<AuditVerification> {
  const heads = (await db.query<{ chain: string; seq: number; hash: string }>('select chain, seq, hash from audit_heads order by chain'))
    .rows;
  const problems: AuditProblem[] = [];
  let rows = 0;
  for (const head of heads) {
    let expectedSeq = 1;
    let prevHash = GENESIS_HASH;
    for (;;) {
      const page = (
        await db.query<StoredRow>(
          `select id, chain, seq, created_at, data_segment_id, actor_id, actor_name, module, action, entity_type, entity_id,
                  summary, details, ip, request_id, purpose_of_processing, legal_basis_for_processing,
                  categories_of_data_involved, recipients, retention_period, location_of_processing, security_measures,
                  prev_hash, hash
             from audit_log where chain = $1 and seq >= $2 order by seq limit $3`,
          [head.chain, expectedSeq, pageSize],
        )
      ).rows;
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
        const { id: _id, prev_hash: _prev, hash, ...content } = stored;
        const recomputed = hashAuditRow(stored.prev_hash, { ...content, seq });
        if (recomputed !== hash) problems.push({ chain: head.chain, seq, id: Number(stored.id), reason: 'edited' });
        prevHash = hash;
        expectedSeq = seq + 1;
      }
    }
    if (expectedSeq - 1 !== Number(head.seq) || prevHash !== head.hash) {
      problems.push({ chain: head.chain, seq: Number(head.seq), id: null, reason: 'head-mismatch' });
    }
  }
  return { ok: problems.length === 0, chains: heads.length, rows, problems };
}
