import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZListQuery } from './http';
import { safeString } from './safe-text';
import { STATUS_REVIEW_ROLES, isPermission } from './permissions';

/** Roles as the role list and editor show them. */
export const ROLE_STATUSES = ['active', 'archived'] as const;
export const ZRoleStatus = z.enum(ROLE_STATUSES, { error: 'Status must be active or archived' });

export const ROLE_MESSAGES = {
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  archived: 'Role archived successfully',
  activated: 'Role activated successfully',
  titleTaken: 'A role with this title already exists in this data segment',
  stillAssigned: (count: number) =>
    `This role cannot be archived while ${count} ${count === 1 ? 'user holds' : 'users hold'} it; assign ${count === 1 ? 'that user' : 'them'} another role first`,
  cannotGrant: (permissions: readonly string[]) => `You cannot grant permissions you do not hold: ${permissions.join(', ')}`,
  cannotManage: 'You cannot change a role that holds permissions you do not have',
} as const;

/** POST access-control/roles and PUT access-control/roles/{id}. */
export const ZRoleInput = z.object({
  title: safeString('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(NAME_MAX_LENGTH, `Title must be at most ${NAME_MAX_LENGTH} characters`),
  permissions: z
    .array(z.string().refine(isPermission, { error: (issue) => `Unknown permission: ${String(issue.input)}` }), {
      error: 'Choose at least one permission',
    })
    .min(1, 'Choose at least one permission')
    .max(100),
  status: ZRoleStatus.optional(),
  /** The active data segment; a new role belongs to it. */
  dataSegmentId: z.string().max(64).optional(),
});
export type TRoleInput = z.infer<typeof ZRoleInput>;

export const ZRoleRow = z.object({
  _id: z.string(),
  title: z.string(),
  status: ZRoleStatus,
  /** Users holding the role who are not archived: the 'associated users count'. */
  usersCount: z.number().int(),
  permissions: z.array(z.string()),
  dataSegmentId: z.string(),
  companyName: z.string(),
  isSystem: z.boolean(),
  createdAt: z.string(),
});
export type TRoleRow = z.infer<typeof ZRoleRow>;

export const ROLE_SORTABLE = ['title', 'usersCount', 'status', 'createdAt'] as const;

export const ZRoleListQuery = ZListQuery.extend({ status: ZRoleStatus.optional() });
export type TRoleListQuery = z.infer<typeof ZRoleListQuery>;

export const ZStatusReviewRole = z.enum(STATUS_REVIEW_ROLES);
