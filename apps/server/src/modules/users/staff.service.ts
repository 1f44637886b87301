import {
  STAFF_MESSAGES,
  type TStaffListQuery,
  type TStaffUserRow,
  type TSystemUserInput,
  type TUserStatus,
} from '@sanad/contracts/staff-users';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { revokeUserSessions } from '../../platform/auth/session-store';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { kickOutbox } from '../../platform/messaging/outbox-jobs';
import { canSeeSegment, resolveRequestedSegment } from '../../platform/tenancy/scope';
import { getScopedRole, getUserRolePermissions } from '../roles/role.repository';
import { permissionsBeyond, permissionsBeyondStrict } from '../roles/role-privilege';
import {
  existingSegmentIds,
  findIdentityConflicts,
  getCompanyName,
  getStaffUser,
  insertStaffUser,
  listStaff,
  updateStaffUser,
  type StaffFields,
  type StaffKind,
} from './staff.repository';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { deriveUsername, writeInvitation } from './staff-account';

export interface StaffServiceDeps {
  db: Database;
  hmacKey: Buffer;
  publicUrl: string;
  jobs: JobQueue | null;
}

const EVERYTHING = { all: true, ids: [] } as const;

/** Audit action codes per kind of account (module system_users). */
const ACTIONS = {
  system: { created: 'created_user', updated: 'updated_user', archived: 'archived_user', activated: 'activated_user' },
  team: {
    created: 'added_team_member',
    updated: 'updated_team_member',
    archived: 'archived_team_member',
    activated: 'activated_team_member',
  },
} as const;

function activeSegmentOf(actor: Actor, requested: string | undefined): string {
  const segment = resolveRequestedSegment(actor.segments, requested) ?? actor.activeSegmentId;
  if (!segment || !canSeeSegment(actor.segments, segment)) throw AppError.field('dataSegmentIds', STAFF_MESSAGES.segmentNotVisible);
  return segment;
}

function nextStatus(actor: Actor, target: TStaffUserRow, requested: TUserStatus | undefined): TUserStatus {
  if (!requested || requested === target.status) return target.status;
  if (requested === 'pending') throw AppError.field('status', STAFF_MESSAGES.pendingCannotBeSet);
  if (requested === 'archived' && target._id === actor.userId) throw AppError.field('status', STAFF_MESSAGES.cannotArchiveSelf);
  return requested;
}

async function mapUniqueViolations<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const field = uniqueViolationField(error, { users_email_unique: 'email', users_username_unique: 'username' });
    if (field === 'email') throw AppError.conflict('email', STAFF_MESSAGES.emailTaken);
    if (field === 'username') throw AppError.conflict('username', STAFF_MESSAGES.usernameTaken);
    throw error;
  }
}

/**
 * System users and team members. Both are staff accounts; a team member (users.is_team_member) is
 * invited by a colleague into the inviter's active data segment only, and may hold only
 * permissions the inviter holds (no exemption, even for an inviter holding every permission).
 */
export function createStaffService({ db, hmacKey, publicUrl, jobs }: StaffServiceDeps) {
  const links = { hmacKey, publicUrl };

  /** The account's segments: absent keeps them (or takes the active one), empty means every segment. */
  async function resolveSegments(
    actor: Actor,
    input: TSystemUserInput,
    kind: StaffKind,
    current: readonly string[] | null,
  ): Promise<string[]> {
    if (kind === 'team' || input.dataSegmentIds === undefined) {
      return current ? [...current] : [activeSegmentOf(actor, input.dataSegmentId)];
    }
    const ids = [...new Set(input.dataSegmentIds)];
    if (ids.length === 0) {
      if (!actor.segments.all) throw AppError.field('dataSegmentIds', STAFF_MESSAGES.allSegmentsNotAllowed);
      return [];
    }
    const visible = ids.every((id) => canSeeSegment(actor.segments, id));
    if (!visible || (await existingSegmentIds(db, ids)).length !== ids.length) {
      throw AppError.field('dataSegmentIds', STAFF_MESSAGES.segmentNotVisible);
    }
    return ids;
  }

  /** The role must be visible, active when newly given, of one of the user's segments, and grantable. */
  async function checkRole(
    actor: Actor,
    roleId: string,
    segments: readonly string[],
    kind: StaffKind,
    previousRoleId: string | null,
  ): Promise<void> {
    const role = await getScopedRole(db, actor.segments, roleId);
    if (!role) throw AppError.field('roleId', STAFF_MESSAGES.roleNotFound);
    const isNewRole = roleId !== previousRoleId;
    if (isNewRole && role.status !== 'active') throw AppError.field('roleId', STAFF_MESSAGES.roleArchived);
    if (segments.length > 0 && !segments.includes(role.dataSegmentId)) throw AppError.field('roleId', STAFF_MESSAGES.roleOutsideSegments);
    if (!isNewRole) return;
    const beyond = kind === 'team' ? permissionsBeyondStrict(actor, role.permissions) : permissionsBeyond(actor, role.permissions);
    if (beyond.length > 0) throw AppError.forbidden(STAFF_MESSAGES.cannotGrantRole);
  }

  async function assertCanManage(actor: Actor, target: TStaffUserRow, kind: StaffKind): Promise<void> {
    const held = await getUserRolePermissions(db, target._id);
    const beyond = kind === 'team' ? permissionsBeyondStrict(actor, held) : permissionsBeyond(actor, held);
    if (beyond.length > 0) throw AppError.forbidden(STAFF_MESSAGES.cannotManageUser);
  }

  async function assertIdentityFree(email: string, username: string, exceptUserId: string | null): Promise<void> {
    const conflicts = await findIdentityConflicts(db, email, username, exceptUserId);
    if (conflicts.email) throw AppError.conflict('email', STAFF_MESSAGES.emailTaken);
    if (conflicts.username) throw AppError.conflict('username', STAFF_MESSAGES.usernameTaken);
  }

  async function reload(id: string, kind: StaffKind): Promise<TStaffUserRow> {
    const row = await getStaffUser(db, EVERYTHING, id, kind);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    list(actor: Actor, query: TStaffListQuery, kind: StaffKind): Promise<Page<TStaffUserRow>> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId);
      return listStaff(db, { kind, scope: actor.segments, onlySegment, roleId: query.roleId ?? null, status: query.status ?? null }, query);
    },

    async get(actor: Actor, id: string, kind: StaffKind): Promise<TStaffUserRow> {
      const row = await getStaffUser(db, actor.segments, id, kind);
      if (!row) throw AppError.notFound();
      return row;
    },

    /** Creates a pending account and e-mails its set-password link, all in one transaction. */
    async create(actor: Actor, input: TSystemUserInput, kind: StaffKind, meta: RequestMeta): Promise<TStaffUserRow> {
      const segments = await resolveSegments(actor, input, kind, null);
      await checkRole(actor, input.roleId, segments, kind, null);
      const username = input.username || (await deriveUsername(db, input.email));
      await assertIdentityFree(input.email, username, null);
      const homeSegment = segments[0] ?? actor.activeSegmentId;
      const fields: StaffFields = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        username,
        phoneNumber: input.phoneNumber || null,
        companyName: input.companyName || (await getCompanyName(db, homeSegment)),
        ref: input.ref ?? '',
        roleId: input.roleId,
        kyb: input.kyb ?? false,
        accountType: input.accountType ?? 'full',
        userGuide: input.userGuide ?? false,
        dataSegmentIds: segments,
      };
      const id = await mapUniqueViolations(() =>
        db.transaction(async (tx) => {
          const userId = await insertStaffUser(tx, { ...fields, isTeamMember: kind === 'team', invitedBy: actor.userId });
          await writeInvitation(tx, links, {
            userId,
            email: fields.email,
            firstName: fields.firstName,
            companyName: fields.companyName,
            inviterName: actor.name,
            kind,
            dataSegmentId: homeSegment,
          });
          await appendAudit(tx, {
            dataSegmentId: homeSegment,
            actor: { id: actor.userId, name: actor.name },
            module: 'system_users',
            action: ACTIONS[kind].created,
            entityType: 'user',
            entityId: userId,
            summary: `Invited ${fields.firstName} ${fields.lastName}`.trim(),
            details: { roleId: fields.roleId, dataSegmentIds: segments },
            ip: meta.ip,
            requestId: meta.requestId,
          });
          return userId;
        }),
      );
      await kickOutbox(jobs);
      return reload(id, kind);
    },

    /** Edits an account; a changed status archives or activates it (archiving ends its sessions). */
    async update(
      actor: Actor,
      id: string,
      input: TSystemUserInput,
      kind: StaffKind,
      meta: RequestMeta,
    ): Promise<{ row: TStaffUserRow; change: 'archived' | 'activated' | null }> {
      const target = await getStaffUser(db, actor.segments, id, kind);
      if (!target) throw AppError.notFound();
      await assertCanManage(actor, target, kind);
      const status = nextStatus(actor, target, input.status);
      const segments = await resolveSegments(actor, input, kind, target.dataSegmentIds);
      await checkRole(actor, input.roleId, segments, kind, target.roleId);
      const username = input.username || target.username;
      await assertIdentityFree(input.email, username, target._id);
      const fields: StaffFields & { status: TUserStatus } = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        username,
        phoneNumber: input.phoneNumber === undefined ? target.phoneNumber : input.phoneNumber || null,
        companyName: input.companyName ?? target.companyName,
        ref: input.ref ?? target.ref,
        roleId: input.roleId,
        kyb: input.kyb ?? target.kyb,
        accountType: input.accountType ?? target.accountType,
        userGuide: input.userGuide ?? target.userGuide,
        dataSegmentIds: segments,
        status,
      };
      const change = status === target.status ? null : status === 'archived' ? 'archived' : 'activated';
      await mapUniqueViolations(() =>
        db.transaction(async (tx) => {
          await updateStaffUser(tx, target._id, fields);
          if (change === 'archived') await revokeUserSessions(tx, target._id, 'archived');
          await appendAudit(tx, {
            dataSegmentId: segments[0] ?? actor.activeSegmentId,
            actor: { id: actor.userId, name: actor.name },
            module: 'system_users',
            action: change ? ACTIONS[kind][change] : ACTIONS[kind].updated,
            entityType: 'user',
            entityId: target._id,
            summary:
              `${change ? `${change === 'archived' ? 'Archived' : 'Activated'}` : 'Updated'} ${fields.firstName} ${fields.lastName}`.trim(),
            details: { roleId: fields.roleId, dataSegmentIds: segments, status: { from: target.status, to: status } },
            ip: meta.ip,
            requestId: meta.requestId,
          });
        }),
      );
      return { row: await reload(target._id, kind), change };
    },

    /** A new link for an account still waiting on its invitation; the previous link stops working. */
    async resendInvitation(actor: Actor, id: string, meta: RequestMeta): Promise<void> {
      const target = await getStaffUser(db, actor.segments, id, null);
      if (!target) throw AppError.notFound();
      const kind: StaffKind = target.isTeamMember ? 'team' : 'system';
      if (!actor.permissions.has(kind === 'team' ? 'manage-team-members' : 'manage-users')) throw AppError.forbidden();
      await assertCanManage(actor, target, kind);
      if (target.status !== 'pending') throw AppError.field('status', STAFF_MESSAGES.notPending);
      const segmentId = target.dataSegmentIds[0] ?? actor.activeSegmentId;
      await db.transaction(async (tx) => {
        await writeInvitation(tx, links, {
          userId: target._id,
          email: target.email,
          firstName: target.firstName,
          companyName: target.companyName,
          inviterName: actor.name,
          kind,
          dataSegmentId: segmentId,
        });
        await appendAudit(tx, {
          dataSegmentId: segmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'system_users',
          action: 'resent_invitation',
          entityType: 'user',
          entityId: target._id,
          summary: `Sent the invitation to ${target.fullName} again`,
          ip: meta.ip,
          requestId: meta.requestId,
        });
      });
      await kickOutbox(jobs);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
