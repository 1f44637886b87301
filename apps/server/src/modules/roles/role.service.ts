import { ROLE_MESSAGES, type TRoleInput, type TRoleListQuery, type TRoleRow } from '@sanad/contracts/roles';
import type { Database } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment, resolveRequestedSegment, type TenantScope } from '../../platform/tenancy/scope';
import { notifyRolePermissionsChanged } from '../notifications/notification.events';
import { permissionsBeyond } from './role.port';
import {
  countRoleHolders,
  dataSegmentExists,
  getRoleRow,
  getScopedRole,
  getUserRolePermissions,
  insertRole,
  isRoleTitleTaken,
  listRoles,
  replaceRolePermissions,
  updateRole,
  type ScopedRole,
} from './role.repository';

function assertGrantable(actor: Actor, permissions: readonly string[]): void {
  const beyond = permissionsBeyond(actor, permissions);
  if (beyond.length > 0) throw AppError.forbidden(ROLE_MESSAGES.cannotGrant(beyond));
}

async function withTitleConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationField(error, { roles_title_per_segment: 'title' })) throw AppError.conflict('title', ROLE_MESSAGES.titleTaken);
    throw error;
  }
}

/**
 * Roles of the data segments an actor may see. A permission change applies to the next request of
 * every holder, because each request loads the role as it is (session-store loadActor).
 */
export function createRoleService({ db }: { db: Database }) {
  async function assertTitleFree(dataSegmentId: string, title: string, exceptRoleId: string | null): Promise<void> {
    if (await isRoleTitleTaken(db, dataSegmentId, title, exceptRoleId)) throw AppError.conflict('title', ROLE_MESSAGES.titleTaken);
  }

  async function reload(id: string): Promise<TRoleRow> {
    const row = await getRoleRow(db, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    /** A role of the scope's segments with its permissions, as the user services check one before assigning it. */
    findInScope: (scope: TenantScope, id: string): Promise<ScopedRole | null> => getScopedRole(db, scope, id),

    /** The permissions a user holds through their role now (none when it is archived or missing). */
    permissionsOfUser: (userId: string): Promise<string[]> => getUserRolePermissions(db, userId),

    list(actor: Actor, query: TRoleListQuery): Promise<Page<TRoleRow>> {
      const onlySegment = resolveRequestedSegment(actor.segments, query.dataSegmentId);
      return listRoles(db, { scope: actor.segments, onlySegment, status: query.status ?? null }, query);
    },

    /** A role of the active segment; its permissions must all be held by the actor (or they hold all). */
    async create(actor: Actor, input: TRoleInput, meta: RequestMeta): Promise<TRoleRow> {
      const segmentId = resolveRequestedSegment(actor.segments, input.dataSegmentId) ?? actor.activeSegmentId;
      if (!segmentId || !canSeeSegment(actor.segments, segmentId) || !(await dataSegmentExists(db, segmentId)))
        throw AppError.field('dataSegmentId', 'Choose a data segment you have access to');
      const permissions = [...new Set(input.permissions)];
      assertGrantable(actor, permissions);
      await assertTitleFree(segmentId, input.title, null);
      const id = await withTitleConflict(() =>
        db.transaction(async (tx) => {
          const roleId = await insertRole(tx, { dataSegmentId: segmentId, title: input.title, permissions });
          if (input.status === 'archived') await updateRole(tx, roleId, { title: input.title, status: 'archived' });
          await appendAudit(tx, {
            dataSegmentId: segmentId,
            source: auditSource(actor, meta),
            module: 'system_users',
            action: 'created_role',
            entityType: 'role',
            entityId: roleId,
            summary: `Created role ${input.title}`,
            details: { permissions },
          });
          return roleId;
        }),
      );
      return reload(id);
    },

    /**
     * Edits a role the actor may manage (one whose permissions they hold). Archiving is refused
     * while users who are not archived still hold the role: they would silently lose every permission.
     */
    async update(
      actor: Actor,
      id: string,
      input: TRoleInput,
      meta: RequestMeta,
    ): Promise<{ row: TRoleRow; change: 'archived' | 'activated' | null }> {
      const role = await getScopedRole(db, actor.segments, id);
      if (!role) throw AppError.notFound();
      if (permissionsBeyond(actor, role.permissions).length > 0) throw AppError.forbidden(ROLE_MESSAGES.cannotManage);
      const permissions = [...new Set(input.permissions)];
      assertGrantable(actor, permissions);
      await assertTitleFree(role.dataSegmentId, input.title, role.id);
      const status = input.status ?? role.status;
      const change = status === role.status ? null : status === 'archived' ? 'archived' : 'activated';
      if (change === 'archived') {
        const holders = await countRoleHolders(db, role.id);
        if (holders > 0) throw AppError.field('status', ROLE_MESSAGES.stillAssigned(holders));
      }
      const chosen = new Set<string>(permissions);
      const added = permissions.filter((permission) => !role.permissions.includes(permission));
      const removed = role.permissions.filter((permission) => !chosen.has(permission));
      await withTitleConflict(() =>
        db.transaction(async (tx) => {
          await updateRole(tx, role.id, { title: input.title, status });
          await replaceRolePermissions(tx, role.id, permissions);
          await appendAudit(tx, {
            dataSegmentId: role.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'system_users',
            action: change === 'archived' ? 'archived_role' : change === 'activated' ? 'activated_role' : 'updated_role',
            entityType: 'role',
            entityId: role.id,
            summary: `${change === 'archived' ? 'Archived' : change === 'activated' ? 'Activated' : 'Updated'} role ${input.title}`,
            details: { added, removed, status: { from: role.status, to: status } },
          });
          // A new title or status alone leaves what the holders may do unchanged: nothing to tell them.
          if (added.length > 0 || removed.length > 0) {
            await notifyRolePermissionsChanged(tx, {
              dataSegmentId: role.dataSegmentId,
              roleId: role.id,
              roleTitle: input.title,
              changedBy: actor.userId,
            });
          }
        }),
      );
      return { row: await reload(role.id), change };
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
export type { ScopedRole } from './role.repository';
