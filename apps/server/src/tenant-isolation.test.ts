import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ALL_PERMISSIONS, type Permission } from '@sanad/contracts/permissions';
import { useTestApp } from './test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from './test-support/factories';
import { insertRole } from './modules/roles/role.repository';

/**
 * Randomised tenant isolation through the API: three data segments, actors of several roles in
 * each, and thousands of generated reads, lists, updates and status changes, many of them naming
 * ids or dataSegmentId parameters of other segments. No answer may carry a row of another segment,
 * no foreign request may succeed, and afterwards the database must show no row changed from outside
 * its segment. Replay a failure with ISOLATION_SEED=<seed printed in the failure>.
 */
const SEED = Number(process.env.ISOLATION_SEED ?? 20_260_101);
const REQUESTS = Number(process.env.ISOLATION_REQUESTS ?? 5_000);
const SEGMENTS = 3;

/** mulberry32: a small seeded generator, so a run can be replayed exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ACTOR_ROLES: Record<string, readonly Permission[]> = {
  administrator: ALL_PERMISSIONS,
  userManager: ['manage-users', 'view-users', 'view-roles', 'manage-team-members', 'view-team-members', 'view-alerts'],
  viewer: ['view-users', 'view-roles', 'view-data-segments', 'view-team-members'],
  segmentManager: ['manage-data-segments', 'view-data-segments', 'manage-roles', 'view-roles', 'view-alerts'],
};

interface Actor {
  segment: number;
  userId: string;
  token: string;
  kind: string;
}

interface SegmentPool {
  id: string;
  actors: Actor[];
  /** Users and team members the test may change (never the actors, who must stay signed in). */
  users: string[];
  teamMembers: string[];
  roles: string[];
}

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
const pools: SegmentPool[] = [];

beforeAll(async () => {
  const { db } = t.context;
  for (let index = 0; index < SEGMENTS; index += 1) {
    const id = await makeDataSegment(db, `Isolated Client ${index}`);
    const pool: SegmentPool = { id, actors: [], users: [], teamMembers: [], roles: [] };
    for (const [kind, permissions] of Object.entries(ACTOR_ROLES)) {
      const user = await makeUser(db, { permissions, dataSegmentId: id });
      pool.actors.push({ segment: index, userId: user.id, token: await t.login(user.email, STAFF_PASSWORD), kind });
    }
    for (let role = 0; role < 4; role += 1) {
      pool.roles.push(await insertRole(db, { dataSegmentId: id, title: `Target role ${index}.${role}`, permissions: ['view-alerts'] }));
    }
    for (let user = 0; user < 8; user += 1) {
      const made = await makeUser(db, { permissions: ['view-alerts'], dataSegmentId: id });
      await db.query('update users set role_id = $2, is_team_member = $3 where id = $1', [made.id, pool.roles[user % 4], user >= 5]);
      (user >= 5 ? pool.teamMembers : pool.users).push(made.id);
    }
    pools.push(pool);
  }
});
type Check = (data: unknown) => string | null;

interface Planned {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  query?: Record<string, string>;
  payload?: Record<string, unknown>;
  /** Names something of another segment: must not succeed. */
  isForeign: boolean;
  check: Check;
}

/** The segment index an update left in a name (~s<index>~), if any. */
const markOf = (text: string) => /~s(\d)~/.exec(text)?.[1];
const rowsOf = (data: unknown): Array<Record<string, unknown>> =>
  Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [data as Record<string, unknown>];

describe('tenant isolation', () => {
  it(`keeps ${SEGMENTS} data segments apart over ${REQUESTS} generated requests (seed ${SEED})`, { timeout: 240_000 }, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const allSegmentIds = pools.map((pool) => pool.id);
    const segmentOfUser = new Map<string, number>();
    const segmentOfRole = new Map<string, number>();
    pools.forEach((pool, index) => {
      for (const id of [...pool.users, ...pool.teamMembers, ...pool.actors.map((actor) => actor.userId)]) segmentOfUser.set(id, index);
      for (const id of pool.roles) segmentOfRole.set(id, index);
    });

    const usersOnlyOf =
      (segment: number): Check =>
      (data) =>
        rowsOf(data).every(
          (row) =>
            Array.isArray(row.dataSegmentIds) &&
            row.dataSegmentIds.length > 0 &&
            row.dataSegmentIds.every((id) => id === allSegmentIds[segment]),
        )
          ? null
          : 'a user row of another segment';
    const rolesOnlyOf =
      (segment: number): Check =>
      (data) =>
        rowsOf(data).every((row) => row.dataSegmentId === allSegmentIds[segment]) ? null : 'a role of another segment';
    const segmentsOnly =
      (segment: number): Check =>
      (data) =>
        rowsOf(data).every((row) => row._id === allSegmentIds[segment]) ? null : 'another data segment';

    let marker = 0;
    function plan(actor: Actor): Planned {
      const own = pools[actor.segment] as SegmentPool;
      const foreignIndex = (actor.segment + 1 + Math.floor(random() * (SEGMENTS - 1))) % SEGMENTS;
      const foreign = pools[foreignIndex] as SegmentPool;
      const goForeign = random() < 0.45;
      const target = goForeign ? foreign : own;
      const segmentParam: Record<string, string> = random() < 0.3 ? {} : { dataSegmentId: target.id };
      const status = pick(['active', 'archived']);
      marker += 1;
      const stamp = `~s${actor.segment}~${marker}`;
      const operation = Math.floor(random() * 15);
      switch (operation) {
        case 0:
          return {
            method: 'GET',
            url: 'users',
            query: {
              ...segmentParam,
              perPage: pick(['10', '50', '500']),
              ...(random() < 0.3 ? { status: pick(['active', 'pending', 'archived']) } : {}),
            },
            isForeign: 'dataSegmentId' in segmentParam && goForeign,
            check: usersOnlyOf(actor.segment),
          };
        case 1:
          return {
            method: 'GET',
            url: 'users/team-member',
            query: { ...segmentParam, perPage: '500' },
            isForeign: 'dataSegmentId' in segmentParam && goForeign,
            check: usersOnlyOf(actor.segment),
          };
        case 2:
          return {
            method: 'GET',
            url: 'access-control/roles',
            query: { ...segmentParam, perPage: '500' },
            isForeign: 'dataSegmentId' in segmentParam && goForeign,
            check: rolesOnlyOf(actor.segment),
          };
        case 3:
          return {
            method: 'GET',
            url: 'access-control/data-segments/',
            query: { ...segmentParam, perPage: '500', keyword: pick(['', 'Isolated', 'Client 1']) },
            isForeign: 'dataSegmentId' in segmentParam && goForeign,
            check: segmentsOnly(actor.segment),
          };
        case 4:
          return {
            method: 'GET',
            url: `users/${pick([...target.users, ...target.actors.map((item) => item.userId)])}`,
            isForeign: goForeign,
            check: usersOnlyOf(actor.segment),
          };
        case 5:
          return { method: 'GET', url: `users/data-segment/${target.id}`, isForeign: goForeign, check: segmentsOnly(actor.segment) };
        case 6:
          return { method: 'GET', url: 'users/data-segments', isForeign: false, check: segmentsOnly(actor.segment) };
        case 7: {
          const id = pick(target.users);
          return {
            method: 'PUT',
            url: `users/${id}`,
            payload: {
              firstName: 'Target',
              lastName: `User ${stamp}`,
              email: `target-${id}@isolation.test`,
              roleId: pick(target.roles),
              status,
              dataSegmentIds: random() < 0.5 ? [target.id] : [pick(allSegmentIds)],
            },
            isForeign: goForeign,
            check: usersOnlyOf(actor.segment),
          };
        }
        case 8: {
          const id = pick(target.teamMembers);
          return {
            method: 'PUT',
            url: `users/team-member/${id}`,
            payload: {
              firstName: 'Team',
              lastName: `Member ${stamp}`,
              email: `team-${id}@isolation.test`,
              roleId: pick(target.roles),
              status,
            },
            isForeign: goForeign,
            check: usersOnlyOf(actor.segment),
          };
        }
        case 9:
          return {
            method: 'PUT',
            url: `access-control/roles/${pick(target.roles)}`,
            payload: { title: `Role ${stamp}`, permissions: ['view-alerts'], status },
            isForeign: goForeign,
            check: rolesOnlyOf(actor.segment),
          };
        case 10:
          return {
            method: 'PUT',
            url: `access-control/data-segments/${target.id}`,
            payload: { companyName: `Isolated Client ${actor.segment} ${stamp}`, ...(random() < 0.2 ? { status } : {}) },
            isForeign: goForeign,
            check: segmentsOnly(actor.segment),
          };
        case 11: {
          // A new user: one foreign ingredient (role, segments or the active segment) is enough to refuse it.
          const ingredient = goForeign ? pick(['role', 'segments', 'active']) : 'none';
          return {
            method: 'POST',
            url: 'users/',
            payload: {
              firstName: 'Created',
              lastName: `User ${stamp}`,
              email: `created-${marker}@isolation.test`,
              roleId: pick((ingredient === 'role' ? foreign : own).roles),
              dataSegmentId: (ingredient === 'active' ? foreign : own).id,
              ...(ingredient === 'segments' ? { dataSegmentIds: [foreign.id] } : {}),
            },
            isForeign: goForeign,
            check: usersOnlyOf(actor.segment),
          };
        }
        case 12:
          return {
            method: 'POST',
            url: 'users/team-member/add',
            payload: {
              firstName: 'Added',
              lastName: `Member ${stamp}`,
              email: `added-${marker}@isolation.test`,
              roleId: pick(goForeign && random() < 0.5 ? foreign.roles : own.roles),
              dataSegmentId: goForeign ? target.id : own.id,
            },
            isForeign: goForeign,
            check: usersOnlyOf(actor.segment),
          };
        case 13:
          return {
            method: 'POST',
            url: 'access-control/roles',
            payload: { title: `New role ${stamp}`, permissions: ['view-alerts'], dataSegmentId: target.id },
            isForeign: goForeign,
            check: rolesOnlyOf(actor.segment),
          };
        default:
          return {
            method: 'POST',
            url: 'users/data-segments',
            payload: { companyName: `Rogue ${stamp}` },
            isForeign: true,
            check: segmentsOnly(actor.segment),
          };
      }
    }

    const failures: string[] = [];
    const tally = { ok: 0, foreignRefused: 0, ownRefused: 0 };
    const started = new Date(Date.now() - 1000);
    const actors = pools.flatMap((pool) => pool.actors);
    for (let index = 0; index < REQUESTS && failures.length < 10; index += 1) {
      const actor = pick(actors);
      const request = plan(actor);
      const response: LightMyRequestResponse = await t.app.inject({
        method: request.method,
        url: `/api/${request.url}`,
        headers: { authorization: `Bearer ${actor.token}` },
        ...(request.query ? { query: request.query } : {}),
        ...(request.payload ? { payload: request.payload } : {}),
      });
      const where = `request ${index} (seed ${SEED}) by ${actor.kind} of segment ${actor.segment}: ${request.method} ${request.url} ${JSON.stringify(request.query ?? request.payload ?? {})}`;
      if (response.statusCode >= 500) failures.push(`${where} answered ${response.statusCode}`);
      if (response.statusCode === 401) failures.push(`${where} lost its session`);
      const succeeded = response.statusCode >= 200 && response.statusCode < 300;
      if (succeeded && request.isForeign) failures.push(`${where} succeeded`);
      if (succeeded) {
        const problem = request.check((response.json() as { data: unknown }).data);
        if (problem) failures.push(`${where} returned ${problem}`);
        tally.ok += 1;
        // New accounts and roles join their segment's pools, so later requests touch them too.
        const data = (response.json() as { data: Record<string, unknown> }).data;
        if (request.method === 'POST' && request.url === 'users/') pools[actor.segment]?.users.push(String(data._id));
        if (request.method === 'POST' && request.url === 'users/team-member/add') pools[actor.segment]?.teamMembers.push(String(data._id));
        if (request.method === 'POST' && request.url === 'access-control/roles') pools[actor.segment]?.roles.push(String(data._id));
      } else if (request.isForeign) {
        tally.foreignRefused += 1;
      } else {
        tally.ownRefused += 1;
      }
    }
    expect(failures).toEqual([]);
    // Not vacuous: plenty of requests succeeded inside their segment and were refused across.
    expect(tally.ok).toBeGreaterThan(REQUESTS * 0.25);
    expect(tally.foreignRefused).toBeGreaterThan(REQUESTS * 0.25);

    // Afterwards, in the database: every row still lives in its segment, and every mark left by
    // an update names the segment of the actor who made it, which must be the row's own.
    const { db } = t.context;
    const users = await db.query<{ id: string; last_name: string; data_segment_ids: string[]; role_segment: string | null }>(
      'select u.id, u.last_name, u.data_segment_ids, r.data_segment_id as role_segment from users u left join roles r on r.id = u.role_id where cardinality(u.data_segment_ids) > 0',
    );
    for (const user of users.rows) {
      const segment = allSegmentIds.indexOf(user.data_segment_ids[0] ?? '');
      if (segment < 0) continue;
      if (user.data_segment_ids.length !== 1) failures.push(`user ${user.id} now spans ${user.data_segment_ids.join(', ')}`);
      if (user.role_segment !== allSegmentIds[segment]) failures.push(`user ${user.id} holds a role of another segment`);
      const mark = markOf(user.last_name);
      if (mark !== undefined && Number(mark) !== segment)
        failures.push(`user ${user.id} of segment ${segment} was changed from segment ${mark}`);
      const known = segmentOfUser.get(user.id);
      if (known !== undefined && known !== segment) failures.push(`user ${user.id} moved from segment ${known} to ${segment}`);
    }
    const roles = await db.query<{ id: string; title: string; data_segment_id: string }>(
      'select id, title, data_segment_id from roles where data_segment_id = any($1::uuid[])',
      [allSegmentIds],
    );
    for (const role of roles.rows) {
      const segment = allSegmentIds.indexOf(role.data_segment_id);
      const mark = markOf(role.title);
      if (mark !== undefined && Number(mark) !== segment)
        failures.push(`role ${role.id} of segment ${segment} was changed from segment ${mark}`);
      const known = segmentOfRole.get(role.id);
      if (known !== undefined && known !== segment) failures.push(`role ${role.id} moved segments`);
    }
    const segments = await db.query<{ id: string; company_name: string }>('select id, company_name from data_segments');
    for (const segment of segments.rows) {
      const index = allSegmentIds.indexOf(segment.id);
      const mark = markOf(segment.company_name);
      if (index < 0 && segment.company_name.startsWith('Rogue')) failures.push(`a data segment ${segment.company_name} was created`);
      if (index >= 0 && mark !== undefined && Number(mark) !== index)
        failures.push(`data segment ${index} was changed from segment ${mark}`);
    }
    // The audit trail agrees: every change was made by an actor of the changed row's segment.
    const actorSegment = new Map(actors.map((actor) => [actor.userId, allSegmentIds[actor.segment]]));
    const audit = await db.query<{ actor_id: string; data_segment_id: string | null; action: string; entity_id: string }>(
      "select actor_id, data_segment_id, action, entity_id from audit_log where created_at >= $1 and module in ('system_users', 'access_control') and actor_id = any($2::uuid[])",
      [started, actors.map((actor) => actor.userId)],
    );
    for (const entry of audit.rows) {
      if (entry.data_segment_id !== actorSegment.get(entry.actor_id))
        failures.push(`audit ${entry.action} on ${entry.entity_id} crosses segments`);
    }
    // Not vacuous either (a pending user's generated activation is refused, so fewer than one in ten writes land).
    expect(audit.rows.length).toBeGreaterThan(REQUESTS * 0.08);
    expect(failures).toEqual([]);
  });
});
