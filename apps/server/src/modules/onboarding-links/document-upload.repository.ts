import { sql } from 'kysely';
import type { TDocumentRequest, TDocumentUploadResult, TRequestedDocuments } from '@sanad/contracts/document-requests';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import { isUuid } from '../../platform/http/id-params';

/** The state staff see: the link's, an active link whose time ran out shown as expired. */
const STATUS = sql<TDocumentRequest['status']>`case when l.status = 'active' and l.expires_at <= now() then 'expired' else l.status end`;

export async function insertDocumentRequest(
  tx: Queryable,
  input: {
    dataSegmentId: string;
    onboardingLinkId: string;
    customerId: string;
    requested: TRequestedDocuments;
    note: string;
    reason: TDocumentRequest['reason'];
    createdBy: { id: string | null; name: string };
  },
): Promise<string> {
  const { id } = await sqlOf(tx)
    .insertInto('documentRequests')
    .values({
      dataSegmentId: input.dataSegmentId,
      onboardingLinkId: input.onboardingLinkId,
      customerId: input.customerId,
      requested: JSON.stringify(input.requested),
      note: input.note,
      reason: input.reason,
      createdBy: input.createdBy.id,
      createdByName: input.createdBy.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function selectRequests(db: Queryable) {
  return sqlOf(db)
    .selectFrom('documentRequests as r')
    .innerJoin('onboardingLinks as l', 'l.id', 'r.onboardingLinkId')
    .select([
      'r.id as _id',
      'r.customerId',
      sql<TRequestedDocuments>`r.requested`.as('requested'),
      'r.note',
      'r.reason',
      STATUS.as('status'),
      'l.recipientEmail as email',
      'l.expiresAt',
      'r.createdAt',
      'r.createdByName',
      'r.completedAt',
    ]);
}

/** A customer's requests of the segment, newest first. */
export async function listDocumentRequests(db: Queryable, dataSegmentId: string, customerId: string): Promise<TDocumentRequest[]> {
  return selectRequests(db)
    .where('r.dataSegmentId', '=', dataSegmentId)
    .where('r.customerId', '=', customerId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(100)
    .execute();
}

export async function findDocumentRequest(db: Queryable, id: string): Promise<TDocumentRequest | null> {
  if (!isUuid(id)) return null;
  return (await selectRequests(db).where('r.id', '=', id).executeTakeFirst()) ?? null;
}

export interface LinkedDocumentRequest {
  id: string;
  linkId: string;
  dataSegmentId: string;
  customerId: string;
  requested: TRequestedDocuments;
  note: string;
  createdBy: string | null;
  linkStatus: 'active' | 'completed' | 'revoked';
  isExpired: boolean;
  expiresAt: string;
  submissionKey: string | null;
  submitted: TDocumentUploadResult | null;
  firstName: string;
}

/** The request behind a document-upload link's token hash, whatever the link's state. */
export async function findRequestByTokenHash(db: Queryable, tokenHash: string, forUpdate = false): Promise<LinkedDocumentRequest | null> {
  let query = sqlOf(db)
    .selectFrom('documentRequests as r')
    .innerJoin('onboardingLinks as l', 'l.id', 'r.onboardingLinkId')
    .innerJoin('customers as c', 'c.id', 'r.customerId')
    .select([
      'r.id',
      'l.id as linkId',
      'r.dataSegmentId',
      'r.customerId',
      sql<TRequestedDocuments>`r.requested`.as('requested'),
      'r.note',
      'r.createdBy',
      sql<LinkedDocumentRequest['linkStatus']>`l.status`.as('linkStatus'),
      sql<boolean>`l.expires_at <= now()`.as('isExpired'),
      'l.expiresAt',
      'r.submissionKey',
      sql<TDocumentUploadResult | null>`r.submitted`.as('submitted'),
      sql<string>`coalesce(c.record -> 'basicInfo' ->> 'firstName', '')`.as('firstName'),
    ])
    .where('l.tokenHash', '=', tokenHash)
    .where('l.purpose', '=', 'document-upload');
  if (forUpdate) query = query.modifyEnd(sql` for update of r`);
  return (await query.executeTakeFirst()) ?? null;
}

/** Records the link's use (the first and each later opening). */
export async function touchLink(db: Queryable, linkId: string): Promise<void> {
  await sqlOf(db)
    .updateTable('onboardingLinks')
    .set({ lastUsedAt: sql`now()` })
    .where('id', '=', linkId)
    .execute();
}

/** The completion: its key and what it answered, kept for a retry. */
export async function completeDocumentRequest(
  tx: Queryable,
  id: string,
  submissionKey: string,
  submitted: TDocumentUploadResult,
): Promise<void> {
  await sqlOf(tx)
    .updateTable('documentRequests')
    .set({ submissionKey, submitted: JSON.stringify(submitted), completedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}
