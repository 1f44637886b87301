import type { TProfile } from '@sanad/contracts/session';
import { getStatusReviewRole, WHITE_LABELLING_SCOPE } from '@sanad/contracts/permissions';
import type { ActorAccount } from '../../platform/auth/access';

/**
 * The session profile. Scopes are the role's permissions, plus white-labelling when the
 * active segment allows it; the status-review role is derived from them.
 */
export function profileOf(
  user: { id: string; email: string; roleName: string },
  account: ActorAccount,
  isWhiteLabelled: boolean,
): TProfile {
  const scopes = isWhiteLabelled ? [...account.rolePermissions, WHITE_LABELLING_SCOPE] : account.rolePermissions;
  return {
    _id: user.id,
    userId: user.id,
    firstName: account.firstName,
    lastName: account.lastName,
    email: user.email,
    username: account.username,
    phoneNumber: account.phoneNumber,
    roleName: user.roleName,
    avatar: account.avatarFileName ? { fileName: account.avatarFileName } : null,
    accountType: account.accountType,
    kyb: account.kyb,
    userGuide: account.userGuide,
    dataSegmentIds: account.dataSegmentIds,
    scopes,
    kycRole: getStatusReviewRole(scopes),
  };
}
