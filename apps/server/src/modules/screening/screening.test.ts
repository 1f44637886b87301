import { describe, expect, it } from 'vitest';
import type { TScreeningHit } from '@sanad/contracts/screening';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment } from '../../test-support/factories';
import { signedInUser } from '../../test-support/admin-helpers';

const t = useTestApp();

async function addEntry(auth: string, entry: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/screening-data/sanad-list', payload: entry, headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  return body<{ data: { entityId: string } }>(response).data;
}

async function screen(auth: string, query: Record<string, unknown>): Promise<TScreeningHit[]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/screening/screen', payload: query, headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  return body<{ data: { hits: TScreeningHit[] } }>(response).data.hits;
}

describe('ad hoc screening', () => {
  it("finds a spelling variant on the segment's own list, with an explanation", async () => {
    const entry = await addEntry(t.adminToken, {
      name: 'Muhammad Asif Khan',
      dateOfBirth: '1980-05-14',
      nationality: 'PK',
      fatherName: 'Abdul Rauf Khan',
      reason: 'Forged documents',
    });
    const hits = await screen(t.adminToken, { name: 'Mohammed Asif Khan', dob: '1980-05-14', nationality: 'PK' });
    const hit = hits.find((candidate) => candidate.id === entry.entityId);
    expect(hit).toMatchObject({ list: 'sanad-list', hitType: 'blackList' });
    expect(hit?.score).toBeGreaterThanOrEqual(78);
    expect(hit?.explanation.qualifiers.map((qualifier) => qualifier.kind)).toEqual(expect.arrayContaining(['dob', 'nationality']));
  });

  it('sees a new entry at once: a list change rebuilds the index before the next answer', async () => {
    expect(await screen(t.adminToken, { name: 'Zarina Baig Qureshi' })).toEqual([]);
    const entry = await addEntry(t.adminToken, { name: 'Zarina Baig Qureshi' });
    expect((await screen(t.adminToken, { name: 'Zarina Baig Qureshi' })).map((hit) => hit.id)).toContain(entry.entityId);
  });

  it("never answers with another data segment's own list", async () => {
    const outsider = await signedInUser(t, ['screening-list'], [await makeDataSegment(t.context.db)]);
    const outsiderToken = outsider.token;
    await addEntry(outsiderToken, { name: 'Tahir Mahmood Siddiqui' });
    await expect.poll(async () => (await screen(outsiderToken, { name: 'Tahir Mahmood Siddiqui' })).length).toBe(1);
    expect(await screen(t.adminToken, { name: 'Tahir Mahmood Siddiqui' })).toEqual([]);
  });

  it("applies the segment's thresholds per hit type", async () => {
    await addEntry(t.adminToken, { name: 'Feroza Begum Chaudhry' });
    expect((await screen(t.adminToken, { name: 'Firoza Begum Chaudhri' })).length).toBeGreaterThan(0);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/screening/settings',
      payload: { pep: 85, enforcement: 80, blackList: 100, sanction: 78 },
      headers: bearer(t.adminToken),
    });
    expect(body(saved)).toMatchObject({ data: { blackList: 100 } });
    expect(await screen(t.adminToken, { name: 'Firoza Begum Chaudhri' })).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/screening/settings',
      payload: { pep: 85, enforcement: 80, blackList: 78, sanction: 78 },
      headers: bearer(t.adminToken),
    });
  });

  it('names the field of a bad request and of a bad threshold', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/screening/screen',
      payload: { name: '' },
      headers: bearer(t.adminToken),
    });
    expect(body(empty)).toMatchObject({ errors: { name: ['Name is required'] } });
    const low = await t.app.inject({
      method: 'PUT',
      url: '/api/screening/settings',
      payload: { pep: 10, enforcement: 80, blackList: 78, sanction: 78 },
      headers: bearer(t.adminToken),
    });
    expect(body(low)).toMatchObject({ errors: { pep: ['Use a threshold between 50 and 100'] } });
  });
});

describe('screening in the risk simulation', () => {
  it('screens the simulated name and rates a confirmed black-list match', async () => {
    await addEntry(t.adminToken, { name: 'Rashid Ali Bhatti', nationality: 'PK' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/simulate',
      payload: { name: 'Rashid Ali Bhatti', facts: { subjectType: 'individual', nationalities: ['PK'] } },
      headers: bearer(t.adminToken),
    });
    expect(response.statusCode).toBe(200);
    const { screening } = body<{ data: { screening: { isAvailable: boolean; hits: Array<{ hitType: string; listName: string }> } } }>(
      response,
    ).data;
    expect(screening.isAvailable).toBe(true);
    expect(screening.hits).toContainEqual(expect.objectContaining({ hitType: 'blackList', listName: 'Sanad list (own black-list)' }));
  });
});
