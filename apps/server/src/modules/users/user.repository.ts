import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  phoneNumber?: string | null;
  companyName?: string;
  roleId: string;
  accountType?: 'full' | 'lite';
  kyb?: boolean;
  userGuide?: boolean;
  dataSegmentIds: readonly string[];
  status: 'active' | 'pending';
  passwordHash?: string | null;
  invitedBy?: string | null;
}

export async function insertUser(tx: Queryable, input: NewUser): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into users (first_name, last_name, email, username, phone_number, company_name, role_id, account_type, kyb,
                        user_guide, data_segment_ids, status, password_hash, password_changed_at, invited_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid[], $12, $13, case when $13::text is null then null else now() end, $14)
     returning id`,
    [
      input.firstName,
      input.lastName,
      input.email,
      input.username,
      input.phoneNumber ?? null,
      input.companyName ?? '',
      input.roleId,
      input.accountType ?? 'full',
      input.kyb ?? false,
      input.userGuide ?? false,
      [...input.dataSegmentIds],
      input.status,
      input.passwordHash ?? null,
      input.invitedBy ?? null,
    ],
  );
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function countUsers(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(db, 'select count(*)::int as count from users');
  return row?.count ?? 0;
}
