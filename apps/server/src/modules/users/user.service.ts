import { ADMINISTRATOR_ROLE_TITLE } from '@sanad/contracts/default-roles';
import {
  STAFF_MESSAGES,
  USER_STATUS_CHANGES,
  type TStaffListQuery,
  type TStaffUserRow,
  type TSystemUserInput,
  type TUserStatus,
} from '@sanad/contracts/users';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { revokeUserSessions } from '../../platform/auth/session-store';
import type { Database, Queryable } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import { canSeeSegment, resolveRequestedSegment } from '../../platform/tenancy/scope';
import { permissionsBeyond, permissionsBeyondStrict } from '../roles/role.port';
import type { RoleService } from '../roles/role.service';
import { deriveUsername, writeInvitation } from './invitation';
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
} from './user.repository';

export interface UserServiceDeps {
  db: Database;
  /** Role lookups for the checks made before a role is given. */
  roles: Pick<RoleService, 'findInScope' | 'permissionsOfUser'>;
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

/** The status a change asks for, if the list of allowed changes permits it. */
function nextStatus(actor: Actor, target: TStaffUserRow, requested: TUserStatus | undefined): TUserStatus {
  if (!requested || requested === target.status) return target.status;
  if (requested === 'pending') throw AppError.field('status', STAFF_MESSAGES.pendingCannotBeSet);
  if (!USER_STATUS_CHANGES[target.status].includes(requested)) throw AppError.field('status', STAFF_MESSAGES.pendingCannotBeActivated);
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

const fullName = (fields: { firstName: string; lastName: string }) => `${fields.firstName} ${fields.lastName}`.trim();

/** A data segment's first administrator, invited when the segment is created. */
export interface SegmentAdministrator {
  segmentId: string;
  companyName: string;
  ref: string;
  fullName: string;
  email: string;
  username: string;
  roleId: string;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName || 'Administrator', lastName: rest.join(' ') };
}

/**
 * System users and team members. Both are staff accounts; a team member (users.is_team_member) is
 * invited by a colleague into the inviter's active data segment only, and may hold only
 * permissions the inviter holds (no exemption, even for an inviter holding every permission).
 */
export function createUserService({ db, roles, hmacKey, publicUrl, jobs }: UserServiceDeps) {
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
    const role = await roles.findInScope(actor.segments, roleId);
    if (!role) throw AppError.field('roleId', STAFF_MESSAGES.roleNotFound);
    const isNewRole = roleId !== previousRoleId;
    if (isNewRole && role.status !== 'active') throw AppError.field('roleId', STAFF_MESSAGES.roleArchived);
    if (segments.length > 0 && !segments.includes(role.dataSegmentId)) throw AppError.field('roleId', STAFF_MESSAGES.roleOutsideSegments);
    if (!isNewRole) return;
    const beyond = kind === 'team' ? permissionsBeyondStrict(actor, role.permissions) : permissionsBeyond(actor, role.permissions);
    if (beyond.length > 0) throw AppError.forbidden(STAFF_MESSAGES.cannotGrantRole);
  }

  async function assertCanManage(actor: Actor, target: TStaffUserRow, kind: StaffKind): Promise<void> {
    const held = await roles.permissionsOfUser(target._id);
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
            source: auditSource(actor, meta),
            module: 'system_users',
            action: ACTIONS[kind].created,
            entityType: 'user',
            entityId: userId,
            summary: `Invited ${fullName(fields)}`,
            details: { roleId: fields.roleId, dataSegmentIds: segments },
          });
          await kickOutbox(jobs, tx);
          return userId;
        }),
      );
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
      const verb = change === 'archived' ? 'Archived' : change === 'activated' ? 'Activated' : 'Updated';
      await mapUniqueViolations(() =>
        db.transaction(async (tx) => {
          await updateStaffUser(tx, target._id, fields);
          if (change === 'archived') await revokeUserSessions(tx, target._id, 'archived');
          await appendAudit(tx, {
            dataSegmentId: segments[0] ?? actor.activeSegmentId,
            source: auditSource(actor, meta),
            module: 'system_users',
            action: change ? ACTIONS[kind][change] : ACTIONS[kind].updated,
            entityType: 'user',
            entityId: target._id,
            summary: `${verb} ${fullName(fields)}`,
            details: { roleId: fields.roleId, dataSegmentIds: segments, status: { from: target.status, to: status } },
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
          source: auditSource(actor, meta),
          module: 'system_users',
          action: 'resent_invitation',
          entityType: 'user',
          entityId: target._id,
          summary: `Sent the invitation to ${target.fullName} again`,
        });
        await kickOutbox(jobs, tx);
      });
    },

    /** A free username for an invitee from their e-mail address, and whether the address is taken. */
    async identityFor(email: string): Promise<{ username: string; isEmailTaken: boolean }> {
      const username = await deriveUsername(db, email);
      return { username, isEmailTaken: (await findIdentityConflicts(db, email, username, null)).email };
    },

    /**
     * Invites a new data segment's Administrator in the transaction that creates the segment, so a
     * taken address leaves neither behind. Returns the new user's id.
     */
    async inviteSegmentAdministrator(tx: Queryable, actor: Actor, invitee: SegmentAdministrator, meta: RequestMeta): Promise<string> {
      const { firstName, lastName } = splitName(invitee.fullName);
      const userId = await insertStaffUser(tx, {
        firstName,
        lastName,
        email: invitee.email,
        username: invitee.username,
        phoneNumber: null,
        companyName: invitee.companyName,
        ref: invitee.ref,
        roleId: invitee.roleId,
        kyb: false,
        accountType: 'full',
        userGuide: false,
        dataSegmentIds: [invitee.segmentId],
        isTeamMember: false,
        invitedBy: actor.userId,
      });
      await writeInvitation(tx, links, {
        userId,
        email: invitee.email,
        firstName,
        companyName: invitee.companyName,
        inviterName: actor.name,
        kind: 'system',
        dataSegmentId: invitee.segmentId,
      });
      await appendAudit(tx, {
        dataSegmentId: invitee.segmentId,
        source: auditSource(actor, meta),
        module: 'system_users',
        action: 'created_user',
        entityType: 'user',
        entityId: userId,
        summary: `Invited ${fullName({ firstName, lastName })} as ${ADMINISTRATOR_ROLE_TITLE}`,
      });
      await kickOutbox(jobs, tx);
      return userId;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
