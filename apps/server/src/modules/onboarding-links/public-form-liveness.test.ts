import { describe, expect, it } from 'vitest';
import { generateMovingSquareClip } from '@sanad/idv/liveness/generated-video.fixture';
import type { TOnboardingConfiguration } from '@sanad/contracts/onboarding-configuration';
import { multipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { freshCaptcha, nextAddress, verifyJourneyContact } from '../../test-support/one-time-code-helpers';
import { bearer, body, callApi, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const LINK = 'x-onboarding-token';

const request = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>) =>
  callApi<T>(t.app, method, url, payload, headers, nextAddress());

async function openSegment(): Promise<string> {
  const dataSegmentId = await makeDataSegment(t.context.db);
  const current = await request<TOnboardingConfiguration>('GET', `configurations/ocr/${dataSegmentId}`, undefined, bearer(t.adminToken));
  const saved = await request(
    'PUT',
    `configurations/ocr/${dataSegmentId}`,
    {
      settings: { ...current.data.settings, isPublicFormOpen: true },
      version: current.data.version,
    },
    bearer(t.adminToken),
  );
  expect(saved.status).toBe(200);
  return dataSegmentId;
}

async function upload(token: string, type: 'customers' | 'video', name: string, content: Buffer): Promise<string> {
  const form = multipart({ type }, { name, body: content });
  const response = await t.app.inject({
    method: 'POST',
    // files/upload takes customer documents only; the recorder's clip goes through files/encrypt.
    url: type === 'video' ? '/api/files/encrypt' : '/api/files/upload',
    payload: form.payload,
    headers: { ...form.headers, [LINK]: token },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

const movingSquare = () => Buffer.from(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }));

describe('the liveness verdict of the older public form', () => {
  it("stores the server's own verdict on the clip it checked through the link, not what the browser claims or names", async () => {
    const dataSegmentId = await openSegment();
    const started = await request<{ token: string }>('POST', 'deep-register/start', { dataSegmentId, captcha: await freshCaptcha(t) }, {});
    expect(started.status).toBe(200);
    const { token } = started.data;
    const headers = { [LINK]: token };

    // The record-video step: a challenge, the clip uploaded through the link, the server's check.
    const challenge = await request<{ challengeId: string }>('POST', 'customers/liveness/challenge', { dataSegmentId }, headers);
    expect(challenge.status).toBe(200);
    const checkedClip = await upload(token, 'video', 'liveness.webm', movingSquare());
    const checked = await request<{ live: boolean }>(
      'POST',
      'customers/liveness',
      { videoFile: checkedClip, challengeId: challenge.data.challengeId, dataSegmentId },
      headers,
    );
    expect(checked.status).toBe(200);
    // A moving square is no face: the server fails it.
    expect(checked.data.live).toBe(false);
    // Another clip uploaded through the link, never checked, which the browser names instead.
    const uncheckedClip = await upload(token, 'video', 'other.webm', movingSquare());

    const { submissionKey: _key, ...submission } = customerSubmission();
    const record: Record<string, unknown> = {
      ...submission,
      documentInfo: {
        identity: { fileName: await upload(token, 'customers', 'id.pdf', Buffer.from('%PDF-1.7\n%%EOF')) },
        video: { fileName: uncheckedClip },
      },
      verificationStatus: { liveness: 'passed', face: 'matched' },
    };
    await verifyJourneyContact(t, token, dataSegmentId, submission.contactInfo.email ?? '');
    const signature = {
      sign: await upload(token, 'customers', 'signature.png', makePng(50, 20, [0, 0, 0])),
      name: 'Amina Qureshi',
      position: 'Account holder',
      date: '27-11-2026',
      agree: true,
    };
    for (const step of ['upload-document', 'record-video', 'setup-profile', 'account-info', 'preview']) {
      const saved = await request(
        'PUT',
        `deep-register/steps/${step}`,
        {
          dataSegmentId,
          submission: step === 'preview' ? { ...record, signature } : record,
          draft: { step },
        },
        headers,
      );
      expect({ step, status: saved.status, message: saved.message }).toMatchObject({ step, status: 200 });
    }
    const done = await request<{ sanadId: string }>('POST', 'deep-register/complete', { dataSegmentId }, headers);
    expect(done.status).toBe(200);

    const stored = await t.context.db.query<{ source: string; record: { verificationStatus: unknown; documentInfo: { video?: unknown } } }>(
      'select source, record from customers where sanad_id = $1',
      [done.data.sanadId],
    );
    expect(stored.rows[0]?.source).toBe('public-register');
    expect(stored.rows[0]?.record.verificationStatus).toEqual({ liveness: 'failed', face: 'pending' });
    expect(stored.rows[0]?.record.documentInfo.video).toEqual({ fileName: checkedClip });
  }, 180_000);
});
