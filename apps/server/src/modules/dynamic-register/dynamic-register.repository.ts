import { sql } from 'kysely';
import type { TFormAnswers } from '@sanad/contracts/form-builder';
import type { TDynamicRegisterStep } from '@sanad/contracts/dynamic-register';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import { markLinkUsed } from '../onboarding-links/onboarding-link.port';

export interface JourneyRow {
  id: string;
  dataSegmentId: string;
  linkId: string;
  campaign: string | null;
  setupProfileVersionId: string;
  accountInfoVersionId: string;
  reachedStep: TDynamicRegisterStep;
  answers: Partial<Record<'setup-profile' | 'account-info', TFormAnswers>>;
  documents: { documentInfo?: Record<string, unknown>; cardType?: string | null };
  draft: Record<string, unknown> | null;
  expiresAt: string;
  completedAt: string | null;
}

const COLUMNS = [
  'j.id',
  'j.dataSegmentId',
  'j.linkId',
  'j.campaign',
  'j.setupProfileVersionId',
  'j.accountInfoVersionId',
  sql<TDynamicRegisterStep>`j.reached_step`.as('reachedStep'),
  sql<JourneyRow['answers']>`j.answers`.as('answers'),
  sql<JourneyRow['documents']>`j.documents`.as('documents'),
  sql<JourneyRow['draft']>`j.draft`.as('draft'),
  sql<string>`to_char(l.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('expiresAt'),
  sql<string | null>`to_char(j.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('completedAt'),
] as const;

/** The journey of a link (locked for the rest of the transaction when asked). */
export async function findJourneyByLink(db: Queryable, linkId: string, forUpdate = false): Promise<JourneyRow | null> {
  let qb = sqlOf(db)
    .selectFrom('dynamicRegisterJourneys as j')
    .innerJoin('onboardingLinks as l', 'l.id', 'j.linkId')
    .select(COLUMNS)
    .where('j.linkId', '=', linkId);
  if (forUpdate) qb = qb.forUpdate('j');
  return ((await qb.executeTakeFirst()) as JourneyRow | undefined) ?? null;
}

/** Starts the journey of a link, pinned to the versions in force; a second opening keeps the first pin. */
export async function insertJourney(
  tx: Queryable,
  input: { dataSegmentId: string; linkId: string; campaign: string | null; setupProfileVersionId: string; accountInfoVersionId: string },
): Promise<void> {
  await sqlOf(tx)
    .insertInto('dynamicRegisterJourneys')
    .values(input)
    .onConflict((conflict) => conflict.column('linkId').doNothing())
    .execute();
}

export async function saveJourneyStep(
  tx: Queryable,
  id: string,
  change: {
    reachedStep: TDynamicRegisterStep;
    answers: JourneyRow['answers'];
    documents: JourneyRow['documents'];
    draft: Record<string, unknown>;
  },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('dynamicRegisterJourneys')
    .set({
      reachedStep: change.reachedStep,
      answers: JSON.stringify(change.answers),
      documents: JSON.stringify(change.documents),
      draft: JSON.stringify(change.draft),
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The journey is over and its link used up, in the customer's transaction. */
export async function completeJourney(tx: Queryable, id: string, linkId: string, customerId: string): Promise<void> {
  await sqlOf(tx)
    .updateTable('dynamicRegisterJourneys')
    .set({ completedAt: sql`coalesce(completed_at, now())`, customerId, reachedStep: 'finish', updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  await markLinkUsed(tx, linkId);
}
