import type { Database } from '../db/database';
import { CURRENT_KEY_ID, GENESIS_HASH, appendAudit, hashAuditRow, SYSTEM_SOURCE } from './audit-log';
import { listChainsWithLegacyRows, readChainPage, rewriteChainHashes } from './audit.repository';

/**
 * Keys the chains an earlier version wrote with plain SHA-256, once, at start: each such chain is
 * first verified as it is (an edited chain is left alone and stays reported by audit:verify), then
 * every hash is recomputed as an HMAC in one transaction, with an entry recording the upgrade.
 * Afterwards a plain hash never verifies, so no one can downgrade an entry to one they can compute.
 */
export async function keyLegacyAuditChains(db: Database): Promise<{ keyed: string[]; refused: string[] }> {
  const keyed: string[] = [];
  const refused: string[] = [];
  for (const chain of await listChainsWithLegacyRows(db)) {
    const rows = await readChainPage(db, chain, 1, Number.MAX_SAFE_INTEGER);
    let prevHash = GENESIS_HASH;
    let isIntact = true;
    const rewritten: Array<{ seq: number; prevHash: string; hash: string }> = [];
    for (const [index, stored] of rows.entries()) {
      const { id: _id, prev_hash: storedPrev, hash, key_id: keyId, ...content } = stored;
      const seq = Number(stored.seq);
      const expected = keyId === 'sha256' ? hashAuditRow(storedPrev, { ...content, seq }, 'sha256') : null;
      if (
        seq !== index + 1 ||
        storedPrev !== (index === 0 ? GENESIS_HASH : rows[index - 1]?.hash) ||
        (keyId === 'sha256' && expected !== hash)
      ) {
        isIntact = false;
        break;
      }
      const keyedHash = hashAuditRow(prevHash, { ...content, seq }, CURRENT_KEY_ID);
      rewritten.push({ seq, prevHash, hash: keyedHash });
      prevHash = keyedHash;
    }
    if (!isIntact) {
      refused.push(chain);
      continue;
    }
    await db.transaction(async (tx) => {
      await rewriteChainHashes(tx, chain, rewritten, CURRENT_KEY_ID);
      await appendAudit(tx, {
        dataSegmentId: chain === 'global' ? null : chain,
        source: SYSTEM_SOURCE,
        module: 'system_logs',
        action: 'keyed_audit_chain',
        summary: `Keyed the audit chain: ${rewritten.length} entries re-hashed with the installation's audit key`,
      });
    });
    keyed.push(chain);
  }
  return { keyed, refused };
}
