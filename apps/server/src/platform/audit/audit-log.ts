import { createHash, createHmac } from 'node:crypto';
import { GDPR_DEFAULTS, type GdprFields, type LogAction, type LogModule } from '@sanad/contracts/log-modules';
import type { Queryable } from '../db/database';
import { NOT_STORABLE_TEXT } from '../http/input-guard';
import { insertAuditRow, insertAuditRows, lockChainHead, type AuditRowContent } from './audit.repository';

export type { AuditRowContent } from './audit.repository';

/** Who made a change and through which request: the same three facts on every audit entry. */
export interface AuditSource {
  actor: { id: string; name: string } | null;
  ip: string | null;
  requestId: string | null;
}

/** The source of a change made by a signed-in user through a request. */
export function auditSource(actor: { userId: string; name: string } | null, meta: { ip: string; requestId: string } | null): AuditSource {
  return { actor: actor ? { id: actor.userId, name: actor.name } : null, ip: meta?.ip ?? null, requestId: meta?.requestId ?? null };
}

/** A change made by the system itself (a job, first start), with no user or request behind it. */
export const SYSTEM_SOURCE: AuditSource = { actor: null, ip: null, requestId: null };

export interface AuditEvent {
  dataSegmentId: string | null;
  /** Who and which request; when absent, the older separate fields below are read. */
  source?: AuditSource;
  actor?: { id: string; name: string } | null;
  module: LogModule;
  /** A snake_case action code, e.g. logged_in, created_user, lock_alert, exported_logs. */
  action: LogAction;
  entityType?: string;
  entityId?: string;
  summary?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
  gdpr?: Partial<GdprFields>;
}

/** Where processing happens, recorded on every entry. */
const LOCATION_OF_PROCESSING = 'Self-hosted Sanad server';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * How an entry's hash was computed: rows written before the chain was keyed used plain SHA-256;
 * every row since is an HMAC under a key derived from the master key, which never enters the
 * database, so write access to the database alone cannot recompute a rewritten chain.
 */
export type AuditKeyId = 'sha256' | 'hmac-v1';
export const CURRENT_KEY_ID: AuditKeyId = 'hmac-v1';

interface AuditKeys {
  chainKey: Buffer;
  checkpointKey: Buffer;
}

let keys: AuditKeys | null = null;

/**
 * Sets the keys of the audit trail for this process; main, the CLI and the test app call it once
 * with keys derived from the master key (platform/crypto/secrets.ts).
 */
export function configureAuditTrail(configured: AuditKeys): void {
  keys = configured;
}

export function auditKeys(): AuditKeys {
  if (!keys) throw new Error('The audit trail has no key: call configureAuditTrail at start');
  return keys;
}

/** JSON with object keys sorted at every level, so that jsonb's reordering cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value instanceof Date ? value.toISOString() : value);
}

/**
 * Text as PostgreSQL will store it: a lone UTF-16 surrogate cannot be encoded as UTF-8 and would be
 * stored as U+FFFD, and a NUL cannot be stored at all. The hash is computed over what is stored, so
 * an untouched row always verifies.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(NOT_STORABLE_TEXT, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), storable(item)])) as T;
  }
  return value;
}

export function hashAuditRow(prevHash: string, row: AuditRowContent, keyId: AuditKeyId): string {
  const hash = keyId === 'sha256' ? createHash('sha256') : createHmac('sha256', auditKeys().chainKey);
  return hash.update(prevHash).update('\n').update(canonicalJson(row)).digest('hex');
}

export const chainOf = (dataSegmentId: string | null) => dataSegmentId ?? 'global';

/**
 * Appends one entry to its segment's chain inside the caller's transaction, so the entry exists
 * exactly when the change it records does. The chain head row is locked for the rest of the
 * transaction, which orders concurrent writers of one segment.
 */
export async function appendAudit(tx: Queryable, event: AuditEvent, now = new Date()): Promise<void> {
  const chain = chainOf(event.dataSegmentId);
  const head = await lockChainHead(tx, chain, GENESIS_HASH);
  const row = auditRowOf(chain, Number(head.seq) + 1, event, now);
  const hash = hashAuditRow(head.hash, row, CURRENT_KEY_ID);
  await insertAuditRow(tx, { ...row, key_id: CURRENT_KEY_ID, prev_hash: head.hash, hash });
}

/**
 * Appends several entries of one segment's chain, in the order given, inside the caller's
 * transaction: the head is locked once and the entries are written in one statement. Each entry is
 * the same row appendAudit would write (its own seq, hash and prev_hash), so the chain verifies the
 * same way; a bulk import records one entry per customer without one round trip per entry.
 */
export async function appendAudits(tx: Queryable, events: readonly AuditEvent[], now = new Date()): Promise<void> {
  const first = events[0];
  if (!first) return;
  const chain = chainOf(first.dataSegmentId);
  if (events.some((event) => chainOf(event.dataSegmentId) !== chain)) throw new Error('appendAudits takes the entries of one chain');
  const head = await lockChainHead(tx, chain, GENESIS_HASH);
  let seq = Number(head.seq);
  let prevHash = head.hash;
  const rows = events.map((event) => {
    seq += 1;
    const row = auditRowOf(chain, seq, event, now);
    const hash = hashAuditRow(prevHash, row, CURRENT_KEY_ID);
    const stored = { ...row, key_id: CURRENT_KEY_ID, prev_hash: prevHash, hash };
    prevHash = hash;
    return stored;
  });
  await insertAuditRows(tx, rows);
}

/** The hashed content of one entry at its place in the chain. */
function auditRowOf(chain: string, seq: number, event: AuditEvent, now: Date): AuditRowContent {
  const gdpr = { ...GDPR_DEFAULTS[event.module], locationOfProcessing: LOCATION_OF_PROCESSING, ...event.gdpr };
  const actor = event.source?.actor ?? event.actor ?? null;
  // Millisecond precision survives the round trip through timestamptz, so the hash can be recomputed.
  const createdAt = new Date(Math.floor(now.getTime()));
  return storable({
    chain,
    seq,
    created_at: createdAt,
    data_segment_id: event.dataSegmentId,
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? '',
    module: event.module,
    action: event.action,
    entity_type: event.entityType ?? null,
    entity_id: event.entityId ?? null,
    summary: event.summary ?? '',
    details: event.details ?? {},
    ip: event.source?.ip ?? event.ip ?? null,
    request_id: event.source?.requestId ?? event.requestId ?? null,
    purpose_of_processing: gdpr.purposeOfProcessing,
    legal_basis_for_processing: gdpr.legalBasisForProcessing,
    categories_of_data_involved: gdpr.categoriesOfDataInvolved,
    recipients: gdpr.recipients,
    retention_period: gdpr.retentionPeriod,
    location_of_processing: gdpr.locationOfProcessing,
    security_measures: gdpr.securityMeasures,
  });
}
