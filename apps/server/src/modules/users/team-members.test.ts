import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type TStaffUserRow } from '@sanad/contracts/users';
import { ADMIN_EMAIL, body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment, makeUser } from '../../test-support/factories';
import { call, firstError, latestMail, linkToken, signedInUser, snapshotCounts } from '../../test-support/admin-helpers';

const t = useTestApp();

let sequence = 0;
function member(roleId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    firstName: 'Team',
    lastName: `Member ${sequence}`,
    email: `member.${sequence}@client.test`,
    roleId,
    dataSegmentId: t.adminSegmentId,
    ...overrides,
  };
}

async function roleWith(permissions: Parameters<typeof makeUser>[1]['permissions'], segment = t.adminSegmentId): Promise<string> {
  return (await makeUser(t.context.db, { permissions, dataSegmentId: segment })).roleId;
}

describe('POST users/team-member/add', () => {
  it("adds a pending team member to the inviter's active segment and e-mails the team-member link", async () => {
    const inviter = await signedInUser(t, ['manage-team-members', 'view-team-members', 'view-alerts']);
    const roleId = await roleWith(['view-alerts']);
    const other = await makeDataSegment(t.context.db);
    // dataSegmentIds is not a team-member field: it is ignored, the active segment is used.
    const response = await call(t, 'POST', 'users/team-member/add', {
      token: inviter.token,
      payload: member(roleId, { dataSegmentIds: [other] }),
    });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: TStaffUserRow }>(response);
    expect(message).toBe(STAFF_MESSAGES.teamMemberAdded);
    expect(data).toMatchObject({
      status: 'pending',
      isTeamMember: true,
      dataSegmentIds: [t.adminSegmentId],
      invitedBy: { firstName: 'Test' },
    });
    const mail = await latestMail(t.context.db, String(data.email));
    expect(mail?.body_text).toContain(`${t.context.config.publicUrl}/team-member/create-password/`);
    expect(linkToken(mail, 'team-member/create-password')).toBeTruthy();
  });

  it('refuses a role holding a permission the inviter lacks, writing nothing', async () => {
    const inviter = await signedInUser(t, ['manage-team-members', 'view-alerts']);
    const stronger = await roleWith(['view-alerts', 'manage-users']);
    const before = await snapshotCounts(t.context.db);
    const response = await call(t, 'POST', 'users/team-member/add', { token: inviter.token, payload: member(stronger) });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ message: STAFF_MESSAGES.cannotGrantRole });
    expect(await snapshotCounts(t.context.db)).toEqual(before);
  });

  it('answers validation and conflict errors naming the field', async () => {
    const roleId = await roleWith(['view-alerts']);
    const invalid = await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: member(roleId, { firstName: '' }) });
    expect(firstError(invalid)).toBe('First name is required');
    const taken = await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: member(roleId, { email: ADMIN_EMAIL }) });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({ errors: { email: [STAFF_MESSAGES.emailTaken] } });
  });

  it('answers 401 without a token and 403 without manage-team-members', async () => {
    const roleId = await roleWith(['view-alerts']);
    expect((await call(t, 'POST', 'users/team-member/add', { payload: member(roleId) })).statusCode).toBe(401);
    const viewer = await signedInUser(t, ['view-team-members']);
    expect((await call(t, 'POST', 'users/team-member/add', { token: viewer.token, payload: member(roleId) })).statusCode).toBe(403);
  });
});

describe('GET users/team-member and PUT users/team-member/{id}', () => {
  it('lists team members apart from system users', async () => {
    const roleId = await roleWith(['view-alerts']);
    const added = body<{ data: TStaffUserRow }>(
      await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: member(roleId) }),
    ).data;
    const team = body<{ data: TStaffUserRow[] }>(
      await call(t, 'GET', 'users/team-member', { token: t.adminToken, query: { perPage: '500' } }),
    ).data;
    expect(team.map((row) => row._id)).toContain(added._id);
    expect(team.every((row) => row.isTeamMember)).toBe(true);
    const users = body<{ data: TStaffUserRow[] }>(await call(t, 'GET', 'users', { token: t.adminToken, query: { perPage: '500' } })).data;
    expect(users.map((row) => row._id)).not.toContain(added._id);
  });

  it('edits, archives and activates a team member, and refuses a system user on this path', async () => {
    const roleId = await roleWith(['view-alerts']);
    const added = body<{ data: TStaffUserRow }>(
      await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: member(roleId) }),
    ).data;
    const edited = await call(t, 'PUT', `users/team-member/${added._id}`, {
      token: t.adminToken,
      payload: { ...added, firstName: 'Renamed' },
    });
    expect(body(edited)).toMatchObject({ message: STAFF_MESSAGES.teamMemberUpdated, data: { firstName: 'Renamed' } });
    const archived = await call(t, 'PUT', `users/team-member/${added._id}`, {
      token: t.adminToken,
      payload: { ...added, status: 'archived' },
    });
    expect(body(archived)).toMatchObject({ message: STAFF_MESSAGES.userArchived, data: { status: 'archived' } });
    const activated = await call(t, 'PUT', `users/team-member/${added._id}`, {
      token: t.adminToken,
      payload: { ...added, status: 'active' },
    });
    expect(body(activated)).toMatchObject({ data: { status: 'active' } });

    const systemUser = await makeUser(t.context.db, { permissions: ['view-alerts'], dataSegmentId: t.adminSegmentId });
    expect((await call(t, 'PUT', `users/team-member/${systemUser.id}`, { token: t.adminToken, payload: member(roleId) })).statusCode).toBe(
      404,
    );
  });

  it('keeps a team member in their segment whatever the edit sends', async () => {
    const other = await makeDataSegment(t.context.db);
    const roleId = await roleWith(['view-alerts']);
    const added = body<{ data: TStaffUserRow }>(
      await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: member(roleId) }),
    ).data;
    const response = await call(t, 'PUT', `users/team-member/${added._id}`, {
      token: t.adminToken,
      payload: { ...added, dataSegmentIds: [other] },
    });
    expect(body<{ data: TStaffUserRow }>(response).data.dataSegmentIds).toEqual([t.adminSegmentId]);
  });
});
