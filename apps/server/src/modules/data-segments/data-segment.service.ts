import {
  DEFAULT_STORAGE_QUOTA_MB,
  EMPTY_PACKAGE_DETAILS,
  SEGMENT_MESSAGES,
  type TDataSegmentInput,
  type TDataSegmentRow,
  type TSegmentChoice,
  type TSegmentListQuery,
  type TSegmentUsage,
} from '@sanad/contracts/data-segments';
import { DEFAULT_TIER_BY_SUBSCRIPTION } from '@sanad/contracts/subscription';
import { STAFF_MESSAGES } from '@sanad/contracts/users';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { holdsEveryPermission } from '../roles/role.port';
import type { UserService } from '../users/user.service';
import { provisionDataSegment } from './data-segment.port';
import {
  countActiveSegments,
  getSegmentRow,
  getSegmentUsage,
  getStorageQuotaMb,
  listSegmentChoices,
  listSegments,
  updateDataSegment,
  type SegmentFields,
} from './data-segment.repository';

export interface DataSegmentServiceDeps {
  db: Database;
  /** Invites a new segment's Administrator inside the segment's own transaction. */
  users: Pick<UserService, 'identityFor' | 'inviteSegmentAdministrator'>;
}

const EVERYTHING = { all: true, ids: [] } as const;

/** Fields only an operator (an actor who sees every segment) may change: they decide what a client pays for. */
function commercialFieldsChanged(current: TDataSegmentRow, next: SegmentFields): boolean {
  return (
    current.status !== next.status ||
    current.subscription !== next.subscription ||
    current.subscriptionCount !== next.subscriptionCount ||
    current.tier !== next.tier ||
    current.nextReview.duration !== next.nextReviewYears ||
    current.storageQuotaMb !== next.storageQuotaMb ||
    current.whiteLabelling !== next.whiteLabelling ||
    JSON.stringify(current.packageDetailsObj) !== JSON.stringify(next.packageDetails)
  );
}

/**
 * Data segments (client tenants). Operators, who see every segment, create them and set their
 * commercial terms; an administrator limited to some segments edits only their descriptive fields.
 */
export function createDataSegmentService({ db, users }: DataSegmentServiceDeps) {
  async function reload(id: string): Promise<TDataSegmentRow> {
    const row = await getSegmentRow(db, EVERYTHING, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    list(actor: Actor, query: TSegmentListQuery): Promise<Page<TDataSegmentRow>> {
      // The active segment the client sends must be the actor's, but does not narrow a list of segments.
      resolveRequestedSegment(actor.segments, query.dataSegmentId);
      return listSegments(db, { scope: actor.segments, status: query.status ?? null, roleId: query.roleId ?? null }, query);
    },

    choices: (actor: Actor): Promise<TSegmentChoice[]> => listSegmentChoices(db, actor.segments),

    async usage(actor: Actor, id: string): Promise<TSegmentUsage> {
      const usage = await getSegmentUsage(db, actor.segments, id);
      if (!usage) throw AppError.notFound();
      return usage;
    },

    /** Whether a segment of this id exists (an operator sees every id, including ones that name none). */
    exists: async (segmentId: string): Promise<boolean> => (await getStorageQuotaMb(db, segmentId)) !== null,

    /** Megabytes of files the segment may keep; null when no such segment exists. */
    storageQuotaMb: (segmentId: string): Promise<number | null> => getStorageQuotaMb(db, segmentId),

    /**
     * Creates a segment with its package's tier and the default roles; with a contact e-mail, the
     * contact is invited as its Administrator in the same transaction, so a taken e-mail leaves
     * nothing behind.
     */
    async create(actor: Actor, input: TDataSegmentInput, meta: RequestMeta): Promise<{ row: TDataSegmentRow; invited: boolean }> {
      if (!actor.segments.all) throw AppError.forbidden(SEGMENT_MESSAGES.onlyOperators);
      const email = input.email ?? '';
      if (email && !holdsEveryPermission(actor)) throw AppError.forbidden(SEGMENT_MESSAGES.inviteNeedsAllPermissions);
      const identity = email ? await users.identityFor(email) : null;
      if (identity?.isEmailTaken) throw AppError.conflict('email', STAFF_MESSAGES.emailTaken);
      const subscription = input.subscription ?? 'trial';
      const fields: SegmentFields = {
        companyName: input.companyName,
        fullName: input.fullName ?? '',
        email,
        title: input.title ?? '',
        ref: input.ref ?? '',
        subscription,
        subscriptionCount: input.subscriptionCount ?? 0,
        packageDetails: input.packageDetailsObj ?? EMPTY_PACKAGE_DETAILS,
        tier: input.tier ?? DEFAULT_TIER_BY_SUBSCRIPTION[subscription],
        nextReviewYears: input.nextReview?.duration ?? 1,
        storageQuotaMb: input.storageQuotaMb ?? DEFAULT_STORAGE_QUOTA_MB,
        whiteLabelling: input.whiteLabelling ?? false,
        status: input.status ?? 'active',
      };
      let segmentId: string;
      try {
        segmentId = await db.transaction(async (tx) => {
          const { segmentId: id, administratorRoleId } = await provisionDataSegment(tx, fields);
          await appendAudit(tx, {
            dataSegmentId: id,
            source: auditSource(actor, meta),
            module: 'access_control',
            action: 'created_data_segment',
            entityType: 'data_segment',
            entityId: id,
            summary: `Created data segment ${fields.companyName}`,
          });
          if (identity) {
            await users.inviteSegmentAdministrator(
              tx,
              actor,
              {
                segmentId: id,
                companyName: fields.companyName,
                ref: fields.ref,
                fullName: fields.fullName,
                email,
                username: identity.username,
                roleId: administratorRoleId,
              },
              meta,
            );
          }
          return id;
        });
      } catch (error) {
        if (uniqueViolationField(error, { users_email_unique: 'email' })) throw AppError.conflict('email', STAFF_MESSAGES.emailTaken);
        throw error;
      }
      return { row: await reload(segmentId), invited: identity !== null };
    },

    async update(
      actor: Actor,
      id: string,
      input: TDataSegmentInput,
      meta: RequestMeta,
    ): Promise<{ row: TDataSegmentRow; change: 'archived' | 'activated' | null }> {
      const current = await getSegmentRow(db, actor.segments, id);
      if (!current) throw AppError.notFound();
      const fields: SegmentFields = {
        companyName: input.companyName,
        fullName: input.fullName ?? current.fullName,
        email: input.email ?? current.email,
        title: input.title ?? current.title,
        ref: input.ref ?? current.ref,
        subscription: input.subscription ?? current.subscription,
        subscriptionCount: input.subscriptionCount ?? current.subscriptionCount,
        packageDetails: input.packageDetailsObj ?? current.packageDetailsObj,
        tier: input.tier ?? current.tier,
        nextReviewYears: input.nextReview?.duration ?? current.nextReview.duration,
        storageQuotaMb: input.storageQuotaMb ?? current.storageQuotaMb,
        whiteLabelling: input.whiteLabelling ?? current.whiteLabelling,
        status: input.status ?? current.status,
      };
      if (!actor.segments.all && commercialFieldsChanged(current, fields)) throw AppError.forbidden(SEGMENT_MESSAGES.commercialFields);
      const change = fields.status === current.status ? null : fields.status === 'archived' ? 'archived' : 'activated';
      if (change === 'archived' && (await countActiveSegments(db)) <= 1) throw AppError.field('status', SEGMENT_MESSAGES.lastActive);
      const verb = change === 'archived' ? 'Archived' : change === 'activated' ? 'Activated' : 'Updated';
      await db.transaction(async (tx) => {
        await updateDataSegment(tx, current._id, fields);
        await appendAudit(tx, {
          dataSegmentId: current._id,
          source: auditSource(actor, meta),
          module: 'access_control',
          action:
            change === 'archived' ? 'archived_data_segment' : change === 'activated' ? 'activated_data_segment' : 'updated_data_segment',
          entityType: 'data_segment',
          entityId: current._id,
          summary: `${verb} data segment ${fields.companyName}`,
          details: { status: { from: current.status, to: fields.status } },
        });
      });
      return { row: await reload(current._id), change };
    },
  };
}

export type DataSegmentService = ReturnType<typeof createDataSegmentService>;
