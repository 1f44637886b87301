import { describe, expect, it } from 'vitest';
import type { TAlertDetail, TAlertListItem } from '@sanad/contracts/alerts';
import type { TCustomerDetail, TCustomerHit } from '@sanad/contracts/customers';
import type { TTimelineEvent } from '@sanad/contracts/customer-profile';
import type { Permission } from '@sanad/contracts/permissions';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { runImport } from '../../test-support/screening-helpers';
import { useTestApp } from '../../test-support/test-app';
import { createCustomerRatingService } from '../risk/rating/customer-rating.service';
import { createListDeltaService } from '../screening/list-delta.service';
import { createListImportService } from '../screening/list-import.service';
import type { ScreeningWordsSource } from '../screening/screening-words.port';
import { insertTriggeredAlert } from './monitoring.repository';
import { createOngoingScreeningService } from './ongoing-screening.service';
import { createPeriodicReviewService } from './periodic-review.service';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

const plainWords: ScreeningWordsSource = {
  wordsFor: async () => ({ version: 'plain', stopWords: new Set(), variantWords: new Map() }),
};

/** The re-screening job's own code, in small batches so that a run spans several transactions. */
function rescreens(afterBatch?: (batchNo: number) => void) {
  const db = t.context.db;
  return createOngoingScreeningService({
    db,
    jobs: null,
    deltas: createListDeltaService({ db, words: plainWords }),
    ratings: createCustomerRatingService({ db }),
    batchSize: 2,
    ...(afterBatch ? { afterBatch } : {}),
  });
}

/** The list import job, asking for the re-screening in the transaction that stores a version (as composition.ts wires it). */
function importer() {
  const monitoring = rescreens();
  return createListImportService({
    db: t.context.db,
    vault: t.context.vault,
    jobs: null,
    onListsChanged: () => undefined,
    onVersionStored: (tx, versionId) => monitoring.requestRescreen(tx, versionId),
  });
}

const FULL_HEADER = 'id,type,name,dob,nationality,hit_type';

async function importCsv(kind: 'full' | 'delta', name: string, content: string): Promise<string | null> {
  const done = await runImport(t, importer(), t.adminToken, kind, { name, content });
  expect(done.status).toBe('completed');
  const row = await t.context.db.query<{ versionId: string | null }>('select version_id as "versionId" from list_imports where id = $1', [
    done._id,
  ]);
  return row.rows[0]?.versionId ?? null;
}

async function register(firstName: string, lastName: string, dateOfBirth: string): Promise<TCustomerDetail> {
  const answer = await api()<TCustomerDetail>(
    'POST',
    'customers/self-register',
    customerSubmission({ basicInfo: { firstName, lastName, dateOfBirth, nationalityId: 'PK', countryOfResidenceId: 'PK' } }),
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function alertsOf(customerId: string, type?: string): Promise<TAlertListItem[]> {
  const answer = await api()<TAlertListItem[]>('GET', `alerts/?customerId=${customerId}${type ? `&type=${encodeURIComponent(type)}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const alertDetail = async (id: string) => (await api()<TAlertDetail>('GET', `alerts/${id}`)).body.data;
const hitsOf = async (customerId: string) => (await api()<TCustomerDetail>('GET', `customers/${customerId}`)).body.data.hits;

async function runOf(versionId: string) {
  const result = await t.context.db.query<{ status: string; batches: number; alerts: number }>(
    'select status, batches, alerts_raised as alerts from monitoring_runs where version_id = $1',
    [versionId],
  );
  return result.rows[0] ?? null;
}

describe('ongoing screening after a list change', () => {
  it('raises exactly one triggered alert for a delta that lists a stored customer, again none, and once after a run killed half-way', async () => {
    const baseline = await importCsv(
      'full',
      'monitoring-full.csv',
      `${FULL_HEADER}\nMON-000,person,Oswaldo Pereira Lindqvist,1950-02-02,Brazil,\n`,
    );
    expect(baseline).not.toBeNull();
    await rescreens().runRescreen(baseline!);

    const listed = await register('Feroz', 'Wazirzada Gulkhan', '1971-04-22');
    const bystanders = await Promise.all([
      register('Hamid', 'Chaudhry Pervaiz', '1983-07-01'),
      register('Saima', 'Noorani Bashir', '1990-12-12'),
      register('Tariq', 'Lodhi Rehman', '1966-03-30'),
      register('Nabila', 'Farooqi Sattar', '1979-09-09'),
    ]);
    expect(await alertsOf(listed._id, 'triggered')).toEqual([]);

    const versionId = await importCsv(
      'delta',
      'monitoring-delta.csv',
      'action,id,name,dob,nationality\nadd,MON-001,Feroz Wazirzada Gulkhan,1971-04-22,Pakistan\n',
    );
    expect(versionId).not.toBeNull();
    expect(await runOf(versionId!)).toMatchObject({ status: 'queued' });

    // The worker dies after its second batch: what it committed stays, the rest is rolled back.
    await expect(
      rescreens((batchNo) => {
        if (batchNo === 2) throw new Error('worker killed');
      }).runRescreen(versionId!),
    ).rejects.toThrow('worker killed');
    expect(await runOf(versionId!)).toMatchObject({ status: 'running', batches: 2 });

    const summary = await rescreens().runRescreen(versionId!);
    expect(summary.note).toContain('version');
    expect(await runOf(versionId!)).toMatchObject({ status: 'completed', alerts: 1 });
    const triggered = await alertsOf(listed._id, 'triggered');
    expect(triggered).toHaveLength(1);
    for (const bystander of bystanders) expect(await alertsOf(bystander._id, 'triggered')).toEqual([]);

    // The alert says why: the entity, that it was added, and the hit it stored.
    const detail = await alertDetail(triggered[0]!._id);
    expect(detail.reason).toContain('Feroz Wazirzada Gulkhan');
    expect(detail.trigger).toMatchObject({
      kind: 'list-change',
      listKey: 'sanad-list',
      entities: [{ entityId: 'MON-001', change: 'added', outcome: 'new' }],
    });
    expect(detail.hits.map((hit) => [hit.fullName, hit.isDelisted])).toEqual([['Feroz Wazirzada Gulkhan', false]]);
    expect(detail.indicators).toContain('blackList');

    // Running the finished job again, and importing the same delta again, raise nothing more.
    expect((await rescreens().runRescreen(versionId!)).note).toBe('already completed');
    const again = await importCsv(
      'delta',
      'monitoring-delta.csv',
      'action,id,name,dob,nationality\nadd,MON-001,Feroz Wazirzada Gulkhan,1971-04-22,Pakistan\n',
    );
    if (again) await rescreens().runRescreen(again);
    expect(await alertsOf(listed._id, 'triggered')).toHaveLength(1);

    // The customer's timeline shows the re-screening.
    const timeline = await api()<TTimelineEvent[]>('GET', `customers/${listed._id}/activity-timeline`);
    expect(timeline.body.data.map((event) => event.summary).join('\n')).toContain('Re-screened after');
  });

  it('keeps an entity marked not relevant quiet until the list changes it, flags removed entities and skips archived customers', async () => {
    const customer = await register('Ghazanfar', 'Turabi Naqvizada', '1975-05-05');
    const archived = await register('Ghazanfar', 'Turabi Naqvizada', '1975-05-06');
    await t.context.db.query('update customers set is_monitored = false, archived_at = now() where id = $1', [archived._id]);

    const added = await importCsv(
      'delta',
      'nr-1.csv',
      'action,id,name,dob,nationality\nadd,MON-101,Ghazanfar Turabi Naqvizada,1975-05-05,Pakistan\n',
    );
    await rescreens().runRescreen(added!);
    expect(await alertsOf(customer._id, 'triggered')).toHaveLength(1);
    expect(await alertsOf(archived._id, 'triggered')).toEqual([]);

    const [hit] = (await hitsOf(customer._id)).filter((candidate: TCustomerHit) => candidate.fullName === 'Ghazanfar Turabi Naqvizada');
    const decided = await api()('PUT', `customers/${customer._id}/hits/${hit!._id}`, {
      decision: 'not-relevant',
      comment: 'Different person',
    });
    expect(decided.status).toBe(200);

    // Another entity changes: the decided one is not in the delta, nothing is raised.
    const unrelated = await importCsv(
      'delta',
      'nr-2.csv',
      'action,id,name,dob,nationality\nadd,MON-102,Ulrike Brennecke Soares,1961-01-01,Germany\n',
    );
    await rescreens().runRescreen(unrelated!);
    expect(await alertsOf(customer._id, 'triggered')).toHaveLength(1);

    // The decided entity changes: the decision no longer holds, the hit is raised again.
    const changed = await importCsv(
      'delta',
      'nr-3.csv',
      'action,id,name,dob,nationality\nchange,MON-101,Ghazanfar Turabi Naqvizada,1975-05-05,Afghanistan\n',
    );
    await rescreens().runRescreen(changed!);
    const triggered = await alertsOf(customer._id, 'triggered');
    expect(triggered).toHaveLength(2);
    const reopened = await alertDetail(triggered[0]!._id);
    expect(reopened.trigger?.entities).toMatchObject([{ entityId: 'MON-101', change: 'changed', outcome: 'reopened' }]);

    // The entity is removed: its hit stays, flagged, and the open alert shows it.
    const removed = await importCsv('delta', 'nr-4.csv', 'action,id,name,dob,nationality\ndelete,MON-101,,,\n');
    await rescreens().runRescreen(removed!);
    expect(await alertsOf(customer._id, 'triggered')).toHaveLength(2);
    const shown = await alertDetail(triggered[0]!._id);
    expect(shown.state).toBe('open');
    expect(shown.hits.find((candidate) => candidate.fullName === 'Ghazanfar Turabi Naqvizada')?.isDelisted).toBe(true);
  });

  it('re-screens after a single entry is added to the firm’s own list', async () => {
    const customer = await register('Yasmeen', 'Khokhar Baltistani', '1984-04-04');
    const added = await api()('POST', 'screening-data/sanad-list', {
      name: 'Yasmeen Khokhar Baltistani',
      dateOfBirth: '1984-04-04',
      nationality: 'PK',
      reason: 'Mule accounts',
    });
    expect(added.status).toBe(200);
    const queued = await t.context.db.query<{ versionId: string }>(
      `select version_id as "versionId" from monitoring_runs where status = 'queued' order by created_at desc limit 1`,
    );
    await rescreens().runRescreen(queued.rows[0]!.versionId);
    const [alert] = await alertsOf(customer._id, 'triggered');
    expect(alert?.reason).toContain('Yasmeen Khokhar Baltistani');
  });

  it('refuses a second alert for the same trigger at the database', async () => {
    const customer = await register('Waleed', 'Qureshi Anwarzai', '1988-08-08');
    const raise = () =>
      t.context.db.transaction((tx) =>
        insertTriggeredAlert(tx, {
          dataSegmentId: t.adminSegmentId,
          customerId: customer._id,
          type: 'triggered',
          reason: 'test',
          triggerKey: 'rescreen:test',
          trigger: {},
        }),
      );
    expect(await raise()).not.toBeNull();
    expect(await raise()).toBeNull();
  });
});

const READ: Permission[] = ['view-alerts', 'view-customer-profile'];
const REVIEW: Permission[] = [...READ, 'kyc-status-review'];

async function act(id: string, user: SignedInUser, decision: string): Promise<void> {
  expect((await api()('PUT', `alerts/initiate-review/${id}`, undefined, user.token)).status).toBe(200);
  expect((await api()('PUT', `alerts/kyc-status-review/${id}`, { decision, reason: `${decision} after review` }, user.token)).status).toBe(
    200,
  );
}

/** The daily job's own code, in batches of two. */
const reviews = () => createPeriodicReviewService({ db: t.context.db, reviewYears: async () => null, batchSize: 2 });

describe('periodic review', () => {
  it('raises one periodic alert per due date, and the final decision sets the next date', async () => {
    const due = await register('Rukhsana', 'Periodic Dueova', '1970-01-15');
    const notDue = await register('Rukhsana', 'Periodic Laterova', '1970-01-16');
    const archived = await register('Rukhsana', 'Periodic Archivova', '1970-01-17');
    await t.context.db.query(`update customers set next_review_date = current_date - 1 where id = any($1)`, [[due._id, archived._id]]);
    await t.context.db.query(`update customers set next_review_date = current_date + 30 where id = $1`, [notDue._id]);
    await t.context.db.query('update customers set is_monitored = false, archived_at = now() where id = $1', [archived._id]);

    await reviews().raiseDueReviews();
    await reviews().raiseDueReviews();
    const periodic = await alertsOf(due._id, 'periodic');
    expect(periodic).toHaveLength(1);
    expect(periodic[0]!.indicators).toContain('periodic_review_due');
    expect(await alertsOf(notDue._id, 'periodic')).toEqual([]);
    expect(await alertsOf(archived._id, 'periodic')).toEqual([]);
    expect((await alertDetail(periodic[0]!._id)).trigger).toMatchObject({ kind: 'periodic' });

    const [maker, checker, approver] = await Promise.all([
      signedInUser(t, [...REVIEW, 'maker']),
      signedInUser(t, [...REVIEW, 'checker']),
      signedInUser(t, [...REVIEW, 'approver']),
    ]);
    await act(periodic[0]!._id, maker, 'approved');
    await act(periodic[0]!._id, checker, 'confirmed');
    await act(periodic[0]!._id, approver, 'approved');
    const next = await t.context.db.query<{ next: string; level: string | null }>(
      `select to_char(next_review_date, 'YYYY-MM-DD') as next, risk_level as level from customers where id = $1`,
      [due._id],
    );
    // The risk-level-review page's interval for the customer's level.
    const intervals = await api()<Record<string, number>>('GET', 'configurations/risk/risk-level-review');
    const years = intervals.body.data[next.rows[0]!.level ?? 'low']!;
    const expected = new Date();
    expected.setUTCFullYear(expected.getUTCFullYear() + years);
    expect(next.rows[0]!.next).toBe(expected.toISOString().slice(0, 10));

    // The next run finds the customer not due any more.
    await reviews().raiseDueReviews();
    expect(await alertsOf(due._id, 'periodic')).toHaveLength(1);
  });
});
