import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** The content of an entry that its hash covers, in the column names the hash has always used. */
export interface AuditRowContent {
  chain: string;
  seq: number;
  created_at: Date;
  data_segment_id: string | null;
  actor_id: string | null;
  actor_name: string;
  module: string;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  summary: string;
  details: unknown;
  ip: string | null;
  request_id: string | null;
  purpose_of_processing: string;
  legal_basis_for_processing: string;
  categories_of_data_involved: string[];
  recipients: string[];
  retention_period: string;
  location_of_processing: string;
  security_measures: string;
}

export interface StoredAuditRow extends AuditRowContent {
  id: number;
  key_id: string;
  prev_hash: string;
  hash: string;
}

export interface ChainHead {
  chain: string;
  seq: number;
  hash: string;
}

/** The head of a chain, locked for the rest of the transaction; created at the genesis hash when new. */
export async function lockChainHead(tx: Queryable, chain: string, genesisHash: string): Promise<ChainHead> {
  const db = sqlOf(tx);
  await db
    .insertInto('auditHeads')
    .values({ chain, seq: 0, hash: genesisHash })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return db.selectFrom('auditHeads').select(['chain', 'seq', 'hash']).where('chain', '=', chain).forUpdate().executeTakeFirstOrThrow();
}

export async function insertAuditRow(
  tx: Queryable,
  row: AuditRowContent & { key_id: string; prev_hash: string; hash: string },
): Promise<void> {
  await sqlOf(tx)
    .insertInto('auditLog')
    .values({
      chain: row.chain,
      seq: row.seq,
      createdAt: row.created_at,
      dataSegmentId: row.data_segment_id,
      actorId: row.actor_id,
      actorName: row.actor_name,
      module: row.module,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      summary: row.summary,
      details: JSON.stringify(row.details),
      ip: row.ip,
      requestId: row.request_id,
      purposeOfProcessing: row.purpose_of_processing,
      legalBasisForProcessing: row.legal_basis_for_processing,
      categoriesOfDataInvolved: row.categories_of_data_involved,
      recipients: row.recipients,
      retentionPeriod: row.retention_period,
      locationOfProcessing: row.location_of_processing,
      securityMeasures: row.security_measures,
      keyId: row.key_id,
      prevHash: row.prev_hash,
      hash: row.hash,
    })
    .execute();
  await sqlOf(tx).updateTable('auditHeads').set({ seq: row.seq, hash: row.hash }).where('chain', '=', row.chain).execute();
}

/**
 * Several entries of one chain at once, in seq order, and the head moved to the last: a bulk
 * writer's entries cost one statement instead of one per entry. Kysely's multi-row insert keeps
 * every column of every entry; the rows must follow each other (seq n+1 chained on seq n).
 */
export async function insertAuditRows(
  tx: Queryable,
  rows: readonly (AuditRowContent & { key_id: string; prev_hash: string; hash: string })[],
): Promise<void> {
  const last = rows.at(-1);
  if (!last) return;
  await sqlOf(tx)
    .insertInto('auditLog')
    .values(
      rows.map((row) => ({
        chain: row.chain,
        seq: row.seq,
        createdAt: row.created_at,
        dataSegmentId: row.data_segment_id,
        actorId: row.actor_id,
        actorName: row.actor_name,
        module: row.module,
        action: row.action,
        entityType: row.entity_type,
        entityId: row.entity_id,
        summary: row.summary,
        details: JSON.stringify(row.details),
        ip: row.ip,
        requestId: row.request_id,
        purposeOfProcessing: row.purpose_of_processing,
        legalBasisForProcessing: row.legal_basis_for_processing,
        categoriesOfDataInvolved: row.categories_of_data_involved,
        recipients: row.recipients,
        retentionPeriod: row.retention_period,
        locationOfProcessing: row.location_of_processing,
        securityMeasures: row.security_measures,
        keyId: row.key_id,
        prevHash: row.prev_hash,
        hash: row.hash,
      })),
    )
    .execute();
  await sqlOf(tx).updateTable('auditHeads').set({ seq: last.seq, hash: last.hash }).where('chain', '=', last.chain).execute();
}

export async function listChainHeads(db: Queryable): Promise<ChainHead[]> {
  return sqlOf(db).selectFrom('auditHeads').select(['chain', 'seq', 'hash']).orderBy('chain').execute();
}

/**
 * A page of one chain from `fromSeq` on, in the raw form the hash was computed over (timestamps as
 * Date, snake_case names), read with plain SQL so the query builder's conversions stay out of it.
 */
export async function readChainPage(db: Queryable, chain: string, fromSeq: number, limit: number): Promise<StoredAuditRow[]> {
  const { rows } = await db.query<StoredAuditRow>(
    `select id, chain, seq, created_at, data_segment_id, actor_id, actor_name, module, action, entity_type, entity_id,
            summary, details, ip, request_id, purpose_of_processing, legal_basis_for_processing,
            categories_of_data_involved, recipients, retention_period, location_of_processing, security_measures,
            key_id, prev_hash, hash
       from audit_log where chain = $1 and seq >= $2 order by seq limit $3`,
    [chain, fromSeq, limit],
  );
  return rows;
}

/** The hash recorded for one entry of a chain, or null when the entry is not there. */
export async function getEntryHash(db: Queryable, chain: string, seq: number): Promise<string | null> {
  const row = await sqlOf(db).selectFrom('auditLog').select('hash').where('chain', '=', chain).where('seq', '=', seq).executeTakeFirst();
  return row?.hash ?? null;
}

/** Heads that moved since a checkpoint was last written for them (or that never had one). */
export async function listHeadsPast(db: Queryable, checkpointed: ReadonlyMap<string, number>): Promise<ChainHead[]> {
  const heads = await listChainHeads(db);
  return heads.filter((head) => head.seq > 0 && head.seq > (checkpointed.get(head.chain) ?? 0));
}

/** Chains that still hold entries hashed before the chain was keyed. */
export async function listChainsWithLegacyRows(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ chain: string }>("select distinct chain from audit_log where key_id = 'sha256' order by chain");
  return rows.map((row) => row.chain);
}

/**
 * Replaces the hashes of a chain, in the one transaction of the upgrade that keys it. The
 * append-only trigger is switched off for this statement's transaction only; nothing else may edit
 * the log.
 */
export async function rewriteChainHashes(
  tx: Queryable,
  chain: string,
  hashes: ReadonlyArray<{ seq: number; prevHash: string; hash: string }>,
  keyId: string,
): Promise<void> {
  await tx.query('alter table audit_log disable trigger audit_log_no_change');
  for (const entry of hashes) {
    await tx.query('update audit_log set prev_hash = $3, hash = $4, key_id = $5 where chain = $1 and seq = $2', [
      chain,
      entry.seq,
      entry.prevHash,
      entry.hash,
      keyId,
    ]);
  }
  await tx.query('alter table audit_log enable trigger audit_log_no_change');
  const last = hashes.at(-1);
  if (last) await tx.query('update audit_heads set hash = $2 where chain = $1 and seq = $3', [chain, last.hash, last.seq]);
}
