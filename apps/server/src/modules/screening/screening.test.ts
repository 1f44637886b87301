import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, body, createTestApp, type TestApp } from '../src/test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../src/test-support/factories';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

interface Hit {
  id: string;
  list: string;
  listTitle: string;
  hitType: string;
  score: number;
  name: string;
  explanation: { summary: string; qualifiers: Array<{ kind: string; outcome: string }> };
}

async function addEntry(auth: string, entry: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/screening-data/sanad-list', payload: entry, headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  return body<{ data: { entityId: string } }>(response).data;
}

async function screen(auth: string, query: Record<string, unknown>): Promise<Hit[]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/screening/screen', payload: query, headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  return body<{ data: { hits: Hit[] } }>(response).data.hits;
}

describe('ad hoc screening', () => {
  it("finds a spelling variant on the segment's own list, with an explanation", async () => {
    const entry = await addEntry(token, {
      name: 'Muhammad Asif Khan',
      dateOfBirth: '1980-05-14',
      nationality: 'PK',
      fatherName: 'Abdul Rauf Khan',
      reason: 'Forged documents',
    });
    const hits = await screen(token, { name: 'Mohammed Asif Khan', dob: '1980-05-14', nationality: 'PK' });
    const hit = hits.find((candidate) => candidate.id === entry.entityId);
    expect(hit).toMatchObject({ list: 'sanad-list', hitType: 'blackList' });
    expect(hit?.score).toBeGreaterThanOrEqual(78);
    expect(hit?.explanation.qualifiers.map((qualifier) => qualifier.kind)).toEqual(expect.arrayContaining(['dob', 'nationality']));
  });

  it('sees a new entry at once: a list change rebuilds the index before the next answer', async () => {
    expect(await screen(token, { name: 'Zarina Baig Qureshi' })).toEqual([]);
    const entry = await addEntry(token, { name: 'Zarina Baig Qureshi' });
    expect((await screen(token, { name: 'Zarina Baig Qureshi' })).map((hit) => hit.id)).toContain(entry.entityId);
  });

  it("never answers with another data segment's own list", async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-screening-data'], dataSegmentId: other });
    const outsiderToken = await t.login(outsider.email, STAFF_PASSWORD);
    await addEntry(outsiderToken, { name: 'Tahir Mahmood Siddiqui' });
    await expect.poll(async () => (await screen(outsiderToken, { name: 'Tahir Mahmood Siddiqui' })).length).toBe(1);
    expect(await screen(token, { name: 'Tahir Mahmood Siddiqui' })).toEqual([]);
  });

  it("applies the segment's thresholds per hit type", async () => {
    await addEntry(token, { name: 'Feroza Begum Chaudhry' });
    expect((await screen(token, { name: 'Firoza Begum Chaudhri' })).length).toBeGreaterThan(0);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/screening/settings',
      payload: { pep: 85, enforcement: 80, blackList: 100, sanction: 78 },
      headers: bearer(token),
    });
    expect(body(saved)).toMatchObject({ data: { blackList: 100 } });
    expect(await screen(token, { name: 'Firoza Begum Chaudhri' })).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/screening/settings',
      payload: { pep: 85, enforcement: 80, blackList: 78, sanction: 78 },
      headers: bearer(token),
    });
  });

  it('names the field of a bad request and of a bad threshold', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/screening/screen', payload: { name: '' }, headers: bearer(token) });
    expect(body(empty)).toMatchObject({ errors: { name: ['Name is required'] } });
    const low = await t.app.inject({
      method: 'PUT',
      url: '/api/screening/settings',
      payload: { pep: 10, enforcement: 80, blackList: 78, sanction: 78 },
      headers: bearer(token),
    });
    expect(body(low)).toMatchObject({ errors: { pep: ['Use a threshold between 50 and 100'] } });
  });
});

describe('screening in the risk simulation', () => {
  it('screens the simulated name and rates a confirmed black-list match', async () => {
    await addEntry(token, { name: 'Rashid Ali Bhatti', nationality: 'PK' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/simulate',
      payload: { name: 'Rashid Ali Bhatti', facts: { subjectType: 'individual', nationalities: ['PK'] } },
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const { screening } = body<{ data: { screening: { isAvailable: boolean; hits: Array<{ hitType: string; listName: string }> } } }>(
      response,
    ).data;
    expect(screening.isAvailable).toBe(true);
    expect(screening.hits).toContainEqual(expect.objectContaining({ hitType: 'blackList', listName: 'Sanad list (own black-list)' }));
  });
});
