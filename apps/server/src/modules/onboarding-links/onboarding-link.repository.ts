import type { TListQuery } from '@sanad/contracts/http';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { Page } from '../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';

export interface OnboardingLinkRow {
  id: string;
  data_segment_id: string;
  purpose: string;
  status: string;
  recipient_email: string | null;
  recipient_phone: string | null;
  expires_at: Date;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, data_segment_id, purpose, status, recipient_email, recipient_phone, expires_at, created_at, last_used_at';

export async function insertOnboardingLink(
  tx: Queryable,
  input: {
    dataSegmentId: string;
    tokenHash: string;
    purpose: string;
    email: string | null;
    phone: string | null;
    validForDays: number;
    createdBy: string;
  },
): Promise<OnboardingLinkRow> {
  const row = await queryOne<OnboardingLinkRow>(
    tx,
    `insert into onboarding_links (data_segment_id, token_hash, purpose, recipient_email, recipient_phone, expires_at, created_by)
     values ($1, $2, $3, $4, $5, now() + make_interval(days => $6), $7) returning ${COLUMNS}`,
    [input.dataSegmentId, input.tokenHash, input.purpose, input.email, input.phone, input.validForDays, input.createdBy],
  );
  if (!row) throw new Error('onboarding link insert returned nothing');
  return row;
}

export async function listOnboardingLinks(db: Queryable, dataSegmentId: string, query: TListQuery): Promise<Page<OnboardingLinkRow>> {
  const params: unknown[] = [dataSegmentId];
  const conditions = ['data_segment_id = $1'];
  if (query.status === 'active') conditions.push("status = 'active' and expires_at > now()");
  else if (query.status === 'expired') conditions.push("status = 'active' and expires_at <= now()");
  else if (query.status) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`(recipient_email ilike $${params.length} or recipient_phone ilike $${params.length})`);
  }
  const order = orderByClause(
    query,
    { createdAt: 'created_at', expiresAt: 'expires_at', purpose: 'purpose', email: 'recipient_email' },
    { column: 'created_at', order: 'desc' },
  );
  const limit = pageClause(query, params);
  const result = await db.query<OnboardingLinkRow & { total: number }>(
    `select ${COLUMNS}, count(*) over ()::int as total from onboarding_links where ${conditions.join(' and ')} ${order} ${limit}`,
    params,
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

export async function revokeOnboardingLink(tx: Queryable, dataSegmentId: string, id: string): Promise<OnboardingLinkRow | null> {
  return queryOne<OnboardingLinkRow>(
    tx,
    `update onboarding_links set status = 'revoked' where id = $1 and data_segment_id = $2 and status = 'active' returning ${COLUMNS}`,
    [id, dataSegmentId],
  );
}
