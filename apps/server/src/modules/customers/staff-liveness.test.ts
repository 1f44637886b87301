import { describe, expect, it } from 'vitest';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { generateMovingSquareClip } from '@sanad/idv/liveness/generated-video.fixture';
import { multipart } from '@sanad/test-support/multipart';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { bearer, body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

/** A clip uploaded by a staff user and checked against a challenge by the server. */
async function checkedClip(token: string): Promise<{ videoFile: string; live: boolean }> {
  const api = apiCaller(t, token);
  const challenge = await api<{ challengeId: string }>('POST', 'customers/liveness/challenge', {});
  const clip = Buffer.from(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }));
  const form = multipart({ type: 'video' }, { name: 'liveness.webm', body: clip });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/files/encrypt',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  const videoFile = body<{ data: { fileName: string } }>(uploaded).data.fileName;
  const checked = await api<{ live: boolean }>('POST', 'customers/liveness', { videoFile, challengeId: challenge.body.data.challengeId });
  expect(checked.status).toBe(200);
  return { videoFile, live: checked.body.data.live };
}

async function verificationOf(sanadId: string): Promise<unknown> {
  const stored = await t.context.db.query<{ record: { verificationStatus: unknown } }>('select record from customers where sanad_id = $1', [
    sanadId,
  ]);
  return stored.rows[0]?.record.verificationStatus;
}

describe('the liveness verdict of a staff registration', () => {
  it("is the server's own verdict on the clip the record names, never pending once the clip was checked", async () => {
    const { videoFile, live } = await checkedClip(t.adminToken);
    // A moving square is no face: the server's check fails it.
    expect(live).toBe(false);
    const submission = customerSubmission();
    const answer = await apiCaller(t, t.adminToken)<TCustomerDetail>('POST', 'customers/self-register', {
      ...submission,
      documentInfo: { ...submission.documentInfo, video: { fileName: videoFile } },
    });
    expect(answer.status).toBe(200);
    expect(await verificationOf(answer.body.data.sanadId)).toEqual({ liveness: 'failed', face: 'pending' });
  }, 180_000);

  it('stays pending for a clip this user never checked, or no clip at all', async () => {
    const { videoFile } = await checkedClip(t.adminToken);
    const other = await signedInUser(t, ['register-customer', 'view-customer-profile']);
    const submission = customerSubmission();
    const borrowed = await apiCaller(t, other.token)<TCustomerDetail>('POST', 'customers/self-register', {
      ...submission,
      documentInfo: { ...submission.documentInfo, video: { fileName: videoFile } },
    });
    expect(borrowed.status).toBe(200);
    expect(await verificationOf(borrowed.body.data.sanadId)).toEqual({ liveness: 'pending', face: 'pending' });
    const without = await apiCaller(t, t.adminToken)<TCustomerDetail>('POST', 'customers/self-register', customerSubmission());
    expect(await verificationOf(without.body.data.sanadId)).toEqual({ liveness: 'pending', face: 'pending' });
  }, 180_000);

  it('changes with an edit that brings a new checked clip, and stays with an edit that keeps the stored clip', async () => {
    const api = apiCaller(t, t.adminToken);
    const registered = (await api<TCustomerDetail>('POST', 'customers/self-register', customerSubmission())).body.data;
    expect(await verificationOf(registered.sanadId)).toEqual({ liveness: 'pending', face: 'pending' });
    const { record } = registered;
    const sections = {
      basicInfo: record.basicInfo,
      identityInfo: record.identityInfo,
      occupationInfo: record.occupationInfo,
      pepDeclaration: record.pepDeclaration,
      contactInfo: record.contactInfo,
      accountInfo: record.accountInfo,
    };
    const { videoFile } = await checkedClip(t.adminToken);
    const edited = await api<TCustomerDetail>('PUT', `customers/${registered._id}`, {
      ...sections,
      documentInfo: { ...record.documentInfo, video: { fileName: videoFile } },
      version: registered.version,
    });
    expect({ status: edited.status, body: edited.body }).toMatchObject({ status: 200 });
    expect(await verificationOf(registered.sanadId)).toEqual({ liveness: 'failed', face: 'pending' });
    const again = await api<TCustomerDetail>('PUT', `customers/${registered._id}`, {
      ...sections,
      basicInfo: { ...record.basicInfo, middleName: 'Kept' },
      documentInfo: { ...record.documentInfo, video: { fileName: videoFile } },
      version: edited.body.data.version,
    });
    expect(again.status).toBe(200);
    expect(await verificationOf(registered.sanadId)).toEqual({ liveness: 'failed', face: 'pending' });
  }, 180_000);
});
