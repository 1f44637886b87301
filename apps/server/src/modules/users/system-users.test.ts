import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type TStaffUserRow } from '@sanad/contracts/users';
import { MESSAGES } from '@sanad/contracts/messages';
import { ADMIN_EMAIL, body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment, makeUser } from '../../test-support/factories';
import { call, firstError, latestMail, linkToken, signedInUser, snapshotCounts } from '../../test-support/admin-helpers';

const t = useTestApp();
let administratorRoleId: string;
let checkerRoleId: string;

beforeAll(async () => {
  const roles = await t.context.db.query<{ id: string; title: string }>('select id, title from roles where data_segment_id = $1', [
    t.adminSegmentId,
  ]);
  administratorRoleId = roles.rows.find((role) => role.title === 'Administrator')?.id ?? '';
  checkerRoleId = roles.rows.find((role) => role.title === 'Checker')?.id ?? '';
});

let sequence = 0;
function newUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    firstName: 'Amina',
    lastName: `Rahman ${sequence}`,
    email: `amina.${sequence}@client.test`,
    phoneNumber: '+92 300 1234567',
    roleId: checkerRoleId,
    dataSegmentId: t.adminSegmentId,
    ...overrides,
  };
}

async function createUser(overrides: Record<string, unknown> = {}, token = t.adminToken): Promise<TStaffUserRow> {
  const response = await call(t, 'POST', 'users/', { token, payload: newUser(overrides) });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TStaffUserRow }>(response).data;
}

describe('POST users/', () => {
  it('creates a pending user in the active segment and e-mails a set-password link through the outbox', async () => {
    const response = await call(t, 'POST', 'users/', {
      token: t.adminToken,
      payload: newUser({ email: 'Invitee@Client.test', ref: 'HR-7' }),
    });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: TStaffUserRow }>(response);
    expect(message).toBe(STAFF_MESSAGES.userCreated);
    expect(data).toMatchObject({
      email: 'invitee@client.test',
      username: 'invitee',
      status: 'pending',
      roleTitle: 'Checker',
      invitedBy: { firstName: 'System' },
      companyName: 'Test Bank',
      ref: 'HR-7',
      dataSegmentIds: [t.adminSegmentId],
      isTeamMember: false,
    });
    const mail = await latestMail(t.context.db, 'invitee@client.test');
    expect(mail?.subject).toBe('You are invited to join Test Bank on Sanad');
    expect(mail?.is_sensitive).toBe(true);
    expect(mail?.body_text).toContain(`${t.context.config.publicUrl}/users/create-password/`);
    expect(linkToken(mail, 'users/create-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const audit = await t.context.db.query('select action from audit_log where entity_id = $1', [data._id]);
    expect(audit.rows).toEqual([{ action: 'created_user' }]);
  });

  it("answers validation errors in the form's words, the first of them as the message", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: 'x'.repeat(51) }, 'firstName', 'First name must be at most 50 characters'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ roleId: undefined }, 'roleId', 'Role is required'],
      [{ phoneNumber: 'call me' }, 'phoneNumber', 'Enter a valid phone number'],
      [{ username: 'a@b' }, 'username', 'Username must be 3 to 50 characters: letters, digits, dots, hyphens or underscores'],
    ];
    for (const [change, field, text] of cases) {
      const response = await call(t, 'POST', 'users/', { token: t.adminToken, payload: newUser(change) });
      expect(response.statusCode).toBe(422);
      expect(body<{ errors: Record<string, string[]> }>(response).errors[field]).toEqual([text]);
      expect(firstError(response)).toBe(body<{ message: string }>(response).message);
    }
  });

  it('accepts names of exactly 50 characters', async () => {
    const user = await createUser({ firstName: 'x'.repeat(50), lastName: 'y'.repeat(50) });
    expect(user.fullName).toHaveLength(101);
  });

  it('refuses a taken e-mail address with 409 naming the field, and writes nothing at all', async () => {
    const existing = await createUser();
    const before = await snapshotCounts(t.context.db);
    const response = await call(t, 'POST', 'users/', { token: t.adminToken, payload: newUser({ email: existing.email.toUpperCase() }) });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({
      code: 'CONFLICT',
      message: STAFF_MESSAGES.emailTaken,
      errors: { email: [STAFF_MESSAGES.emailTaken] },
    });
    expect(await snapshotCounts(t.context.db)).toEqual(before);
  });

  it('refuses a taken username with 409, case-insensitively', async () => {
    await createUser({ username: 'Kamran.Ali' });
    const response = await call(t, 'POST', 'users/', { token: t.adminToken, payload: newUser({ username: 'kamran.ali' }) });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ errors: { username: [STAFF_MESSAGES.usernameTaken] } });
  });

  it('derives a free username from the e-mail address when none is given', async () => {
    const first = await createUser({ email: 'same.name@one.test' });
    const second = await createUser({ email: 'same.name@two.test' });
    expect(first.username).toBe('same.name');
    expect(second.username).toMatch(/^same\.name-\d{4}$/);
  });

  it('refuses roles and data segments the actor cannot see, and all segments from a limited actor', async () => {
    const other = await makeDataSegment(t.context.db);
    const foreign = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: other });
    const manager = await signedInUser(t, ['manage-users', 'view-users']);
    const ownRole = (await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId })).roleId;
    const attempts: Array<[Record<string, unknown>, string, string]> = [
      [{ roleId: foreign.roleId }, 'roleId', STAFF_MESSAGES.roleNotFound],
      [{ roleId: ownRole, dataSegmentIds: [other] }, 'dataSegmentIds', STAFF_MESSAGES.segmentNotVisible],
      [{ roleId: ownRole, dataSegmentIds: [] }, 'dataSegmentIds', STAFF_MESSAGES.allSegmentsNotAllowed],
    ];
    for (const [change, field, text] of attempts) {
      const response = await call(t, 'POST', 'users/', { token: manager.token, payload: newUser(change) });
      expect({ case: change, status: response.statusCode }).toEqual({ case: change, status: 422 });
      expect(body<{ errors: Record<string, string[]> }>(response).errors[field]).toEqual([text]);
    }
    const activeElsewhere = await call(t, 'POST', 'users/', {
      token: manager.token,
      payload: newUser({ roleId: ownRole, dataSegmentId: other }),
    });
    expect(activeElsewhere.statusCode).toBe(403);
  });

  it("refuses a role whose segment is not among the user's segments", async () => {
    const other = await makeDataSegment(t.context.db);
    const response = await call(t, 'POST', 'users/', { token: t.adminToken, payload: newUser({ dataSegmentIds: [other] }) });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({ errors: { roleId: [STAFF_MESSAGES.roleOutsideSegments] } });
  });

  it('lets an actor who sees every segment give a user every segment', async () => {
    const user = await createUser({ dataSegmentIds: [] });
    expect(user.dataSegmentIds).toEqual([]);
  });

  it('refuses to assign a role holding permissions the actor does not hold', async () => {
    const manager = await signedInUser(t, ['manage-users', 'view-users']);
    const response = await call(t, 'POST', 'users/', { token: manager.token, payload: newUser({ roleId: administratorRoleId }) });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ message: STAFF_MESSAGES.cannotGrantRole });
    const weaker = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const allowed = await call(t, 'POST', 'users/', { token: manager.token, payload: newUser({ roleId: weaker.roleId }) });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 without manage-users', async () => {
    expect((await call(t, 'POST', 'users/', { payload: newUser() })).statusCode).toBe(401);
    const viewer = await signedInUser(t, ['view-users']);
    const response = await call(t, 'POST', 'users/', { token: viewer.token, payload: newUser() });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ message: MESSAGES.forbidden });
  });
});

describe('GET users/', () => {
  it('lists with the spec fields, filters by status and keyword, sorts, and pages', async () => {
    const segment = await makeDataSegment(t.context.db, 'Listing Bank');
    const role = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: segment });
    for (const name of ['Zara', 'Bilal', 'Hina']) {
      await createUser({ firstName: name, lastName: 'Listed', roleId: role.roleId, dataSegmentIds: [segment] });
    }
    // Users who see every segment belong to each segment's list too; the keyword leaves them out.
    const query = { dataSegmentId: segment, sortBy: 'fullName', sortOrder: 'asc', status: 'pending', keyword: 'Listed' };
    const response = await call(t, 'GET', 'users/', { token: t.adminToken, query });
    expect(response.statusCode).toBe(200);
    const list = body<{ data: TStaffUserRow[]; pagination: unknown }>(response);
    expect(list.data.map((user) => user.firstName)).toEqual(['Bilal', 'Hina', 'Zara']);
    expect(list.pagination).toEqual({ total: 3, current: 1, next: null, perPage: 10 });
    expect(Object.keys(list.data[0] ?? {})).toEqual(
      expect.arrayContaining([
        'avatar',
        'fullName',
        'roleTitle',
        'invitedBy',
        'ref',
        'email',
        'phoneNumber',
        'companyName',
        'createdAt',
        'status',
      ]),
    );

    const searched = await call(t, 'GET', 'users', { token: t.adminToken, query: { dataSegmentId: segment, keyword: 'hin' } });
    expect(body<{ data: TStaffUserRow[] }>(searched).data.map((user) => user.firstName)).toEqual(['Hina']);

    const paged = await call(t, 'GET', 'users', { token: t.adminToken, query: { ...query, perPage: '10', startAt: '2' } });
    expect(body<{ data: unknown[] }>(paged).data).toEqual([]);

    const manager = await signedInUser(t, ['view-users'], [segment]);
    const active = await call(t, 'GET', 'users', { token: manager.token, query: { dataSegmentId: segment, status: 'active' } });
    expect(
      body<{ data: TStaffUserRow[] }>(active)
        .data.map((user) => user.email)
        .toSorted(),
    ).toEqual([role.email, manager.email].toSorted());
  });

  it("narrows the list to one role's holders; another segment's role filters to nothing, a malformed one is refused", async () => {
    const segment = await makeDataSegment(t.context.db, 'Role Filter Bank');
    const holder = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: segment });
    const other = await makeUser(t.context.db, { permissions: ['view-alerts'], dataSegmentId: segment });
    const viewer = await signedInUser(t, ['view-users'], [segment]);
    const emailsOf = async (token: string, query: Record<string, string>) => {
      const response = await call(t, 'GET', 'users/', { token, query: { dataSegmentId: segment, ...query } });
      expect(response.statusCode).toBe(200);
      return body<{ data: TStaffUserRow[] }>(response).data.map((user) => user.email);
    };

    expect(await emailsOf(viewer.token, { roleId: holder.roleId })).toEqual([holder.email]);
    expect(await emailsOf(viewer.token, { roleId: other.roleId, keyword: 'Test' })).toEqual([other.email]);
    expect((await emailsOf(viewer.token, {})).toSorted()).toEqual([holder.email, other.email, viewer.email].toSorted());

    // The tenant rule is the list's own: a role of a segment the viewer does not see matches none of its users.
    const foreign = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: await makeDataSegment(t.context.db) });
    expect(await emailsOf(viewer.token, { roleId: foreign.roleId })).toEqual([]);

    const malformed = await call(t, 'GET', 'users/', { token: viewer.token, query: { roleId: 'not-a-role' } });
    expect(malformed.statusCode).toBe(422);
    expect(firstError(malformed)).toBe('roleId must be a role id');
  });

  it('refuses to sort by phone number or company name, and an unknown status filter', async () => {
    for (const sortBy of ['phoneNumber', 'companyName']) {
      const response = await call(t, 'GET', 'users', { token: t.adminToken, query: { sortBy } });
      expect(response.statusCode).toBe(422);
      expect(firstError(response)).toBe(`Sorting by ${sortBy} is not supported`);
    }
    const response = await call(t, 'GET', 'users', { token: t.adminToken, query: { status: 'deleted' } });
    expect(firstError(response)).toBe('Status must be active, pending or archived');
  });

  it('shows a limited user only the users of their segments, and refuses another segment as a filter', async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: other });
    const viewer = await signedInUser(t, ['view-users']);
    const list = body<{ data: TStaffUserRow[] }>(await call(t, 'GET', 'users', { token: viewer.token, query: { perPage: '500' } })).data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((user) => user.dataSegmentIds.length > 0 && user.dataSegmentIds.every((id) => id === t.adminSegmentId))).toBe(true);
    expect(list.some((user) => user.email === ADMIN_EMAIL)).toBe(false);
    expect(list.some((user) => user._id === outsider.id)).toBe(false);
    expect((await call(t, 'GET', 'users', { token: viewer.token, query: { dataSegmentId: other } })).statusCode).toBe(403);
    expect((await call(t, 'GET', `users/${outsider.id}`, { token: viewer.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', 'users/not-a-uuid', { token: viewer.token })).statusCode).toBe(404);
  });
});

describe('PUT users/{id}', () => {
  it('edits a user and answers the updated row', async () => {
    const user = await createUser();
    const response = await call(t, 'PUT', `users/${user._id}`, {
      token: t.adminToken,
      payload: { ...user, lastName: 'Renamed', phoneNumber: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      message: STAFF_MESSAGES.userUpdated,
      data: { lastName: 'Renamed', phoneNumber: null, status: 'pending' },
    });
  });

  it('archives a user sent whole with the new status, ending their sessions at once, and activates them again', async () => {
    const member = await signedInUser(t, ['view-users']);
    const row = body<{ data: TStaffUserRow }>(await call(t, 'GET', `users/${member.id}`, { token: t.adminToken })).data;
    expect((await call(t, 'GET', 'users', { token: member.token })).statusCode).toBe(200);

    const archived = await call(t, 'PUT', `users/${member.id}`, { token: t.adminToken, payload: { ...row, status: 'archived' } });
    expect(body(archived)).toMatchObject({ message: STAFF_MESSAGES.userArchived, data: { status: 'archived' } });
    expect((await call(t, 'GET', 'users', { token: member.token })).statusCode).toBe(401);
    const revoked = await t.context.db.query<{ revoked: number }>(
      "select count(*)::int as revoked from sessions where user_id = $1 and revoke_reason = 'archived'",
      [member.id],
    );
    expect(revoked.rows[0]?.revoked).toBe(1);

    const activated = await call(t, 'PUT', `users/${member.id}`, { token: t.adminToken, payload: { ...row, status: 'active' } });
    expect(body(activated)).toMatchObject({ message: STAFF_MESSAGES.userActivated, data: { status: 'active' } });
    // The old session stays ended; signing in again works.
    expect((await call(t, 'GET', 'users', { token: member.token })).statusCode).toBe(401);
    expect((await call(t, 'POST', 'users/login', { payload: { email: member.email, password: 'Staff123!' } })).statusCode).toBe(200);
    const actions = await t.context.db.query<{ action: string }>('select action from audit_log where entity_id = $1 order by id', [
      member.id,
    ]);
    expect(actions.rows.map((entry) => entry.action)).toEqual(['archived_user', 'activated_user']);
  });

  it('refuses to archive oneself and to set a user back to pending', async () => {
    const manager = await signedInUser(t, ['manage-users', 'view-users']);
    const self = body<{ data: TStaffUserRow }>(await call(t, 'GET', `users/${manager.id}`, { token: manager.token })).data;
    const archiveSelf = await call(t, 'PUT', `users/${manager.id}`, { token: manager.token, payload: { ...self, status: 'archived' } });
    expect(archiveSelf.statusCode).toBe(422);
    expect(firstError(archiveSelf)).toBe(STAFF_MESSAGES.cannotArchiveSelf);
    const pending = await call(t, 'PUT', `users/${manager.id}`, { token: t.adminToken, payload: { ...self, status: 'pending' } });
    expect(firstError(pending)).toBe(STAFF_MESSAGES.pendingCannotBeSet);
  });

  it('refuses to change a user holding permissions the actor lacks', async () => {
    const manager = await signedInUser(t, ['manage-users', 'view-users']);
    const stronger = await createUser({ roleId: administratorRoleId });
    const response = await call(t, 'PUT', `users/${stronger._id}`, { token: manager.token, payload: { ...stronger, status: 'archived' } });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ message: STAFF_MESSAGES.cannotManageUser });
  });

  it('answers 404 for users of other segments and for team members', async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: other });
    const manager = await signedInUser(t, ['manage-users', 'view-users']);
    const response = await call(t, 'PUT', `users/${outsider.id}`, { token: manager.token, payload: newUser({ status: 'archived' }) });
    expect(response.statusCode).toBe(404);
    const teamMember = body<{ data: TStaffUserRow }>(
      await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: newUser() }),
    ).data;
    expect(
      (await call(t, 'PUT', `users/${teamMember._id}`, { token: t.adminToken, payload: { ...teamMember, lastName: 'X' } })).statusCode,
    ).toBe(404);
    const unchanged = await t.context.db.query<{ status: string }>('select status from users where id = $1', [outsider.id]);
    expect(unchanged.rows[0]?.status).toBe('active');
  });

  it('refuses an e-mail address another account uses, leaving the user as it was', async () => {
    const first = await createUser();
    const second = await createUser();
    const response = await call(t, 'PUT', `users/${second._id}`, { token: t.adminToken, payload: { ...second, email: first.email } });
    expect(response.statusCode).toBe(409);
    const stored = body<{ data: TStaffUserRow }>(await call(t, 'GET', `users/${second._id}`, { token: t.adminToken })).data;
    expect(stored.email).toBe(second.email);
  });
});

describe('POST users/resend-invitation/{id}', () => {
  it('sends a new link that replaces the old one, only while the user is pending', async () => {
    const user = await createUser();
    const firstLink = linkToken(await latestMail(t.context.db, user.email), 'users/create-password');
    const response = await call(t, 'POST', `users/resend-invitation/${user._id}`, { token: t.adminToken });
    expect(body(response)).toEqual({ status: true, message: STAFF_MESSAGES.invitationResent });
    const secondLink = linkToken(await latestMail(t.context.db, user.email), 'users/create-password');
    expect(secondLink).not.toBe(firstLink);
    const password = { password: 'Fresh123!', passwordConfirmation: 'Fresh123!' };
    expect((await call(t, 'POST', `users/activate-account/${firstLink}`, { payload: password })).statusCode).toBe(400);
    expect((await call(t, 'POST', `users/activate-account/${secondLink}`, { payload: password })).statusCode).toBe(200);
    const again = await call(t, 'POST', `users/resend-invitation/${user._id}`, { token: t.adminToken });
    expect(firstError(again)).toBe(STAFF_MESSAGES.notPending);
  });
});
