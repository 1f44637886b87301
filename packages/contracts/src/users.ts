import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZListQuery } from './http';
import { safeString } from './safe-text';
import { ZAccountType } from './session';

/**
 * System users and team members. Field rules and their messages are ours: the spec
 * shows only names (at most 50 characters) and a valid e-mail (AD-56, AD-78, AD-79).
 */
export const USER_STATUSES = ['active', 'pending', 'archived'] as const;
export const ZUserStatus = z.enum(USER_STATUSES, { error: 'Status must be active, pending or archived' });
export type TUserStatus = z.infer<typeof ZUserStatus>;

/**
 * How an account came to be: invited by a colleague, created as the first administrator at setup,
 * by self-service sign-up, or from the command line. The lists show it where no inviter exists.
 */
export const USER_ORIGINS = ['invitation', 'setup', 'sign-up', 'command-line'] as const;
export const ZUserOrigin = z.enum(USER_ORIGINS);
export type TUserOrigin = z.infer<typeof ZUserOrigin>;

/** The 'Invited by' cell of an account nobody invited. */
export const USER_ORIGIN_LABELS: Record<Exclude<TUserOrigin, 'invitation'>, string> = {
  setup: 'Created at setup',
  'sign-up': 'Signed up',
  'command-line': 'Created from the command line',
};

/**
 * The status changes an administrator may make. A pending account becomes active only by accepting
 * its invitation (the list offers 'Resend invitation' instead); nobody is set back to pending.
 */
export const USER_STATUS_CHANGES: Readonly<Record<TUserStatus, readonly TUserStatus[]>> = {
  pending: ['archived'],
  active: ['archived'],
  archived: ['active'],
};

export const STAFF_MESSAGES = {
  userCreated: 'User created successfully. An invitation has been sent by e-mail',
  userUpdated: 'User updated successfully',
  userArchived: 'User archived successfully',
  userActivated: 'User activated successfully',
  invitationResent: 'The invitation has been sent again',
  teamMemberAdded: 'Team member added successfully. An invitation has been sent by e-mail',
  teamMemberUpdated: 'Team member updated successfully',
  emailTaken: 'A user with this email already exists',
  usernameTaken: 'This username is already taken',
  roleNotFound: 'Choose a role that exists in your data segments',
  roleArchived: 'This role is archived; choose an active role',
  roleOutsideSegments: "The role must belong to one of the user's data segments",
  segmentNotVisible: 'Choose data segments you have access to',
  allSegmentsNotAllowed: 'Only users who see every data segment can give a user access to all of them',
  cannotArchiveSelf: 'You cannot archive your own account',
  cannotGrantRole: 'You cannot assign a role with permissions you do not hold',
  cannotManageUser: 'You cannot change a user who holds permissions you do not have',
  pendingCannotBeSet: 'A user becomes pending only by invitation',
  pendingCannotBeActivated: 'A pending user becomes active by accepting the invitation; send it again instead',
  notPending: 'This user has already accepted the invitation',
} as const;

const personName = (label: string) =>
  safeString(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** Usernames never contain '@', so the sign-in form can tell them from e-mail addresses. */
export const ZUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, 'Username must be 3 to 50 characters: letters, digits, dots, hyphens or underscores');

export const ZPhoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, 'Enter a valid phone number');

const optionalText = (label: string, max: number) => safeString().trim().max(max, `${label} must be at most ${max} characters`);

/** Fields an administrator sets on a staff account, shared by system users and team members. */
const staffFields = {
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: ZEmail,
  username: ZUsername.or(z.literal('')).optional(),
  phoneNumber: ZPhoneNumber.or(z.literal('')).nullable().optional(),
  companyName: optionalText('Company name', 100).optional(),
  ref: optionalText('Ref', 50).optional(),
  roleId: z.uuid({ error: 'Role is required' }),
  kyb: z.boolean().optional(),
  accountType: ZAccountType.optional(),
  userGuide: z.boolean().optional(),
  /** The active data segment the client adds to every create. */
  dataSegmentId: z.string().max(64).optional(),
};

/**
 * POST users/ and PUT users/{id}. `dataSegmentIds` absent means the active segment only; an empty
 * list means every segment and needs an actor who sees every segment. A status toggle sends the
 * whole list row with its new status: fields not named here are ignored.
 */
export const ZSystemUserInput = z.object({
  ...staffFields,
  dataSegmentIds: z
    .array(z.uuid({ error: 'Choose data segments you have access to' }))
    .max(200)
    .optional(),
  status: ZUserStatus.optional(),
});
export type TSystemUserInput = z.infer<typeof ZSystemUserInput>;

/** POST users/team-member/add and PUT users/team-member/{id}: the segment is the active one. */
export const ZTeamMemberInput = z.object({ ...staffFields, status: ZUserStatus.optional() });
export type TTeamMemberInput = z.infer<typeof ZTeamMemberInput>;

/** One row of the system user and team member lists. */
export const ZStaffUserRow = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNumber: z.string().nullable(),
  companyName: z.string(),
  ref: z.string(),
  avatar: z.object({ fileName: z.string() }).nullable(),
  roleId: z.string().nullable(),
  roleTitle: z.string(),
  /** Who sent the invitation; null for an account that was not invited (see origin). */
  invitedBy: z.object({ _id: z.string(), firstName: z.string(), fullName: z.string() }).nullable(),
  origin: ZUserOrigin.nullable(),
  dataSegmentIds: z.array(z.string()),
  kyb: z.boolean(),
  accountType: ZAccountType,
  userGuide: z.boolean(),
  isTeamMember: z.boolean(),
  status: ZUserStatus,
  createdAt: z.string(),
});
export type TStaffUserRow = z.infer<typeof ZStaffUserRow>;

/** Columns the user lists sort by; phone number, company name and action are not sortable. */
export const STAFF_SORTABLE = ['fullName', 'roleTitle', 'invitedBy', 'ref', 'email', 'createdAt', 'status'] as const;

/** The user lists' query: the common list query plus a status filter and a role. */
export const ZStaffListQuery = ZListQuery.extend({
  status: ZUserStatus.optional(),
  roleId: z.uuid({ error: 'roleId must be a role id' }).optional(),
});
export type TStaffListQuery = z.infer<typeof ZStaffListQuery>;
