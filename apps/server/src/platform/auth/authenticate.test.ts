import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { WHITE_LABELLING_SCOPE } from '@sanad/contracts/permissions';
import type { TStaffUserRow } from '@sanad/contracts/users';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';
import { sqlOf } from '../db/query-builder';
import type { Actor } from './access';
import { ACTORS_CHANGED_CHANNEL, createActorCache } from './actor-cache';

const t = useTestApp();

/** Each check first answers 200 with the same token, so that the caller is in the process's cache. */
describe('signed-in callers read from the cache are refused at once after', () => {
  it('sign-out', async () => {
    const user = await signedInUser(t, ['view-users']);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(200);
    expect((await call(t, 'POST', 'users/logout', { token: user.token })).statusCode).toBe(200);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(401);
  });

  it('deactivation of the user', async () => {
    const user = await signedInUser(t, ['view-users']);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(200);
    const row = body<{ data: TStaffUserRow }>(await call(t, 'GET', `users/${user.id}`, { token: t.adminToken })).data;
    expect((await call(t, 'PUT', `users/${user.id}`, { token: t.adminToken, payload: { ...row, status: 'archived' } })).statusCode).toBe(
      200,
    );
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(401);
  });

  it('a change of the role that takes a permission away, and one that gives it back', async () => {
    const user = await signedInUser(t, ['view-users', 'view-roles']);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(200);
    const role = body<{ data: Array<{ _id: string }> }>(
      await call(t, 'GET', 'access-control/roles', { token: t.adminToken, query: { perPage: '500' } }),
    ).data.find((candidate) => candidate._id === user.roleId);
    if (!role) throw new Error('the role of the user is not listed');
    const edit = (permissions: string[]) =>
      call(t, 'PUT', `access-control/roles/${user.roleId}`, { token: t.adminToken, payload: { ...role, permissions } });
    expect((await edit(['view-roles'])).statusCode).toBe(200);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(403);
    expect((await edit(['view-users', 'view-roles'])).statusCode).toBe(200);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(200);
  });

  it('a move of the user to another role', async () => {
    const user = await signedInUser(t, ['view-users']);
    const other = await signedInUser(t, ['view-roles']);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(200);
    const row = body<{ data: TStaffUserRow }>(await call(t, 'GET', `users/${user.id}`, { token: t.adminToken })).data;
    const moved = await call(t, 'PUT', `users/${user.id}`, { token: t.adminToken, payload: { ...row, roleId: other.roleId } });
    expect(moved.statusCode).toBe(200);
    expect((await call(t, 'GET', 'users', { token: user.token })).statusCode).toBe(403);
  });

  it('a switch of the active data segment', async () => {
    const segment = await makeDataSegment(t.context.db);
    // No signed-in caller is on this segment yet, so nothing cached depends on it.
    await t.context.db.query('update data_segments set white_labelling = true where id = $1', [segment]);
    const scopes = async () =>
      body<{ data: { scopes: string[] } }>(await call(t, 'GET', 'users/verify-token', { token: t.adminToken })).data.scopes;
    const switchTo = async (dataSegmentId: string) =>
      expect((await call(t, 'GET', 'users/sessionUpdate', { token: t.adminToken, query: { dataSegmentId } })).statusCode).toBe(200);
    expect(await scopes()).not.toContain(WHITE_LABELLING_SCOPE);
    await switchTo(segment);
    expect(await scopes()).toContain(WHITE_LABELLING_SCOPE);
    await switchTo(t.adminSegmentId);
    expect(await scopes()).not.toContain(WHITE_LABELLING_SCOPE);
  });
});

describe('the cache of signed-in callers across processes', () => {
  it('forgets its callers when another process announces a change on the channel', async () => {
    const cache = createActorCache({ seconds: 60 });
    const stop = await cache.follow(t.context.db);
    try {
      const now = Date.now();
      await cache.load('token', now, async () => ({ actor: { userId: 'someone' } as Actor, until: now + 60_000 }));
      expect(cache.get('token', now)).not.toBeNull();
      // Said on the channel only, as another process's change would be: nothing in this process is told directly.
      await sql`select pg_notify(${ACTORS_CHANGED_CHANNEL}, '')`.execute(sqlOf(t.context.db));
      await vi.waitFor(() => expect(cache.get('token', now)).toBeNull());
    } finally {
      await stop();
    }
  });
});
