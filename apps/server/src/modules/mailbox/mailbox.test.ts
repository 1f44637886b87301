import { describe, expect, it } from 'vitest';
import type { TMailboxMessage, TMailboxMessageRow } from '@sanad/contracts/mailbox';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { body, useTestApp, type UsedTestApp } from '../../test-support/test-app';
import { makeDataSegment, makeUser } from '../../test-support/factories';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { requestCode } from '../../test-support/one-time-code-helpers';

const t = useTestApp();
const withSmtp = useTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });

async function listMailbox(token: string, app: UsedTestApp = t): Promise<TMailboxMessageRow[]> {
  const response = await call(app, 'GET', 'mailbox/messages', { token, query: { perPage: '100' } });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TMailboxMessageRow[] }>(response).data;
}

async function readMessage(token: string, id: string): Promise<{ status: number; message: TMailboxMessage | undefined }> {
  const response = await call(t, 'GET', `mailbox/messages/${id}`, { token });
  return { status: response.statusCode, message: response.statusCode === 200 ? body<{ data: TMailboxMessage }>(response).data : undefined };
}

/** A pending account (it has not set a password yet) with the given role permissions, and its invitation. */
async function invitation(options: { permissions: Parameters<typeof makeUser>[1]['permissions']; dataSegmentId?: string }) {
  const dataSegmentId = options.dataSegmentId ?? t.adminSegmentId;
  const invitee = await makeUser(t.context.db, { permissions: options.permissions, dataSegmentId, status: 'pending' });
  const id = await enqueueMessage(t.context.db, {
    dataSegmentId,
    channel: 'email',
    recipient: invitee.email,
    subject: 'You are invited to Sanad',
    text: 'Set your password: http://localhost:3000/users/create-password/secret-token',
    isSensitive: true,
  });
  return { invitee, id };
}

describe('mailbox status', () => {
  it('is on without a mail server on the embedded database, and tells the web app so', async () => {
    const response = await call(t, 'GET', 'mailbox/status', { token: t.adminToken });
    expect(body(response)).toMatchObject({ data: { enabled: true } });
  });

  it('is off with SMTP_URL: the status says so and the messages answer 404', async () => {
    const status = await call(withSmtp, 'GET', 'mailbox/status', { token: withSmtp.adminToken });
    expect(body(status)).toMatchObject({ data: { enabled: false } });
    expect((await call(withSmtp, 'GET', 'mailbox/messages', { token: withSmtp.adminToken })).statusCode).toBe(404);
    const some = '00000000-0000-4000-8000-000000000000';
    expect((await call(withSmtp, 'GET', `mailbox/messages/${some}`, { token: withSmtp.adminToken })).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, 'GET', 'mailbox/messages')).statusCode).toBe(401);
  });
});

describe('reading the mailbox', () => {
  it('shows an administrator the invitation an invite wrote, with its link, so the invitee can be given it', async () => {
    const roles = body<{ data: Array<{ _id: string; title: string }> }>(
      await call(t, 'GET', 'access-control/roles', { token: t.adminToken, query: { dataSegmentId: t.adminSegmentId, perPage: '100' } }),
    ).data;
    const checker = roles.find((role) => role.title === 'Checker');
    const email = 'invitee.mailbox@client.test';
    const invited = await call(t, 'POST', 'users/', {
      token: t.adminToken,
      payload: { firstName: 'Amina', lastName: 'Rahman', email, roleId: checker?._id, dataSegmentId: t.adminSegmentId },
    });
    expect(invited.statusCode).toBe(200);

    const row = (await listMailbox(t.adminToken)).find((message) => message.recipient === email);
    expect(row).toMatchObject({ channel: 'email', isOwn: false, isWithheld: false });
    const { message } = await readMessage(t.adminToken, row?._id ?? '');
    expect(message?.text).toMatch(/\/users\/create-password\/[A-Za-z0-9_-]+/);
  });

  it('shows a one-time code only to its recipient: the administrator sees that it exists, never the code', async () => {
    const user = await signedInUser(t, ['view-activity-dashboard']);
    await requestCode(t, user.token, 'update-profile');

    const own = (await listMailbox(user.token)).find((message) => message.recipient === user.email);
    expect(own).toMatchObject({ isOwn: true, isWithheld: false });
    expect((await readMessage(user.token, own?._id ?? '')).message?.text).toMatch(/\d{6}/);

    const seenByAdmin = (await listMailbox(t.adminToken)).find((message) => message._id === own?._id);
    expect(seenByAdmin).toMatchObject({ isOwn: false, isWithheld: true });
    const read = await readMessage(t.adminToken, own?._id ?? '');
    expect(read.status).toBe(200);
    expect(read.message?.text).toBeNull();
  });

  it("hides other people's messages from a user who does not manage users", async () => {
    const { id } = await invitation({ permissions: ['view-users'] });
    const reader = await signedInUser(t, ['view-users', 'view-activity-dashboard']);
    expect((await listMailbox(reader.token)).map((message) => message._id)).not.toContain(id);
    expect((await readMessage(reader.token, id)).status).toBe(404);
  });

  it('withholds an invitation whose role holds permissions the reader does not', async () => {
    const { id } = await invitation({ permissions: ['manage-users', 'system-logs'] });
    const manager = await signedInUser(t, ['manage-users']);
    expect((await listMailbox(manager.token)).find((message) => message._id === id)).toMatchObject({ isWithheld: true });
    expect((await readMessage(manager.token, id)).message?.text).toBeNull();

    const weaker = await invitation({ permissions: ['manage-users'] });
    expect((await readMessage(manager.token, weaker.id)).message?.text).toContain('create-password');
  });

  it('withholds a password link to an account that is already active', async () => {
    const active = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const id = await enqueueMessage(t.context.db, {
      dataSegmentId: t.adminSegmentId,
      channel: 'email',
      recipient: active.email,
      subject: 'Reset your Sanad password',
      text: 'http://localhost:3000/users/reset-password/secret-token',
      isSensitive: true,
    });
    expect((await readMessage(t.adminToken, id)).message?.text).toBeNull();
  });

  it('shows a manager only the messages of the data segments they may see', async () => {
    const other = await makeDataSegment(t.context.db);
    const { id } = await invitation({ permissions: ['view-users'], dataSegmentId: other });
    const manager = await signedInUser(t, ['manage-users', 'view-users']);
    expect((await listMailbox(manager.token)).map((message) => message._id)).not.toContain(id);
    expect((await readMessage(manager.token, id)).status).toBe(404);
    expect((await readMessage(t.adminToken, id)).message?.text).toContain('create-password');
  });

  it('answers 404 for a malformed or unknown id', async () => {
    expect((await readMessage(t.adminToken, 'not-an-id')).status).toBe(404);
    expect((await readMessage(t.adminToken, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
