import { createHash } from 'node:crypto';
import { GDPR_DEFAULTS, type GdprFields, type LogAction, type LogModule } from '@sanad/contracts/log-modules';
import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';

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

/** Where processing happens, recorded on every entry; set once at start from the deployment. */
let locationOfProcessing = 'Self-hosted Sanad server';
export function setLocationOfProcessing(location: string): void {
  locationOfProcessing = location;
}

export const GENESIS_HASH = '0'.repeat(64);

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

export function hashAuditRow(prevHash: string, row: AuditRowContent): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(row)).digest('hex');
}

export const chainOf = (dataSegmentId: string | null) => dataSegmentId ?? 'global';

/**
 * Appends one entry to its segment's chain inside the caller's transaction, so the entry exists
 * exactly when the change it records does. The chain head row is locked for the rest of the
 * transaction, which orders concurrent writers of one segment.
 */
export async function appendAudit(tx: Queryable, event: AuditEvent, now = new Date()): Promise<void> {
  const chain = chainOf(event.dataSegmentId);
  await tx.query('insert into audit_heads (chain, seq, hash) values ($1, 0, $2) on conflict (chain) do nothing', [chain, GENESIS_HASH]);
  const head = await queryOne<{ seq: number; hash: string }>(tx, 'select seq, hash from audit_heads where chain = $1 for update', [chain]);
  if (!head) throw new Error(`audit chain ${chain} has no head`);
  const gdpr = { ...GDPR_DEFAULTS[event.module], locationOfProcessing, ...event.gdpr };
  // Millisecond precision survives the round trip through timestamptz, so the hash can be recomputed.
  const createdAt = new Date(Math.floor(now.getTime()));
  const row: AuditRowContent = {
    chain,
    seq: Number(head.seq) + 1,
    created_at: createdAt,
    data_segment_id: event.dataSegmentId,
    actor_id: (event.source?.actor ?? event.actor)?.id ?? null,
    actor_name: (event.source?.actor ?? event.actor)?.name ?? '',
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
  };
  const hash = hashAuditRow(head.hash, row);
  await tx.query(
    `insert into audit_log (chain, seq, created_at, data_segment_id, actor_id, actor_name, module, action, entity_type,
       entity_id, summary, details, ip, request_id, purpose_of_processing, legal_basis_for_processing,
       categories_of_data_involved, recipients, retention_period, location_of_processing, security_measures, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17::text[], $18::text[], $19, $20, $21, $22, $23)`,
    [
      row.chain,
      row.seq,
      row.created_at,
      row.data_segment_id,
      row.actor_id,
      row.actor_name,
      row.module,
      row.action,
      row.entity_type,
      row.entity_id,
      row.summary,
      JSON.stringify(row.details),
      row.ip,
      row.request_id,
      row.purpose_of_processing,
      row.legal_basis_for_processing,
      row.categories_of_data_involved,
      row.recipients,
      row.retention_period,
      row.location_of_processing,
      row.security_measures,
      head.hash,
      hash,
    ],
  );
  await tx.query('update audit_heads set seq = $2, hash = $3 where chain = $1', [chain, row.seq, hash]);
}
