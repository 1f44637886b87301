import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, type TRoleRow } from '@sanad/contracts/roles';
import { DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import { ALL_PERMISSIONS } from '@sanad/contracts/permissions';
import type { TStaffUserRow } from '@sanad/contracts/users';
import { body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment, makeUser } from '../../test-support/factories';
import { call, firstError, signedInUser } from '../../test-support/admin-helpers';

const t = useTestApp();

let sequence = 0;
async function createRole(payload: Record<string, unknown>, token = t.adminToken): Promise<TRoleRow> {
  const response = await call(t, 'POST', 'access-control/roles', { token, payload: { dataSegmentId: t.adminSegmentId, ...payload } });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TRoleRow }>(response).data;
}
const title = () => `Reviewer ${(sequence += 1)}`;

describe('GET access-control/roles', () => {
  it("lists the active segment's roles with title, associated users count, status and permissions", async () => {
    const response = await call(t, 'GET', 'access-control/roles', {
      token: t.adminToken,
      query: { dataSegmentId: t.adminSegmentId, perPage: '100', sortBy: 'title' },
    });
    expect(response.statusCode).toBe(200);
    const rows = body<{ data: TRoleRow[] }>(response).data;
    const administrator = rows.find((row) => row.title === 'Administrator');
    expect(administrator).toMatchObject({ status: 'active', usersCount: 1, isSystem: true, companyName: 'Test Bank' });
    expect(administrator?.permissions).toHaveLength(ALL_PERMISSIONS.length);
    for (const role of DEFAULT_ROLES) expect(rows.map((row) => row.title)).toContain(role.title);
    expect(rows.map((row) => row.title)).toEqual(
      rows.map((row) => row.title).toSorted((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('shows a limited user only the roles of their segments, and refuses another segment as a filter', async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-roles'], dataSegmentId: other });
    const viewer = await signedInUser(t, ['view-roles']);
    const rows = body<{ data: TRoleRow[] }>(
      await call(t, 'GET', 'access-control/roles', { token: viewer.token, query: { perPage: '500' } }),
    ).data;
    expect(rows.every((row) => row.dataSegmentId === t.adminSegmentId)).toBe(true);
    expect(rows.some((row) => row._id === outsider.roleId)).toBe(false);
    expect((await call(t, 'GET', 'access-control/roles', { token: viewer.token, query: { dataSegmentId: other } })).statusCode).toBe(403);
  });

  it('answers 401 without a token and 403 without a role or user administration permission', async () => {
    expect((await call(t, 'GET', 'access-control/roles')).statusCode).toBe(401);
    const nobody = await signedInUser(t, ['view-alerts']);
    expect((await call(t, 'GET', 'access-control/roles', { token: nobody.token })).statusCode).toBe(403);
    const userManager = await signedInUser(t, ['manage-users']);
    expect((await call(t, 'GET', 'access-control/roles', { token: userManager.token })).statusCode).toBe(200);
  });
});

describe('POST access-control/roles', () => {
  it('creates a role in the active segment', async () => {
    const name = title();
    const response = await call(t, 'POST', 'access-control/roles', {
      token: t.adminToken,
      payload: { title: name, permissions: ['view-alerts', 'checker', 'view-alerts'], dataSegmentId: t.adminSegmentId },
    });
    expect(body(response)).toMatchObject({
      message: ROLE_MESSAGES.created,
      data: {
        title: name,
        status: 'active',
        usersCount: 0,
        permissions: ['checker', 'view-alerts'],
        dataSegmentId: t.adminSegmentId,
        isSystem: false,
      },
    });
  });

  it('answers validation errors naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '', permissions: ['view-alerts'] }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(51), permissions: ['view-alerts'] }, 'title', 'Title must be at most 50 characters'],
      [{ title: title(), permissions: [] }, 'permissions', 'Choose at least one permission'],
      [{ title: title(), permissions: ['fly-to-the-moon'] }, 'permissions.0', 'Unknown permission: fly-to-the-moon'],
      [{ title: title(), permissions: ['white-labelling'] }, 'permissions.0', 'Unknown permission: white-labelling'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(t, 'POST', 'access-control/roles', { token: t.adminToken, payload });
      expect({ case: payload, status: response.statusCode }).toEqual({ case: payload, status: 422 });
      expect(body<{ errors: Record<string, string[]> }>(response).errors[field]).toEqual([message]);
      expect(firstError(response)).toBe(message);
    }
  });

  it('refuses a title already used in the segment, case-insensitively, but allows it in another segment', async () => {
    const name = title();
    await createRole({ title: name, permissions: ['view-alerts'] });
    const response = await call(t, 'POST', 'access-control/roles', {
      token: t.adminToken,
      payload: { title: name.toUpperCase(), permissions: ['view-alerts'], dataSegmentId: t.adminSegmentId },
    });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ errors: { title: [ROLE_MESSAGES.titleTaken] } });
    const other = await makeDataSegment(t.context.db);
    expect(
      (
        await call(t, 'POST', 'access-control/roles', {
          token: t.adminToken,
          payload: { title: name, permissions: ['view-alerts'], dataSegmentId: other },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses to grant permissions the actor does not hold, unless they hold every permission', async () => {
    const manager = await signedInUser(t, ['manage-roles', 'view-roles', 'view-users']);
    const refused = await call(t, 'POST', 'access-control/roles', {
      token: manager.token,
      payload: { title: title(), permissions: ['view-users', 'system-logs', 'manage-users'], dataSegmentId: t.adminSegmentId },
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ message: ROLE_MESSAGES.cannotGrant(['system-logs', 'manage-users']) });
    await createRole({ title: title(), permissions: ['view-users', 'view-roles'] }, manager.token);
    await createRole({ title: title(), permissions: ['system-logs', 'manage-users'] });
  });

  it('refuses a segment the actor cannot see', async () => {
    const other = await makeDataSegment(t.context.db);
    const manager = await signedInUser(t, ['manage-roles']);
    const response = await call(t, 'POST', 'access-control/roles', {
      token: manager.token,
      payload: { title: title(), permissions: ['manage-roles'], dataSegmentId: other },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.context.db.query('select 1 from roles where data_segment_id = $1', [other])).toMatchObject({ rows: [] });
  });
});

describe('PUT access-control/roles/{id}', () => {
  it('applies a permission change to the next request of every user holding the role', async () => {
    const role = await createRole({ title: title(), permissions: ['view-users'] });
    const holders = await Promise.all(
      [0, 1].map(async () => {
        const user = await signedInUser(t, []);
        await t.context.db.query('update users set role_id = $2 where id = $1', [user.id, role._id]);
        return user;
      }),
    );
    for (const holder of holders) expect((await call(t, 'GET', 'users', { token: holder.token })).statusCode).toBe(200);

    const response = await call(t, 'PUT', `access-control/roles/${role._id}`, {
      token: t.adminToken,
      payload: { ...role, permissions: ['view-roles'] },
    });
    expect(body(response)).toMatchObject({ message: ROLE_MESSAGES.updated, data: { permissions: ['view-roles'], usersCount: 2 } });
    for (const holder of holders) {
      expect((await call(t, 'GET', 'users', { token: holder.token })).statusCode).toBe(403);
      expect((await call(t, 'GET', 'access-control/roles', { token: holder.token })).statusCode).toBe(200);
      const profile = body<{ data: { scopes: string[] } }>(await call(t, 'GET', 'users/verify-token', { token: holder.token })).data;
      expect(profile.scopes).toEqual(['view-roles']);
    }
    const audit = await t.context.db.query<{ details: { added: string[]; removed: string[] } }>(
      "select details from audit_log where entity_id = $1 and action = 'updated_role'",
      [role._id],
    );
    expect(audit.rows[0]?.details).toMatchObject({ added: ['view-roles'], removed: ['view-users'] });
  });

  it('tells the holders of a role when its permissions change, and not when only its title does', async () => {
    const role = await createRole({ title: title(), permissions: ['notification-bar', 'view-users'] });
    const holder = await signedInUser(t, []);
    await t.context.db.query('update users set role_id = $2 where id = $1', [holder.id, role._id]);
    const roleNotices = async (token: string) => {
      const { data } = body<{ data: Array<{ title: string; description: string }> }>(
        await call(t, 'GET', 'configurations/notifications', { token }),
      );
      return data.filter((item) => item.title === 'Your role was updated').map((item) => item.description);
    };

    const renamed = { ...role, title: title() };
    expect((await call(t, 'PUT', `access-control/roles/${role._id}`, { token: t.adminToken, payload: renamed })).statusCode).toBe(200);
    expect(
      (
        await call(t, 'PUT', `access-control/roles/${role._id}`, {
          token: t.adminToken,
          payload: { ...renamed, permissions: ['view-users', 'notification-bar'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(await roleNotices(holder.token)).toEqual([]);

    expect(
      (
        await call(t, 'PUT', `access-control/roles/${role._id}`, {
          token: t.adminToken,
          payload: { ...renamed, permissions: ['notification-bar'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(await roleNotices(holder.token)).toEqual([expect.stringContaining(`"${renamed.title}"`)]);
    expect(await roleNotices(t.adminToken)).toEqual([]);
  });

  it('refuses to archive a role still held by users who are not archived, then archives and activates it', async () => {
    const role = await createRole({ title: title(), permissions: ['view-alerts'] });
    const invited = await call(t, 'POST', 'users/', {
      token: t.adminToken,
      payload: {
        firstName: 'Role',
        lastName: 'Holder',
        email: `holder.${sequence}@client.test`,
        roleId: role._id,
        dataSegmentId: t.adminSegmentId,
      },
    });
    const holder = body<{ data: TStaffUserRow }>(invited).data;
    const refused = await call(t, 'PUT', `access-control/roles/${role._id}`, {
      token: t.adminToken,
      payload: { ...role, status: 'archived' },
    });
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({ errors: { status: [ROLE_MESSAGES.stillAssigned(1)] } });
    expect(firstError(refused)).toBe('This role cannot be archived while 1 user holds it; assign that user another role first');

    expect(
      (await call(t, 'PUT', `users/${holder._id}`, { token: t.adminToken, payload: { ...holder, status: 'archived' } })).statusCode,
    ).toBe(200);
    const archived = await call(t, 'PUT', `access-control/roles/${role._id}`, {
      token: t.adminToken,
      payload: { ...role, status: 'archived' },
    });
    expect(body(archived)).toMatchObject({ message: ROLE_MESSAGES.archived, data: { status: 'archived', usersCount: 0 } });
    const activated = await call(t, 'PUT', `access-control/roles/${role._id}`, {
      token: t.adminToken,
      payload: { ...role, status: 'active' },
    });
    expect(body(activated)).toMatchObject({ message: ROLE_MESSAGES.activated, data: { status: 'active' } });
  });

  it('refuses to change a role holding permissions the actor lacks, or to add ones they lack', async () => {
    const manager = await signedInUser(t, ['manage-roles', 'view-roles', 'view-alerts']);
    const stronger = await createRole({ title: title(), permissions: ['view-alerts', 'system-logs'] });
    const change = await call(t, 'PUT', `access-control/roles/${stronger._id}`, {
      token: manager.token,
      payload: { ...stronger, permissions: ['view-alerts'] },
    });
    expect(change.statusCode).toBe(403);
    expect(body(change)).toMatchObject({ message: ROLE_MESSAGES.cannotManage });

    const own = await createRole({ title: title(), permissions: ['view-alerts'] }, manager.token);
    const escalate = await call(t, 'PUT', `access-control/roles/${own._id}`, {
      token: manager.token,
      payload: { ...own, permissions: ['view-alerts', 'manage-users'] },
    });
    expect(escalate.statusCode).toBe(403);
    expect(body(escalate)).toMatchObject({ message: ROLE_MESSAGES.cannotGrant(['manage-users']) });
  });

  it('answers 404 for a role of another segment, leaving it unchanged', async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-alerts'], dataSegmentId: other });
    const manager = await signedInUser(t, ['manage-roles', 'view-alerts']);
    const response = await call(t, 'PUT', `access-control/roles/${outsider.roleId}`, {
      token: manager.token,
      payload: { title: 'Taken over', permissions: ['view-alerts'] },
    });
    expect(response.statusCode).toBe(404);
    const stored = await t.context.db.query<{ title: string }>('select title from roles where id = $1', [outsider.roleId]);
    expect(stored.rows[0]?.title).not.toBe('Taken over');
  });
});
