import { sql } from 'kysely';
import type { TOnboardingLink, TOnboardingLinkListQuery } from '@sanad/contracts/onboarding-links';
import type { Queryable } from '../../platform/db/database';
import { keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';

/** A link whose time ran out is shown as expired, although nothing changed its row. */
const STATUS = sql<TOnboardingLink['status']>`case when status = 'active' and expires_at <= now() then 'expired' else status end`;

function selectLinks(db: Queryable) {
  return sqlOf(db)
    .selectFrom('onboardingLinks')
    .select([
      'id as _id',
      'purpose',
      STATUS.as('status'),
      'recipientEmail as email',
      'recipientPhone as phoneNumber',
      'expiresAt',
      'createdAt',
      'lastUsedAt',
    ]);
}

export async function insertOnboardingLink(
  tx: Queryable,
  input: {
    dataSegmentId: string;
    tokenHash: string;
    purpose: TOnboardingLink['purpose'];
    email: string | null;
    phone: string | null;
    validForDays: number;
    /** A lifetime in hours instead (a deep link follows the segment's onboarding configuration). */
    validForHours?: number;
    /** Null when no staff user made it: a public dynamic register journey, the public API, the system. */
    createdBy: string | null;
  },
): Promise<TOnboardingLink> {
  const { id } = await sqlOf(tx)
    .insertInto('onboardingLinks')
    .values({
      dataSegmentId: input.dataSegmentId,
      tokenHash: input.tokenHash,
      purpose: input.purpose,
      recipientEmail: input.email,
      recipientPhone: input.phone,
      expiresAt: sql`now() + make_interval(hours => ${input.validForHours ?? input.validForDays * 24})`,
      createdBy: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return selectLinks(tx).where('id', '=', id).executeTakeFirstOrThrow();
}

const SORTABLE = { createdAt: sql`created_at`, expiresAt: sql`expires_at`, purpose: sql`purpose`, email: sql`recipient_email` };

export async function listOnboardingLinks(
  db: Queryable,
  dataSegmentId: string,
  query: TOnboardingLinkListQuery,
): Promise<Page<TOnboardingLink>> {
  const sort = sortOf(query, SORTABLE, { expression: SORTABLE.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const rows = await selectLinks(db)
    .select(totalRows())
    .where('dataSegmentId', '=', dataSegmentId)
    .$if(query.status !== undefined, (qb) => qb.where(sql<boolean>`${STATUS} = ${query.status ?? ''}`))
    .$if(Boolean(query.keyword), (qb) => {
      const pattern = keywordLike(query.keyword ?? '');
      return qb.where(sql<boolean>`(recipient_email ilike ${pattern} or recipient_phone ilike ${pattern})`);
    })
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** Revokes a link of the segment that is still active; null when there is none. */
export async function revokeOnboardingLink(tx: Queryable, dataSegmentId: string, id: string): Promise<TOnboardingLink | null> {
  if (!isUuid(id)) return null;
  const revoked = await sqlOf(tx)
    .updateTable('onboardingLinks')
    .set({ status: 'revoked' })
    .where('id', '=', id)
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return revoked ? selectLinks(tx).where('id', '=', id).executeTakeFirstOrThrow() : null;
}

/** A link used up by the journey it opened, in that journey's completing transaction. */
export async function markLinkUsed(tx: Queryable, linkId: string): Promise<void> {
  await sqlOf(tx)
    .updateTable('onboardingLinks')
    .set({ status: 'completed' })
    .where('id', '=', linkId)
    .where('status', '=', 'active')
    .execute();
}
