import { randomBytes } from 'node:crypto';
import type { Permission } from '@sanad/contracts/permissions';
import type { Queryable } from '../platform/db/database';
import { hashPassword } from '../platform/auth/passwords';
import { insertDataSegment } from '../modules/data-segments/data-segment.repository';
import { insertRole } from '../modules/roles/role.repository';
import { insertUser } from '../modules/users/user.repository';

export const STAFF_PASSWORD = 'Staff123!';
let cachedHash: Promise<string> | null = null;

export async function makeDataSegment(db: Queryable, companyName = `Client ${randomBytes(3).toString('hex')}`): Promise<string> {
  return insertDataSegment(db, { companyName, subscription: 'active' });
}

export interface MadeUser {
  id: string;
  email: string;
  roleId: string;
}

/** An active staff user whose role holds exactly `permissions`; password STAFF_PASSWORD. */
export async function makeUser(
  db: Queryable,
  options: {
    permissions: readonly Permission[];
    dataSegmentId: string;
    dataSegmentIds?: string[];
    accountType?: 'full' | 'lite';
    kyb?: boolean;
    status?: 'active' | 'pending';
  },
): Promise<MadeUser> {
  const suffix = randomBytes(4).toString('hex');
  cachedHash ??= hashPassword(STAFF_PASSWORD);
  const roleId = await insertRole(db, { dataSegmentId: options.dataSegmentId, title: `Role ${suffix}`, permissions: options.permissions });
  const email = `user-${suffix}@sanad.test`;
  const id = await insertUser(db, {
    firstName: 'Test',
    lastName: `User ${suffix}`,
    email,
    username: `user-${suffix}`,
    roleId,
    dataSegmentIds: options.dataSegmentIds ?? [options.dataSegmentId],
    accountType: options.accountType ?? 'full',
    kyb: options.kyb ?? false,
    status: options.status ?? 'active',
    passwordHash: await cachedHash,
  });
  return { id, email, roleId };
}
