import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TTrackerJourney, TVerificationTracker } from '@sanad/contracts/insights';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const at = (offset: number) => new Date(now + offset).toISOString();

interface SeedJourney {
  name: string;
  sentAgo: number;
  expiresIn: number;
  linkStatus?: 'active' | 'completed' | 'revoked';
  reachedStep?: string;
  isOpened?: boolean;
  /** Milliseconds from sending to completion. */
  completedAfter?: number;
}

/** A deep-link journey as the deep-link service leaves it: the link, and the temp customer with its progress. */
async function seedJourney(segment: string, journey: SeedJourney): Promise<string> {
  const link = await t.context.db.query<{ id: string }>(
    `insert into onboarding_links (data_segment_id, token_hash, purpose, status, expires_at, created_at)
     values ($1, $2, 'deep-register', $3, $4, $5) returning id`,
    [segment, randomBytes(16).toString('hex'), journey.linkStatus ?? 'active', at(journey.expiresIn), at(-journey.sentAgo)],
  );
  const progressed = journey.reachedStep !== undefined && journey.reachedStep !== 'upload-document';
  const row = await t.context.db.query<{ id: string }>(
    `insert into temp_customers (data_segment_id, onboarding_link_id, first_name, last_name, channel, reached_step,
       opened_at, progressed_at, completed_at, created_at, last_sent_at)
     values ($1, $2, $3, 'Journey', 'email', $4, $5, $6, $7, $8, $8) returning id`,
    [
      segment,
      link.rows[0]?.id,
      journey.name,
      journey.reachedStep ?? 'upload-document',
      journey.isOpened || progressed || journey.completedAfter !== undefined ? at(-journey.sentAgo + HOUR / 60) : null,
      progressed ? at(-journey.sentAgo + HOUR / 30) : null,
      journey.completedAfter === undefined ? null : at(-journey.sentAgo + journey.completedAfter),
      at(-journey.sentAgo),
    ],
  );
  const id = row.rows[0]?.id;
  if (!id) throw new Error('journey not inserted');
  return id;
}

async function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...bearer(token), 'x-timezone-offset': '0' } });
}

const day = (offset: number) => at(offset).slice(0, 10);
const RANGE = `from=${day(-10 * DAY)}&to=${day(0)}`;

let segment = '';
let otherSegment = '';
let tracker: SignedInUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  segment = await makeDataSegment(t.context.db);
  otherSegment = await makeDataSegment(t.context.db);
  tracker = await signedInUser(t, ['view-customer-tracker'], [segment]);
  ids.notOpened = await seedJourney(segment, { name: 'Nadia', sentAgo: 2 * DAY, expiresIn: 5 * DAY });
  ids.atProfile = await seedJourney(segment, { name: 'Omar', sentAgo: 3 * DAY, expiresIn: 10 * HOUR, reachedStep: 'setup-profile' });
  ids.expired = await seedJourney(segment, { name: 'Rania', sentAgo: 8 * DAY, expiresIn: -DAY, reachedStep: 'record-video' });
  ids.revoked = await seedJourney(segment, { name: 'Sami', sentAgo: 4 * DAY, expiresIn: 3 * DAY, linkStatus: 'revoked' });
  for (const [name, hours] of [
    ['Tariq', 1],
    ['Huda', 2],
    ['Yusuf', 3],
  ] as const)
    await seedJourney(segment, {
      name,
      sentAgo: 5 * DAY,
      expiresIn: 2 * DAY,
      linkStatus: 'completed',
      reachedStep: 'finish',
      completedAfter: hours * HOUR,
    });
  // Sent before the range, sent again since: in flight now, outside the range's figures.
  ids.old = await seedJourney(segment, { name: 'Layla', sentAgo: 40 * DAY, expiresIn: 20 * DAY, reachedStep: 'account-info' });
  await seedJourney(otherSegment, { name: 'Stranger', sentAgo: DAY, expiresIn: HOUR });
});

describe('verification tracker', () => {
  it('counts the journeys sent in the range by outcome, the funnel and drop-off per step, and the time to complete', async () => {
    const response = await get(`insights/verification-tracker?${RANGE}&dataSegmentId=${segment}`, tracker.token);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: TVerificationTracker }>().data;
    expect(data.totals).toEqual({ sent: 7, inFlight: 2, completed: 3, expired: 1, revoked: 1 });
    const stages = Object.fromEntries(data.stages.map((row) => [row.stage, [row.reached, row.inFlight, row.droppedOff]]));
    expect(stages).toEqual({
      'not-opened': [7, 1, 1],
      'upload-document': [5, 0, 0],
      'record-video': [5, 0, 1],
      'setup-profile': [4, 1, 0],
      'account-info': [3, 0, 0],
      'additional-info': [3, 0, 0],
      preview: [3, 0, 0],
      finish: [3, 0, 0],
      completed: [3, 0, 0],
    });
    expect(data.stages[0]?.label).toBe('Link not opened');
    expect(data.stages[2]?.label).toBe('Record video');
    // 1, 2 and 3 hours: the median is 2 hours; the 90th percentile interpolates to 2.8 hours.
    expect(data.timeToComplete.completed).toBe(3);
    expect(data.timeToComplete.medianSeconds).toBeCloseTo(7_200, 0);
    expect(data.timeToComplete.p90Seconds).toBeCloseTo(10_080, 0);
    expect(data.now).toEqual({ inFlight: 3, expiringSoon: 1 });
  });

  it('answers an empty range with zeros and no durations', async () => {
    const data = (await get(`insights/verification-tracker?from=2020-01-01&to=2020-01-31&dataSegmentId=${segment}`, tracker.token)).json<{
      data: TVerificationTracker;
    }>().data;
    expect(data.totals.sent).toBe(0);
    expect(data.stages.every((row) => row.reached === 0)).toBe(true);
    expect(data.timeToComplete).toEqual({ completed: 0, medianSeconds: null, p90Seconds: null });
    expect(data.now.inFlight).toBe(3);
  });

  it('lists the journeys in flight now, soonest to expire first, with the step each reached', async () => {
    const response = await get(`insights/verification-tracker/journeys?dataSegmentId=${segment}`, tracker.token);
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json<{ data: TTrackerJourney[]; pagination: { total: number } }>();
    expect(data.map((row) => [row._id, row.stage, row.isExpiringSoon])).toEqual([
      [ids.atProfile, 'setup-profile', true],
      [ids.notOpened, 'not-opened', false],
      [ids.old, 'account-info', false],
    ]);
    expect(pagination.total).toBe(3);
    expect(data[0]).toMatchObject({ fullName: 'Omar Journey', channel: 'email' });

    const soon = (await get(`insights/verification-tracker/journeys?dataSegmentId=${segment}&expiringSoon=true`, tracker.token)).json<{
      data: TTrackerJourney[];
    }>().data;
    expect(soon.map((row) => row._id)).toEqual([ids.atProfile]);
    const atStep = (await get(`insights/verification-tracker/journeys?dataSegmentId=${segment}&step=not-opened`, tracker.token)).json<{
      data: TTrackerJourney[];
    }>().data;
    expect(atStep.map((row) => row._id)).toEqual([ids.notOpened]);
    const named = (await get(`insights/verification-tracker/journeys?dataSegmentId=${segment}&keyword=layl`, tracker.token)).json<{
      data: TTrackerJourney[];
    }>().data;
    expect(named.map((row) => row._id)).toEqual([ids.old]);
    const newest = (
      await get(`insights/verification-tracker/journeys?dataSegmentId=${segment}&sortBy=createdAt&sortOrder=desc`, tracker.token)
    ).json<{
      data: TTrackerJourney[];
    }>().data;
    expect(newest.map((row) => row._id)).toEqual([ids.notOpened, ids.atProfile, ids.old]);
  });

  it("reads only the caller's segment and needs view-customer-tracker", async () => {
    expect((await get(`insights/verification-tracker?dataSegmentId=${otherSegment}`, tracker.token)).statusCode).toBe(403);
    expect((await get(`insights/verification-tracker/journeys?dataSegmentId=${otherSegment}`, tracker.token)).statusCode).toBe(403);
    const other = (await get(`insights/verification-tracker/journeys?dataSegmentId=${otherSegment}`, t.adminToken)).json<{
      data: TTrackerJourney[];
    }>().data;
    expect(other.map((row) => row.fullName)).toEqual(['Stranger Journey']);
    const statistician = await signedInUser(t, ['view-customer-statistics', 'view-deeplink-sent'], [segment]);
    expect((await get('insights/verification-tracker', statistician.token)).statusCode).toBe(403);
    expect((await get('insights/verification-tracker/journeys', statistician.token)).statusCode).toBe(403);
  });

  it('refuses an unknown step, sort or flag with the reason', async () => {
    const step = await get('insights/verification-tracker/journeys?step=payment', tracker.token);
    expect(step.statusCode).toBe(422);
    expect(step.body).toContain('Unknown step');
    const sort = await get('insights/verification-tracker/journeys?sortBy=token_hash', tracker.token);
    expect([400, 422]).toContain(sort.statusCode);
    expect(sort.body).toContain('Sorting by token_hash is not supported');
    expect((await get('insights/verification-tracker/journeys?expiringSoon=yes', tracker.token)).statusCode).toBe(422);
  });
});
