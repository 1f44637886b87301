import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export interface NewRole {
  dataSegmentId: string;
  title: string;
  permissions: readonly string[];
  isSystem?: boolean;
}

export async function insertRole(tx: Queryable, input: NewRole): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    'insert into roles (data_segment_id, title, is_system) values ($1, $2, $3) returning id',
    [input.dataSegmentId, input.title, input.isSystem ?? false],
  );
  if (!row) throw new Error('role insert returned nothing');
  await replaceRolePermissions(tx, row.id, input.permissions);
  return row.id;
}

export async function replaceRolePermissions(tx: Queryable, roleId: string, permissions: readonly string[]): Promise<void> {
  await tx.query('delete from role_permissions where role_id = $1', [roleId]);
  if (permissions.length === 0) return;
  await tx.query(
    'insert into role_permissions (role_id, permission) select $1, unnest($2::text[]) on conflict do nothing',
    [roleId, [...permissions]],
  );
}
