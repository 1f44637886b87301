import {
  APPLICATION_ACCESS_LIMITS,
  APPLICATION_ACCESS_MESSAGES,
  type ApiScope,
  type TApplicationAccessInput,
  type TApplicationAccessIssued,
  type TApplicationAccessListQuery,
  type TApplicationAccessRow,
} from '@sanad/contracts/developers';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { authenticateApiKey } from '../../platform/auth/api-keys';
import type { Database } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { issueApiKey, normaliseIpEntry } from './api-key';
import {
  countApplicationAccess,
  expireKeysAfter,
  getApplicationAccessRow,
  insertApiKey,
  insertApplicationAccess,
  isTitleTaken,
  listApplicationAccess,
  updateApplicationAccess,
  type ApplicationAccessFields,
} from './application-access.repository';

/** `keptExpiry`: the entry's current expiry, which may stay as it is even once past (archiving an expired entry). */
function fieldsOf(
  input: TApplicationAccessInput,
  status: 'active' | 'archived',
  now: Date,
  keptExpiry: string | null = null,
): ApplicationAccessFields {
  const ipAllowList: string[] = [];
  for (const [index, entry] of (input.ipAllowList ?? []).entries()) {
    const normalised = normaliseIpEntry(entry);
    if (!normalised) throw AppError.field(`ipAllowList.${index}`, APPLICATION_ACCESS_MESSAGES.invalidIp);
    if (!ipAllowList.includes(normalised)) ipAllowList.push(normalised);
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  const isKept = expiresAt !== null && keptExpiry !== null && expiresAt.getTime() === new Date(keptExpiry).getTime();
  if (expiresAt && !isKept && expiresAt.getTime() <= now.getTime())
    throw AppError.field('expiresAt', APPLICATION_ACCESS_MESSAGES.expiryPast);
  return {
    title: input.title,
    bundleId: input.bundleId,
    device: input.device,
    scopes: [...new Set(input.scopes)] as ApiScope[],
    ipAllowList,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
    status,
  };
}

async function withTitleConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationField(error, { application_access_title_per_segment: 'title' }))
      throw AppError.conflict('title', APPLICATION_ACCESS_MESSAGES.titleTaken);
    throw error;
  }
}

/**
 * Application access entries and their API keys. A key is shown once, in the answer that issues it,
 * and stored as an HMAC; archiving the entry or passing its expiry refuses its keys at the next call.
 */
export function createApplicationAccessService({ db, hmacKey, now }: { db: Database; hmacKey: Buffer; now?: () => Date }) {
  const clock = now ?? (() => new Date());

  async function reload(actor: Actor, id: string): Promise<TApplicationAccessRow> {
    const row = await getApplicationAccessRow(db, actor.segments, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    list(actor: Actor, query: TApplicationAccessListQuery): Promise<Page<TApplicationAccessRow>> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId) ?? actor.activeSegmentId;
      return listApplicationAccess(db, { scope: actor.segments, onlySegment }, query);
    },

    async create(actor: Actor, input: TApplicationAccessInput, meta: RequestMeta): Promise<TApplicationAccessIssued> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const fields = fieldsOf(input, input.status ?? 'active', clock());
      if ((await countApplicationAccess(db, dataSegmentId)) >= APPLICATION_ACCESS_LIMITS.perSegment)
        throw AppError.field('title', APPLICATION_ACCESS_MESSAGES.tooMany);
      if (await isTitleTaken(db, dataSegmentId, fields.title, null))
        throw AppError.conflict('title', APPLICATION_ACCESS_MESSAGES.titleTaken);
      const key = issueApiKey(hmacKey);
      const id = await withTitleConflict(() =>
        db.transaction(async (tx) => {
          const entryId = await insertApplicationAccess(tx, { ...fields, dataSegmentId, createdBy: actor.userId });
          await insertApiKey(tx, entryId, key);
          await appendAudit(tx, {
            dataSegmentId,
            source: auditSource(actor, meta),
            module: 'access_control',
            action: 'created_application_access',
            entityType: 'application_access',
            entityId: entryId,
            summary: `Created application access ${fields.title} with key ${key.codeKey}`,
            details: { scopes: fields.scopes, ipAllowList: fields.ipAllowList, expiresAt: fields.expiresAt, codeKey: key.codeKey },
          });
          return entryId;
        }),
      );
      return { ...(await reload(actor, id)), apiKey: key.apiKey };
    },

    async update(
      actor: Actor,
      id: string,
      input: TApplicationAccessInput,
      meta: RequestMeta,
    ): Promise<{ row: TApplicationAccessRow; change: 'archived' | 'activated' | null }> {
      const current = await getApplicationAccessRow(db, actor.segments, id);
      if (!current) throw AppError.notFound();
      const status = input.status ?? current.status;
      const fields = fieldsOf(input, status, clock(), current.expiresAt);
      if (await isTitleTaken(db, current.dataSegmentId, fields.title, current._id))
        throw AppError.conflict('title', APPLICATION_ACCESS_MESSAGES.titleTaken);
      const change = status === current.status ? null : status === 'archived' ? 'archived' : 'activated';
      await withTitleConflict(() =>
        db.transaction(async (tx) => {
          await updateApplicationAccess(tx, current._id, fields);
          await appendAudit(tx, {
            dataSegmentId: current.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'access_control',
            action:
              change === 'archived'
                ? 'archived_application_access'
                : change === 'activated'
                  ? 'activated_application_access'
                  : 'updated_application_access',
            entityType: 'application_access',
            entityId: current._id,
            summary: `${change === 'archived' ? 'Archived' : change === 'activated' ? 'Activated' : 'Updated'} application access ${fields.title}`,
            details: {
              scopes: { from: current.scopes, to: fields.scopes },
              ipAllowList: { from: current.ipAllowList, to: fields.ipAllowList },
              expiresAt: { from: current.expiresAt, to: fields.expiresAt },
              status: { from: current.status, to: status },
            },
          });
        }),
      );
      return { row: await reload(actor, current._id), change };
    },

    /** A new key; the entry's other keys keep working for `overlapHours`, then are refused. */
    async rotate(actor: Actor, id: string, overlapHours: number, meta: RequestMeta): Promise<TApplicationAccessIssued> {
      const current = await getApplicationAccessRow(db, actor.segments, id);
      if (!current) throw AppError.notFound();
      if (current.status !== 'active') throw AppError.field('status', APPLICATION_ACCESS_MESSAGES.archivedRotate);
      const key = issueApiKey(hmacKey);
      await db.transaction(async (tx) => {
        await expireKeysAfter(tx, current._id, overlapHours);
        await insertApiKey(tx, current._id, key);
        await appendAudit(tx, {
          dataSegmentId: current.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'access_control',
          action: 'rotated_api_key',
          entityType: 'application_access',
          entityId: current._id,
          summary: `Rotated the API key of ${current.title}: ${current.codeKey} works ${overlapHours} more hour${overlapHours === 1 ? '' : 's'}, new key ${key.codeKey}`,
          details: { previousCodeKey: current.codeKey, codeKey: key.codeKey, overlapHours },
        });
      });
      return { ...(await reload(actor, current._id)), apiKey: key.apiKey };
    },

    /** The client behind an API key, as the public API's authentication reads it. */
    authenticate: (apiKey: string, ip: string) => authenticateApiKey(db, hmacKey, apiKey, ip),
  };
}

export type ApplicationAccessService = ReturnType<typeof createApplicationAccessService>;
