import { ADMINISTRATOR_ROLE_TITLE } from '@sanad/contracts/default-roles';
import {
  EMPTY_PACKAGE_DETAILS,
  SEGMENT_MESSAGES,
  type TDataSegmentInput,
  type TDataSegmentRow,
  type TSegmentChoice,
  type TSegmentListQuery,
  type TSegmentUsage,
} from '@sanad/contracts/data-segments';
import { STAFF_MESSAGES } from '@sanad/contracts/staff-users';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { kickOutbox } from '../../platform/messaging/outbox-jobs';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { holdsEveryPermission } from '../roles/role-privilege';
import { deriveUsername, writeInvitation } from '../users/staff-account';
import { findIdentityConflicts, insertStaffUser } from '../users/staff.repository';
import {
  countActiveSegments,
  getSegmentRow,
  getSegmentUsage,
  listSegmentChoices,
  listSegments,
  updateDataSegment,
  type SegmentFields,
} from './data-segment.repository';
import { provisionDataSegment } from './segment-provisioning';

export interface DataSegmentServiceDeps {
  db: Database;
  hmacKey: Buffer;
  publicUrl: string;
  jobs: JobQueue | null;
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
    JSON.stringify(current.packageDetailsObj) !== JSON.stringify(next.packageDetails)
  );
}

function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: firstName || 'Administrator', lastName: rest.join(' ') };
}

/**
 * Data segments (client tenants). Operators, who see every segment, create them and set their
 * commercial terms; an administrator limited to some segments edits only their descriptive fields.
 */
export function createDataSegmentService({ db, hmacKey, publicUrl, jobs }: DataSegmentServiceDeps) {
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

    /**
     * Creates a segment with the default roles; with a contact e-mail, the contact is invited as
     * its Administrator in the same transaction, so a taken e-mail leaves nothing behind.
     */
    async create(actor: Actor, input: TDataSegmentInput, meta: RequestMeta): Promise<{ row: TDataSegmentRow; invited: boolean }> {
      if (!actor.segments.all) throw AppError.forbidden(SEGMENT_MESSAGES.onlyOperators);
      const email = input.email ?? '';
      if (email && !holdsEveryPermission(actor)) throw AppError.forbidden(SEGMENT_MESSAGES.inviteNeedsAllPermissions);
      const username = email ? await deriveUsername(db, email) : '';
      if (email && (await findIdentityConflicts(db, email, username, null)).email)
        throw AppError.conflict('email', STAFF_MESSAGES.emailTaken);
      const fields: SegmentFields = {
        companyName: input.companyName,
        fullName: input.fullName ?? '',
        email,
        title: input.title ?? '',
        ref: input.ref ?? '',
        subscription: input.subscription ?? 'trial',
        subscriptionCount: input.subscriptionCount ?? 0,
        packageDetails: input.packageDetailsObj ?? EMPTY_PACKAGE_DETAILS,
        tier: input.tier ?? 0,
        nextReviewYears: input.nextReview?.duration ?? 1,
        status: input.status ?? 'active',
      };
      let segmentId: string;
      try {
        segmentId = await db.transaction(async (tx) => {
          const { segmentId: id, administratorRoleId: roleId } = await provisionDataSegment(tx, fields);
          const audit = { actor: { id: actor.userId, name: actor.name }, ip: meta.ip, requestId: meta.requestId } as const;
          await appendAudit(tx, {
            ...audit,
            dataSegmentId: id,
            module: 'access_control',
            action: 'created_data_segment',
            entityType: 'data_segment',
            entityId: id,
            summary: `Created data segment ${fields.companyName}`,
          });
          if (email) {
            const { firstName, lastName } = splitName(fields.fullName);
            const userId = await insertStaffUser(tx, {
              firstName,
              lastName,
              email,
              username,
              phoneNumber: null,
              companyName: fields.companyName,
              ref: fields.ref,
              roleId,
              kyb: false,
              accountType: 'full',
              userGuide: false,
              dataSegmentIds: [id],
              isTeamMember: false,
              invitedBy: actor.userId,
            });
            await writeInvitation(
              tx,
              { hmacKey, publicUrl },
              { userId, email, firstName, companyName: fields.companyName, inviterName: actor.name, kind: 'system', dataSegmentId: id },
            );
            await appendAudit(tx, {
              ...audit,
              dataSegmentId: id,
              module: 'system_users',
              action: 'created_user',
              entityType: 'user',
              entityId: userId,
              summary: `Invited ${firstName} ${lastName} as ${ADMINISTRATOR_ROLE_TITLE}`.trim(),
            });
          }
          return id;
        });
      } catch (error) {
        if (uniqueViolationField(error, { users_email_unique: 'email' })) throw AppError.conflict('email', STAFF_MESSAGES.emailTaken);
        throw error;
      }
      if (email) await kickOutbox(jobs);
      return { row: await reload(segmentId), invited: Boolean(email) };
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
        status: input.status ?? current.status,
      };
      if (!actor.segments.all && commercialFieldsChanged(current, fields)) throw AppError.forbidden(SEGMENT_MESSAGES.commercialFields);
      const change = fields.status === current.status ? null : fields.status === 'archived' ? 'archived' : 'activated';
      if (change === 'archived' && (await countActiveSegments(db)) <= 1) throw AppError.field('status', SEGMENT_MESSAGES.lastActive);
      await db.transaction(async (tx) => {
        await updateDataSegment(tx, current._id, fields);
        await appendAudit(tx, {
          dataSegmentId: current._id,
          actor: { id: actor.userId, name: actor.name },
          module: 'access_control',
          action:
            change === 'archived' ? 'archived_data_segment' : change === 'activated' ? 'activated_data_segment' : 'updated_data_segment',
          entityType: 'data_segment',
          entityId: current._id,
          summary: `${change === 'archived' ? 'Archived' : change === 'activated' ? 'Activated' : 'Updated'} data segment ${fields.companyName}`,
          details: { status: { from: current.status, to: fields.status } },
          ip: meta.ip,
          requestId: meta.requestId,
        });
      });
      return { row: await reload(current._id), change };
    },
  };
}

export type DataSegmentService = ReturnType<typeof createDataSegmentService>;
