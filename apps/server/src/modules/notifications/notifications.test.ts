import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@sanad/contracts/permissions';
import { MESSAGES } from '@sanad/contracts/messages';
import type { TNotification } from '@sanad/contracts/notifications';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser, type MadeUser } from '../../test-support/factories';
import { notifyInvitationAccepted, notifyRolePermissionsChanged, notifyUsers } from './notification.events';

const t = useTestApp();
let segment: string;
let otherSegment: string;

interface ListBody {
  data: TNotification[];
  pagination: { total: number; current: number; next: number | null; perPage: number };
  unreadCount: number;
}

beforeAll(async () => {
  segment = await makeDataSegment(t.context.db, 'Notify Bank');
  otherSegment = await makeDataSegment(t.context.db, 'Other Bank');
});

async function userWith(permissions: Permission[], dataSegmentId = segment): Promise<MadeUser & { token: string }> {
  const user = await makeUser(t.context.db, { permissions, dataSegmentId });
  return { ...user, token: await t.login(user.email, STAFF_PASSWORD) };
}

const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/configurations/notifications${query}`, headers: bearer(token) });
const mark = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/configurations/notifications', headers: bearer(token), payload });

async function send(
  userIds: string[],
  title: string,
  extra: { category?: string; description?: string; dataSegmentId?: string | null } = {},
) {
  await t.context.db.transaction((tx) =>
    notifyUsers(tx, {
      dataSegmentId: extra.dataSegmentId === undefined ? segment : extra.dataSegmentId,
      userIds,
      title,
      description: extra.description ?? `About ${title}`,
      category: extra.category,
    }),
  );
}

describe('GET configurations/notifications', () => {
  it("lists the caller's notifications newest first with the spec's fields and the unread count", async () => {
    const reader = await userWith(['notification-bar']);
    await send([reader.id], 'First');
    await send([reader.id], 'Second', { category: 'external', description: 'https://example.org/release-notes' });
    const response = await list(reader.token);
    expect(response.statusCode).toBe(200);
    const result = body<ListBody>(response);
    expect(result.data.map((item) => item.title)).toEqual(['Second', 'First']);
    expect(Object.keys(result.data[0] ?? {}).toSorted()).toEqual(['_id', 'category', 'createdAt', 'description', 'icon', 'read', 'title']);
    expect(result.data[0]).toMatchObject({
      category: 'external',
      description: 'https://example.org/release-notes',
      read: false,
      icon: 'info',
    });
    expect(Number.isNaN(Date.parse(result.data[0]?.createdAt ?? ''))).toBe(false);
    expect(result.unreadCount).toBe(2);
    expect(result.pagination).toEqual({ total: 2, current: 1, next: null, perPage: 10 });
  });

  it('lists two sent at the same instant with the later written first', async () => {
    const reader = await userWith(['notification-bar']);
    // One transaction gives both rows the same now(); nothing but the order of writing tells them apart.
    await t.context.db.transaction(async (tx) => {
      for (const title of ['Earlier', 'Later', 'Latest']) {
        await notifyUsers(tx, { dataSegmentId: segment, userIds: [reader.id], title, description: title });
      }
    });
    const titles = body<ListBody>(await list(reader.token)).data.map((item) => item.title);
    expect(titles).toEqual(['Latest', 'Later', 'Earlier']);
  });

  it('pages with the list query and filters unread ones', async () => {
    const reader = await userWith(['view-notifications']);
    for (let index = 1; index <= 12; index += 1) await send([reader.id], `Item ${index}`);
    const second = body<ListBody>(await list(reader.token, '?startAt=2&perPage=10'));
    expect(second.data).toHaveLength(2);
    expect(second.pagination).toEqual({ total: 12, current: 2, next: null, perPage: 10 });
    const first = body<ListBody>(await list(reader.token));
    await mark(reader.token, { notificationId: first.data[0]?._id });
    const unread = body<ListBody>(await list(reader.token, '?status=unread&perPage=20'));
    expect(unread.pagination.total).toBe(11);
    expect(unread.unreadCount).toBe(11);
  });

  it('never shows another user their neighbour’s notifications', async () => {
    const alice = await userWith(['notification-bar']);
    const bob = await userWith(['notification-bar']);
    await send([alice.id], 'For Alice only');
    const bobs = body<ListBody>(await list(bob.token));
    expect(bobs.data.map((item) => item.title)).not.toContain('For Alice only');
  });

  it('hides notifications of a segment the user no longer works in', async () => {
    const reader = await userWith(['notification-bar']);
    await send([reader.id], 'From the other bank', { dataSegmentId: otherSegment });
    await send([reader.id], 'Installation-wide', { dataSegmentId: null });
    const titles = body<ListBody>(await list(reader.token)).data.map((item) => item.title);
    expect(titles).toEqual(['Installation-wide']);
  });

  it('answers 401 without a token and 403 without notification-bar or view-notifications', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/configurations/notifications' })).statusCode).toBe(401);
    const other = await userWith(['view-users']);
    const refused = await list(other.token);
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ status: false, message: MESSAGES.forbidden });
  });

  it('lets any signed-in user mark their own inbox read, which changes nothing for one without notifications', async () => {
    const other = await userWith(['view-users']);
    const marked = await mark(other.token, { markAllRead: true });
    expect(marked.statusCode).toBe(200);
    expect(body(marked)).toMatchObject({ data: { unreadCount: 0 } });
  });
});

describe('POST configurations/notifications', () => {
  it('marks an opened notification read and returns the new unread count', async () => {
    const reader = await userWith(['notification-bar']);
    await send([reader.id], 'Open me');
    await send([reader.id], 'Leave me');
    const [, opened] = body<ListBody>(await list(reader.token)).data;
    const response = await mark(reader.token, { notificationId: opened?._id, markAllRead: false });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: true, message: 'Notification marked as read', data: { unreadCount: 1 } });
    const after = body<ListBody>(await list(reader.token)).data;
    expect(after.map((item) => [item.title, item.read])).toEqual([
      ['Leave me', false],
      ['Open me', true],
    ]);
    // Opening it again is harmless.
    expect((await mark(reader.token, { notificationId: opened?._id })).statusCode).toBe(200);
  });

  it("marks all of the caller's notifications read and nobody else's", async () => {
    const alice = await userWith(['notification-bar']);
    const bob = await userWith(['view-notifications']);
    await send([alice.id, bob.id], 'Shared news');
    await send([alice.id], 'Alice again');
    const response = await mark(alice.token, { markAllRead: true });
    expect(body(response)).toEqual({ status: true, message: 'All notifications marked as read', data: { unreadCount: 0 } });
    expect(body<ListBody>(await list(alice.token)).data.every((item) => item.read)).toBe(true);
    const bobs = body<ListBody>(await list(bob.token));
    expect(bobs.unreadCount).toBe(1);
    expect(bobs.data[0]?.read).toBe(false);
  });

  it("answers another user's notification as missing and leaves it unread", async () => {
    const alice = await userWith(['notification-bar']);
    const mallory = await userWith(['notification-bar']);
    await send([alice.id], 'Private');
    const [private_] = body<ListBody>(await list(alice.token)).data;
    const response = await mark(mallory.token, { notificationId: private_?._id });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ status: false, message: MESSAGES.notFound });
    expect(body<ListBody>(await list(alice.token)).data[0]?.read).toBe(false);
  });

  it('refuses a body with neither a notification nor markAllRead, naming the field', async () => {
    const reader = await userWith(['notification-bar']);
    const empty = await mark(reader.token, {});
    expect(empty.statusCode).toBe(422);
    expect(body(empty)).toMatchObject({
      message: 'Choose a notification or mark all as read',
      errors: { notificationId: ['Choose a notification or mark all as read'] },
    });
    const malformed = await mark(reader.token, { notificationId: 'not-an-id' });
    expect(body(malformed)).toMatchObject({ errors: { notificationId: ['Choose a valid notification'] } });
  });
});

describe('notifyUsers, called by the services that own events', () => {
  it('reaches active permission holders of the segment and users who see every segment, once each', async () => {
    const manager = await userWith(['manage-users', 'notification-bar']);
    const elsewhere = await userWith(['manage-users', 'notification-bar'], otherSegment);
    const withoutPermission = await userWith(['notification-bar']);
    const written = await t.context.db.transaction((tx) =>
      notifyUsers(tx, { dataSegmentId: segment, permission: 'manage-users', userIds: [manager.id], title: 'Heads up', description: 'x' }),
    );
    const recipients = await t.context.db.query<{ user_id: string }>("select user_id from notifications where title = 'Heads up'");
    const ids = recipients.rows.map((row) => row.user_id);
    expect(ids).toContain(manager.id);
    expect(ids.filter((id) => id === manager.id)).toHaveLength(1);
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain(withoutPermission.id);
    // The first administrator sees every segment and holds every permission.
    const admin = await t.context.db.query<{ id: string }>("select id from users where username = 'admin'");
    expect(ids).toContain(admin.rows[0]?.id);
    expect(written).toBe(ids.length);
  });

  it('is written in the caller’s transaction: a rollback leaves no notification', async () => {
    const reader = await userWith(['notification-bar']);
    await expect(
      t.context.db.transaction(async (tx) => {
        await notifyUsers(tx, { dataSegmentId: segment, userIds: [reader.id], title: 'Rolled back', description: 'x' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(body<ListBody>(await list(reader.token)).data).toEqual([]);
  });

  it('refuses an external notification whose link is not http(s)', async () => {
    await expect(
      t.context.db.transaction((tx) =>
        notifyUsers(tx, { dataSegmentId: segment, userIds: [], title: 'Bad', description: 'javascript:alert(1)', category: 'external' }),
      ),
    ).rejects.toThrow(/http\(s\) link/);
  });

  it('tells the inviter and user managers that an invitation was accepted, and role holders that their role changed', async () => {
    const inviter = await userWith(['notification-bar']);
    const manager = await userWith(['manage-users', 'notification-bar']);
    const invited = await userWith(['notification-bar']);
    await t.context.db.transaction((tx) =>
      notifyInvitationAccepted(tx, { dataSegmentId: segment, userId: invited.id, userName: 'Ayesha Khan', invitedBy: inviter.id }),
    );
    for (const user of [inviter, manager]) {
      expect(body<ListBody>(await list(user.token)).data[0]).toMatchObject({
        title: 'Invitation accepted',
        description: expect.stringContaining('Ayesha Khan'),
      });
    }
    expect(body<ListBody>(await list(invited.token)).data).toEqual([]);

    await t.context.db.transaction((tx) =>
      notifyRolePermissionsChanged(tx, { dataSegmentId: segment, roleId: invited.roleId, roleTitle: 'Analyst', changedBy: manager.id }),
    );
    expect(body<ListBody>(await list(invited.token)).data[0]).toMatchObject({ title: 'Your role was updated', icon: 'shield' });
  });
});

describe('POST configurations/notifications/broadcast', () => {
  it('sends an announcement to the segment’s readers and records it in the audit trail', async () => {
    const announcer = await userWith(['manage-notifications']);
    const reader = await userWith(['view-notifications']);
    const outsider = await userWith(['view-notifications'], otherSegment);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/notifications/broadcast',
      headers: bearer(announcer.token),
      payload: { dataSegmentId: segment, title: 'Maintenance tonight', description: 'https://status.example.org/', category: 'external' },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ status: true, message: expect.stringMatching(/^Notification sent to \d+ users?$/) });
    expect(body<ListBody>(await list(reader.token)).data[0]).toMatchObject({
      title: 'Maintenance tonight',
      category: 'external',
      icon: 'link',
    });
    expect(body<ListBody>(await list(outsider.token)).data).toEqual([]);
    const audit = await t.context.db.query("select 1 from audit_log where action = 'sent_notification'");
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses a segment the sender does not work in, and an external link that is not http(s)', async () => {
    const announcer = await userWith(['manage-notifications']);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/notifications/broadcast',
      headers: bearer(announcer.token),
      payload: { dataSegmentId: otherSegment, title: 'x', description: 'y' },
    });
    expect(foreign.statusCode).toBe(403);
    const unsafe = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/notifications/broadcast',
      headers: bearer(announcer.token),
      payload: { dataSegmentId: segment, title: 'x', description: 'javascript:alert(1)', category: 'external' },
    });
    expect(unsafe.statusCode).toBe(422);
    expect(body(unsafe)).toMatchObject({
      errors: { description: ['An external notification needs an http or https link as its description'] },
    });
  });
});
