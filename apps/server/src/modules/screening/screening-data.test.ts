import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import type { Permission } from '@sanad/contracts/permissions';
import type { TBlacklistEntry, TListVersion, TWatchListOverview } from '@sanad/contracts/screening';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment } from '../../test-support/factories';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { fixture, importJobRunner, ownList, runImport } from '../../test-support/screening-helpers';
import { findWatchList, loadVersionEntities } from './watch-list.repository';

const t = useTestApp();

async function watchLists(token: string): Promise<TWatchListOverview[]> {
  const response = await call(t, 'GET', 'screening/lists', { token });
  expect(response.statusCode).toBe(200);
  return body<{ data: TWatchListOverview[] }>(response).data;
}

async function addEntry(token: string, entry: Record<string, unknown>): Promise<TBlacklistEntry> {
  const response = await call(t, 'POST', 'screening-data/sanad-list', { token, payload: entry });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TBlacklistEntry }>(response).data;
}

async function screenedIds(token: string, name: string): Promise<string[]> {
  const response = await call(t, 'POST', 'screening/screen', { token, payload: { name } });
  expect(response.statusCode).toBe(200);
  return body<{ data: { hits: Array<{ list: string; id: string }> } }>(response).data.hits.map((hit) => `${hit.list}:${hit.id}`);
}

const roleNamed = (title: string): readonly Permission[] => {
  const role = DEFAULT_ROLES.find((candidate) => candidate.title === title);
  if (!role) throw new Error(`no default role ${title}`);
  return role.permissions;
};

describe('starter bundle', () => {
  it('loads the shipped public lists once, as shared lists every segment screens against', async () => {
    expect(await importJobRunner(t).loadStarterLists()).toBe(4);
    const lists = await watchLists(t.adminToken);
    expect(lists.map((list) => list.key).toSorted()).toEqual(['bis-dpl', 'ofac-cons', 'ofac-sdn', 'un']);
    const un = lists.find((list) => list.key === 'un');
    expect(un).toMatchObject({ isShared: true, owner: 'shared', replacesShared: false, isActive: true, versionNo: 1, asOf: '2026-02-27' });
    expect(un?.entityCount).toBeGreaterThan(900);
    expect(await importJobRunner(t).loadStarterLists()).toBe(0);
  });

  it('lets a segment switch a shared list off for itself only', async () => {
    const bis = (await watchLists(t.adminToken)).find((list) => list.key === 'bis-dpl');
    const response = await call(t, 'PUT', `screening/lists/${bis?._id}`, { token: t.adminToken, payload: { isActive: false } });
    expect(body(response)).toEqual({ status: true, message: 'List deactivated successfully' });
    expect((await watchLists(t.adminToken)).find((list) => list.key === 'bis-dpl')?.isActive).toBe(false);
    const other = await signedInUser(t, ['screening-list'], [await makeDataSegment(t.context.db)]);
    expect((await watchLists(other.token)).find((list) => list.key === 'bis-dpl')?.isActive).toBe(true);
  });
});

describe('who owns a list', () => {
  it("shows a segment's own copy of a shared list once, as replacing the shared copy, and screens against the copy only", async () => {
    const segment = await makeDataSegment(t.context.db);
    const manager = await signedInUser(t, ['screening-list'], [segment]);
    const shared = await findWatchList(t.context.db, 'un', null);
    const [sharedEntity] = await loadVersionEntities(t.context.db, shared?.currentVersionId ?? '');
    const sharedName = sharedEntity?.names[0]?.full ?? '';
    expect(await screenedIds(manager.token, sharedName)).toContain(`un:${sharedEntity?.id}`);

    const result = await runImport(t, importJobRunner(t), manager.token, 'full', {
      name: 'consolidated.xml',
      content: fixture('un', 'consolidated.xml'),
      format: 'un',
    });
    expect(result).toMatchObject({ status: 'completed', listKey: 'un' });

    const theirs = (await watchLists(manager.token)).filter((list) => list.key === 'un');
    expect(theirs).toEqual([expect.objectContaining({ owner: 'segment', isShared: false, replacesShared: true })]);
    const ours = (await watchLists(t.adminToken)).filter((list) => list.key === 'un');
    expect(ours).toEqual([expect.objectContaining({ owner: 'shared', replacesShared: false })]);
    await expect.poll(() => screenedIds(manager.token, 'Abdul Rahman Yusuf')).toEqual([expect.stringMatching(/^un:/)]);
    expect(await screenedIds(manager.token, sharedName)).not.toContain(`un:${sharedEntity?.id}`);
    expect(await screenedIds(t.adminToken, sharedName)).toContain(`un:${sharedEntity?.id}`);
  });
});

describe("the segment's own list", () => {
  it('adds, edits, archives and activates entries, each change a new version of sanad-list', async () => {
    const entry = await addEntry(t.adminToken, {
      name: 'Tariq Mehmood',
      aliases: ['T. Mehmood'],
      dateOfBirth: '1979-02-11',
      nationality: 'PK',
      fatherName: 'Mehmood Akhtar',
      reason: 'Cheque fraud',
    });
    expect(entry).toMatchObject({ name: 'Tariq Mehmood', status: 'active', dateOfBirth: '1979-02-11' });
    expect(entry.entityId).toMatch(/^SL-[A-Z2-9]{8}$/);

    const archived = await call(t, 'PUT', `screening-data/sanad-list/${entry._id}`, {
      token: t.adminToken,
      payload: { name: 'Tariq Mehmood', status: 'archived' },
    });
    expect(body<{ data: TBlacklistEntry }>(archived).data.status).toBe('archived');

    const own = (await watchLists(t.adminToken)).find((list) => list.key === 'sanad-list');
    expect(own).toMatchObject({ isShared: false, owner: 'segment', entityCount: 0 });
    const versions = body<{ data: TListVersion[] }>(
      await call(t, 'GET', `screening/lists/${own?._id}/versions`, { token: t.adminToken }),
    ).data;
    expect(versions.map((version) => [version.versionNo, version.added, version.removed])).toEqual([
      [2, 0, 1],
      [1, 1, 0],
    ]);
  });

  it('shows the black-list page as the same list, filtered to black-list hits', async () => {
    await addEntry(t.adminToken, { name: 'Pervaiz Elahi Warraich', hitType: 'pep' });
    const all = await ownList(t, t.adminToken);
    const blackListOnly = await ownList(t, t.adminToken, { hitType: 'blackList' });
    expect(all.some((row) => row.hitType === 'pep')).toBe(true);
    expect(blackListOnly.length).toBeGreaterThan(0);
    expect(blackListOnly.every((row) => row.hitType === 'blackList')).toBe(true);
  });

  it('names the field of a bad entry, impossible dates included', async () => {
    const response = await call(t, 'POST', 'screening-data/sanad-list', {
      token: t.adminToken,
      payload: { name: '', dateOfBirth: '11/02/1979' },
    });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({
      errors: { name: ['Name is required'], dateOfBirth: ['Use the date format YYYY-MM-DD, YYYY-MM or YYYY'] },
    });
    for (const dateOfBirth of ['0000-01-01', '1979-02-30', '1979-13']) {
      const impossible = await call(t, 'POST', 'screening-data/sanad-list', {
        token: t.adminToken,
        payload: { name: 'A Name', dateOfBirth },
      });
      expect({ dateOfBirth, status: impossible.statusCode }).toEqual({ dateOfBirth, status: 422 });
    }
  });

  it("cannot edit another segment's entry", async () => {
    const outsider = await signedInUser(t, ['upload-delta-list'], [await makeDataSegment(t.context.db)]);
    const [mine] = await ownList(t, t.adminToken);
    const response = await call(t, 'PUT', `screening-data/sanad-list/${String(mine?._id)}`, {
      token: outsider.token,
      payload: { name: 'Changed' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps what the form does not show when an imported entry is edited', async () => {
    const segment = await makeDataSegment(t.context.db);
    const manager = await signedInUser(t, ['screening-list', 'upload-delta-list'], [segment]);
    await runImport(t, importJobRunner(t), manager.token, 'full', {
      name: 'black-list.csv',
      content: fixture('sanad-list', 'black-list.csv'),
    });
    const before = (await ownList(t, manager.token)).find((row) => row.entityId === 'BL-001');
    if (!before) throw new Error('BL-001 was not imported');
    const { _id: id, entityId: _entityId, title: _title, updatedAt: _updatedAt, status: _status, ...form } = before;
    const edited = await call(t, 'PUT', `screening-data/sanad-list/${id}`, {
      token: manager.token,
      payload: { ...form, name: 'Muhammad Asif Khan Niazi' },
    });
    expect(edited.statusCode).toBe(200);
    const [entity] = (
      await t.context.db.query<{ entity: Record<string, unknown> }>(
        `select entity from blacklist_entries where data_segment_id = $1 and entity_id = 'BL-001'`,
        [segment],
      )
    ).rows.map((row) => row.entity);
    expect(entity).toMatchObject({
      names: expect.arrayContaining([
        { full: 'Muhammad Asif Khan Niazi', type: 'primary' },
        expect.objectContaining({ full: 'Asif Bhai', type: 'weak' }),
      ]),
      addresses: [expect.objectContaining({ full: 'House 12, Street 4, Peshawar, Pakistan' })],
      associates: [{ name: 'Sajid Khan', relationship: 'brother' }],
      identifiers: [expect.objectContaining({ type: 'passport' }), expect.objectContaining({ type: 'national-id' })],
      birthDates: [expect.anything(), expect.anything()],
      programmes: ['Fraudulent account opening'],
    });
  });
});

describe('who may change screening data', () => {
  const writes = Object.values(SCREENING_ENDPOINTS).filter((definition) => definition.method !== 'GET');
  const SAMPLE_ID = '6f1c5a2e-0000-4000-8000-000000000001';

  it('refuses every screening write to the default Analyst role, which only reads', async () => {
    const analyst = await signedInUser(t, roleNamed('Analyst'));
    const [entry] = await ownList(t, t.adminToken, { status: 'active' });
    if (!entry) throw new Error('the administrator has no active entry');
    const refused = [];
    for (const definition of writes) {
      const url = definition.path.replace(':id', definition.path.startsWith('screening-data/sanad-list') ? entry._id : SAMPLE_ID);
      const response = await call(t, definition.method as 'POST' | 'PUT', url, { token: analyst.token, payload: {} });
      refused.push(`${definition.method} ${definition.path}: ${response.statusCode}`);
    }
    expect(refused).toEqual(writes.map((definition) => `${definition.method} ${definition.path}: 403`));

    // The attack of issue 12 item 15: archive the administrator's entry, so screening stops hitting it.
    const { _id: id, entityId: _entityId, title: _title, updatedAt: _updatedAt, ...form } = entry;
    const archive = await call(t, 'PUT', `screening-data/sanad-list/${id}`, {
      token: analyst.token,
      payload: { ...form, status: 'archived' },
    });
    expect(archive.statusCode).toBe(403);
    expect((await ownList(t, t.adminToken)).find((row) => row._id === id)?.status).toBe('active');
    expect((await ownList(t, analyst.token)).length).toBeGreaterThan(0);
  });

  it("lets a Compliance Officer edit the firm's own list and apply deltas, but not replace whole lists or thresholds", async () => {
    const officer = await signedInUser(t, roleNamed('Compliance Officer'));
    await addEntry(officer.token, { name: 'Shahid Latif Bhatti' });
    const full = await call(t, 'POST', 'screening-data/import/', { token: officer.token, payload: { fileName: 'abcdefgh.enc' } });
    expect(full.statusCode).toBe(403);
    const thresholds = await call(t, 'PUT', 'screening/settings', {
      token: officer.token,
      payload: { pep: 85, enforcement: 80, blackList: 78, sanction: 78 },
    });
    expect(thresholds.statusCode).toBe(403);
    const delta = await call(t, 'POST', 'screening-data/importDelta/', { token: officer.token, payload: { fileName: 'abcdefgh.enc' } });
    expect(body(delta)).toMatchObject({ errors: { fileName: ['Upload the file first'] } });
  });
});

describe('vendor reference lists', () => {
  it('shows the categories a World-Check import brings on the screening-data pages', async () => {
    const result = await runImport(t, importJobRunner(t), t.adminToken, 'full', {
      name: 'premium.csv',
      content: fixture('worldcheck', 'premium.tsv'),
      format: 'worldcheck',
    });
    expect(result).toMatchObject({ status: 'completed', listKey: 'worldcheck' });
    const page = body<{ data: Array<{ code: string; name: string; source: string }>; pagination: { total: number } }>(
      await call(t, 'GET', 'screening-data/references/category', { token: t.adminToken }),
    );
    expect(page.pagination.total).toBeGreaterThan(0);
    expect(page.data[0]?.source).toBe('Refinitiv World-Check');
  });
});
