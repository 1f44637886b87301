import { sql } from 'kysely';
import type { RegistrationFlow, RegistrationStep } from '@sanad/contracts/registration-steps';
import type { TMessageLanguage, TTempCustomer, TTempCustomerListQuery, TTempCustomerState } from '@sanad/contracts/temp-customers';
import type { Queryable } from '../../platform/db/database';
import { keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';
import { markLinkUsed } from './onboarding-link.repository';

/**
 * The state staff see, from the link and the progress: a withdrawn link is revoked whatever else
 * happened; a completed registration stays completed after its link's time would have run out.
 */
const STATE = sql<TTempCustomerState>`case
  when l.status = 'revoked' then 'revoked'
  when t.completed_at is not null then 'completed'
  when l.expires_at <= now() then 'expired'
  when t.progressed_at is not null then 'in-progress'
  when t.opened_at is not null then 'opened'
  else 'sent' end`;

const FULL_NAME = sql<string>`concat_ws(' ', t.first_name, nullif(t.middle_name, ''), t.last_name)`;

/**
 * The temp customers staff follow: those of links staff (or the API) sent. A journey a visitor
 * started on the older public form has no invitation to follow; its link is in the links list.
 */
function selectTempCustomers(db: Queryable) {
  return sqlOf(db)
    .selectFrom('tempCustomers as t')
    .innerJoin('onboardingLinks as l', 'l.id', 't.onboardingLinkId')
    .leftJoin('customers as c', 'c.id', 't.customerId')
    .where('t.flow', '=', 'deep-register')
    .select([
      't.id as _id',
      't.firstName',
      't.middleName',
      't.lastName',
      FULL_NAME.as('fullName'),
      't.email',
      't.phoneNumber',
      sql<TTempCustomer['channel']>`t.channel`.as('channel'),
      't.language',
      STATE.as('status'),
      sql<RegistrationStep>`t.reached_step`.as('reachedStep'),
      't.sentCount',
      sql<string>`t.last_sent_at`.as('lastSentAt'),
      sql<string | null>`t.opened_at`.as('openedAt'),
      sql<string | null>`t.progressed_at`.as('progressedAt'),
      sql<string | null>`t.completed_at`.as('completedAt'),
      sql<string>`l.expires_at`.as('expiresAt'),
      't.customerId',
      sql<string | null>`c.sanad_id`.as('sanadId'),
      sql<
        TTempCustomer['createdBy']
      >`case when t.created_by is null then null else json_build_object('_id', t.created_by, 'name', t.created_by_name) end`.as(
        'createdBy',
      ),
      sql<string>`t.created_at`.as('createdAt'),
    ]);
}

export interface NewTempCustomer {
  dataSegmentId: string;
  onboardingLinkId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  channel: TTempCustomer['channel'];
  createdBy: { id: string | null; name: string };
  /** The public API's idempotent send (see `findBySubmissionKey`); null for a send from the app. */
  submissionKey?: string | null;
  /** The steps the journey runs: a sent link's seven (the default), or the older public form's six. */
  flow?: RegistrationFlow;
  /** The language the link was sent in (English by default). */
  language?: TMessageLanguage;
}

export async function insertTempCustomer(tx: Queryable, input: NewTempCustomer): Promise<string> {
  const row = await sqlOf(tx)
    .insertInto('tempCustomers')
    .values({
      dataSegmentId: input.dataSegmentId,
      onboardingLinkId: input.onboardingLinkId,
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber,
      channel: input.channel,
      createdBy: input.createdBy.id,
      createdByName: input.createdBy.name,
      submissionKey: input.submissionKey ?? null,
      flow: input.flow ?? 'deep-register',
      language: input.language ?? 'en',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The temp customer an earlier attempt of the same idempotent send created in the segment, with its link's token hash. */
export async function findBySubmissionKey(
  db: Queryable,
  dataSegmentId: string,
  submissionKey: string,
): Promise<{ id: string; tokenHash: string } | null> {
  const row = await sqlOf(db)
    .selectFrom('tempCustomers as t')
    .innerJoin('onboardingLinks as l', 'l.id', 't.onboardingLinkId')
    .select(['t.id', 'l.tokenHash'])
    .where('t.dataSegmentId', '=', dataSegmentId)
    .where('t.submissionKey', '=', submissionKey)
    .executeTakeFirst();
  return row ?? null;
}

/** A temp customer inside the scope; another segment's is answered as none. */
export async function findTempCustomer(db: Queryable, scope: TenantScope, id: string): Promise<TTempCustomer | null> {
  if (!isUuid(id)) return null;
  if (!scope.all && scope.ids.length === 0) return null;
  const row = await selectTempCustomers(db)
    .where('t.id', '=', id)
    .$if(!scope.all, (qb) => qb.where('t.dataSegmentId', 'in', [...scope.ids]))
    .executeTakeFirst();
  return row ?? null;
}

const SORTABLE = {
  createdAt: sql`t.created_at`,
  fullName: sql`${FULL_NAME}`,
  email: sql`t.email`,
  lastSentAt: sql`t.last_sent_at`,
  expiresAt: sql`l.expires_at`,
  status: sql`${STATE}`,
};

export async function listTempCustomers(db: Queryable, dataSegmentId: string, query: TTempCustomerListQuery): Promise<Page<TTempCustomer>> {
  const sort = sortOf(query, SORTABLE, { expression: SORTABLE.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const rows = await selectTempCustomers(db)
    .select(totalRows())
    .where('t.dataSegmentId', '=', dataSegmentId)
    .$if(query.status !== undefined, (qb) => qb.where(sql<boolean>`${STATE} = ${query.status ?? ''}`))
    .$if(Boolean(query.keyword), (qb) => {
      const pattern = keywordLike(query.keyword ?? '');
      return qb.where(sql<boolean>`(${FULL_NAME} ilike ${pattern} or t.email ilike ${pattern} or t.phone_number ilike ${pattern})`);
    })
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('t.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** A temp customer inside the scope with its link, locked for a change (resend, revoke). */
export async function lockTempCustomer(
  tx: Queryable,
  scope: TenantScope,
  id: string,
): Promise<{ id: string; dataSegmentId: string; onboardingLinkId: string; linkStatus: string; completedAt: string | null } | null> {
  if (!isUuid(id)) return null;
  if (!scope.all && scope.ids.length === 0) return null;
  const row = await sqlOf(tx)
    .selectFrom('tempCustomers as t')
    .innerJoin('onboardingLinks as l', 'l.id', 't.onboardingLinkId')
    .select([
      't.id',
      't.dataSegmentId',
      't.onboardingLinkId',
      'l.status as linkStatus',
      sql<string | null>`t.completed_at`.as('completedAt'),
    ])
    .where('t.id', '=', id)
    .where('t.flow', '=', 'deep-register')
    .$if(!scope.all, (qb) => qb.where('t.dataSegmentId', 'in', [...scope.ids]))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Gives the link a new token and a new expiry: the previous address stops working at once. */
export async function rotateLinkToken(
  tx: Queryable,
  linkId: string,
  tokenHash: string,
  validForHours: number,
  language: TMessageLanguage,
): Promise<void> {
  await sqlOf(tx)
    .updateTable('onboardingLinks')
    .set({ tokenHash, status: 'active', expiresAt: sql`now() + make_interval(hours => ${validForHours})` })
    .where('id', '=', linkId)
    .execute();
  await sqlOf(tx)
    .updateTable('tempCustomers')
    .set({ sentCount: sql`sent_count + 1`, lastSentAt: sql`now()`, language, updatedAt: sql`now()` })
    .where('onboardingLinkId', '=', linkId)
    .execute();
}

export async function revokeLink(tx: Queryable, linkId: string): Promise<void> {
  await sqlOf(tx).updateTable('onboardingLinks').set({ status: 'revoked' }).where('id', '=', linkId).execute();
}

/* ------------------------------------------------------------------ the public side, by link */

export interface LinkedTempCustomer {
  id: string;
  dataSegmentId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  channel: TTempCustomer['channel'];
  language: TMessageLanguage;
  reachedStep: RegistrationStep;
  flow: RegistrationFlow;
  draft: Record<string, unknown> | null;
  submission: Record<string, unknown> | null;
  completedAt: string | null;
  expiresAt: string;
}

/** The temp customer behind a live link, locked when `forUpdate` (a step save, the completion). */
export async function findByLink(db: Queryable, linkId: string, forUpdate = false): Promise<LinkedTempCustomer | null> {
  const row = await sqlOf(db)
    .selectFrom('tempCustomers as t')
    .innerJoin('onboardingLinks as l', 'l.id', 't.onboardingLinkId')
    .select([
      't.id',
      't.dataSegmentId',
      't.firstName',
      't.middleName',
      't.lastName',
      't.email',
      't.phoneNumber',
      sql<TTempCustomer['channel']>`t.channel`.as('channel'),
      't.language',
      sql<RegistrationStep>`t.reached_step`.as('reachedStep'),
      't.flow',
      sql<Record<string, unknown> | null>`t.draft -> 'state'`.as('draft'),
      sql<Record<string, unknown> | null>`t.draft -> 'submission'`.as('submission'),
      sql<string | null>`t.completed_at`.as('completedAt'),
      sql<string>`l.expires_at`.as('expiresAt'),
    ])
    .where('t.onboardingLinkId', '=', linkId)
    .$if(forUpdate, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row ?? null;
}

export async function markOpened(db: Queryable, id: string): Promise<void> {
  await sqlOf(db)
    .updateTable('tempCustomers')
    .set({ openedAt: sql`coalesce(opened_at, now())` })
    .where('id', '=', id)
    .execute();
}

export async function saveProgress(
  tx: Queryable,
  id: string,
  input: {
    reachedStep: RegistrationStep;
    state: Record<string, unknown>;
    submission: Record<string, unknown>;
    language?: TMessageLanguage;
  },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('tempCustomers')
    .set({
      ...(input.language ? { language: input.language } : {}),
      reachedStep: input.reachedStep,
      draft: JSON.stringify({ state: input.state, submission: input.submission }),
      progressedAt: sql`now()`,
      openedAt: sql`coalesce(opened_at, now())`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The older public form's journey learns who it is for once its contact is verified: the names and
 * the verified contact (on the channel it was verified on) are kept on its temp customer, which is
 * how a later save knows the continue link already went to this contact.
 */
export async function setJourneyContact(
  tx: Queryable,
  id: string,
  contact: { firstName: string; middleName: string; lastName: string; channel: TTempCustomer['channel']; address: string },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('tempCustomers')
    .set({
      firstName: contact.firstName,
      middleName: contact.middleName,
      lastName: contact.lastName,
      channel: contact.channel,
      email: contact.channel === 'email' ? contact.address : null,
      phoneNumber: contact.channel === 'sms' ? contact.address : null,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The language of a customer's own registration journey (the last link that completed into the
 * customer), or null when they did not come through a link.
 */
export async function journeyLanguageOf(db: Queryable, dataSegmentId: string, customerId: string): Promise<TMessageLanguage | null> {
  const row = await sqlOf(db)
    .selectFrom('tempCustomers')
    .select('language')
    .where('dataSegmentId', '=', dataSegmentId)
    .where('customerId', '=', customerId)
    .orderBy('completedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.language ?? null;
}

/** The registration is done: the temp customer points at the customer and the link is used up. */
export async function markCompleted(tx: Queryable, id: string, linkId: string, customerId: string): Promise<void> {
  await sqlOf(tx)
    .updateTable('tempCustomers')
    .set({ completedAt: sql`coalesce(completed_at, now())`, customerId, reachedStep: 'finish', updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  await markLinkUsed(tx, linkId);
}

export async function segmentCompanyName(db: Queryable, dataSegmentId: string): Promise<string> {
  const row = await sqlOf(db).selectFrom('dataSegments').select('companyName').where('id', '=', dataSegmentId).executeTakeFirst();
  return row?.companyName ?? '';
}
