import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateMovingSquareClip } from '@sanad/idv/liveness/generated-video.fixture';
import { buildTd3Lines } from '@sanad/idv/test-support/mrz-builder';
import { drawPassport, renderPng } from '@sanad/idv/test-support/sample-documents';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { multipart } from '@sanad/test-support/multipart';

const t = useTestApp();

const HOLDER = {
  documentCode: 'P',
  issuingState: 'GBR',
  documentNumber: '533401372',
  nationality: 'GBR',
  birthDate: '850312',
  sex: 'F' as const,
  expiryDate: '340115',
  surname: 'HOLLOWAY',
  givenNames: 'JANE ELIZABETH',
};

async function createLink(auth = t.adminToken, purpose = 'deep-register') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/customers/onboarding-links',
    payload: { purpose, email: 'jane@example.test' },
    headers: bearer(auth),
  });
  expect(response.statusCode).toBe(200);
  const data = body<{ data: { _id: string; url: string } }>(response).data;
  return { ...data, token: data.url.split('/').at(-2) ?? '' };
}

const linkHeader = (linkToken: string) => ({ 'x-onboarding-token': linkToken });

function uploadAs(headers: Record<string, string>, type: string, file: { name: string; body: Buffer }) {
  const form = multipart({ type }, file);
  // files/upload is for customer documents only; files/encrypt takes the type from the form.
  const url = type === 'customers' ? '/api/files/upload' : '/api/files/encrypt';
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers } });
}

describe('onboarding links', () => {
  it('creates a link whose address carries the data segment and a 256-bit token, shown once', async () => {
    const link = await createLink();
    expect(link.url).toMatch(new RegExp(`/${t.adminSegmentId}/[A-Za-z0-9_-]{43}/deep-register$`));
    const list = body<{ data: Array<{ _id: string; url?: string; status: string }> }>(
      await t.app.inject({ method: 'GET', url: '/api/customers/onboarding-links', headers: bearer(t.adminToken) }),
    ).data;
    const listed = list.find((item) => item._id === link._id);
    expect(listed).toMatchObject({ status: 'active' });
    expect(listed?.url).toBeUndefined();
  });

  it("lets an end customer upload with the link and read back only the link's own files", async () => {
    const link = await createLink();
    const photo = await renderPng(
      drawPassport({ mrz: buildTd3Lines(HOLDER), surname: HOLDER.surname, givenNames: HOLDER.givenNames, number: HOLDER.documentNumber }),
    );
    const upload = await uploadAs(linkHeader(link.token), 'customers', { name: 'passport.png', body: photo });
    expect(upload.statusCode).toBe(200);
    const { fileName } = body<{ data: { fileName: string } }>(upload).data;
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: linkHeader(link.token) })).statusCode).toBe(200);

    const otherLink = await createLink();
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: linkHeader(otherLink.token) })).statusCode).toBe(
      404,
    );
    const staffFile = await uploadAs(bearer(t.adminToken), 'customers', { name: 'staff.png', body: photo });
    const staffFileName = body<{ data: { fileName: string } }>(staffFile).data.fileName;
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${staffFileName}`, headers: linkHeader(link.token) })).statusCode).toBe(
      404,
    );
  });

  it('refuses a link for another data segment, a revoked link, and no link at all', async () => {
    const link = await createLink();
    const other = await makeDataSegment(t.context.db);
    const form = multipart({ type: 'customers', dataSegmentId: other }, { name: 'a.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') });
    const crossing = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: form.payload,
      headers: { ...form.headers, ...linkHeader(link.token) },
    });
    expect(crossing.statusCode).toBe(403);

    const revoke = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/onboarding-links/${link._id}/revoke`,
      payload: {},
      headers: bearer(t.adminToken),
    });
    expect(body<{ data: { status: string } }>(revoke).data.status).toBe('revoked');
    const afterRevoke = await uploadAs(linkHeader(link.token), 'customers', { name: 'a.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') });
    expect(afterRevoke.statusCode).toBe(401);
    expect((await uploadAs({}, 'customers', { name: 'a.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') })).statusCode).toBe(401);
  });

  it('refuses a link used for an upload type end customers may not send', async () => {
    const link = await createLink();
    const form = multipart({ type: 'screening-list' }, { name: 'list.csv', body: Buffer.from('id,name\n1,A\n') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/encrypt',
      payload: form.payload,
      headers: { ...form.headers, ...linkHeader(link.token) },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('identity verification settings', () => {
  it('starts from the defaults and saves valid settings', async () => {
    const initial = body<{ data: { nearExpiryDays: number; isLivenessChallengeOn: boolean } }>(
      await t.app.inject({ method: 'GET', url: '/api/configurations/idv', headers: bearer(t.adminToken) }),
    ).data;
    expect(initial).toMatchObject({ nearExpiryDays: 30, isLivenessChallengeOn: true });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/configurations/idv',
      payload: {
        acceptedCardTypes: ['NON PT 0 FRONT', 'GBR BRP'],
        faceMatchThreshold: 62,
        isLivenessChallengeOn: false,
        nearExpiryDays: 60,
      },
      headers: bearer(t.adminToken),
    });
    expect(body(saved)).toMatchObject({ status: true, data: { acceptedCardTypes: ['NON PT 0 FRONT', 'GBR BRP'], nearExpiryDays: 60 } });
  });

  it('names the field of a bad setting and refuses users without idv-configurations', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/configurations/idv',
      payload: { acceptedCardTypes: ['XXX NOPE'], faceMatchThreshold: null, isLivenessChallengeOn: true, nearExpiryDays: 400 },
      headers: bearer(t.adminToken),
    });
    expect(unknown.statusCode).toBe(422);
    expect(body(unknown)).toMatchObject({ errors: { nearExpiryDays: ['Use between 0 and 365 days'] } });
    // Two words that name no family of the catalogue are refused like any unknown code.
    const family = await t.app.inject({
      method: 'PUT',
      url: '/api/configurations/idv',
      payload: { acceptedCardTypes: ['XXX NOPE'], faceMatchThreshold: null, isLivenessChallengeOn: true, nearExpiryDays: 30 },
      headers: bearer(t.adminToken),
    });
    expect(family.statusCode).toBe(422);
    expect(body(family)).toMatchObject({ errors: { acceptedCardTypes: ['Unknown document type: XXX NOPE'] } });
    const user = await makeUser(t.context.db, { permissions: ['view-customer-profile'], dataSegmentId: t.adminSegmentId });
    const userToken = await t.login(user.email, STAFF_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/configurations/idv', headers: bearer(userToken) })).statusCode).toBe(403);
  });
});

describe('POST customers/ocr', () => {
  it('reads a passport uploaded through a link and maps it onto the customer record', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/configurations/idv',
      payload: {
        acceptedCardTypes: ['NON PT 0 FRONT', 'GBR PT 0 FRONT'],
        faceMatchThreshold: null,
        isLivenessChallengeOn: true,
        nearExpiryDays: 30,
      },
      headers: bearer(t.adminToken),
    });
    const link = await createLink();
    const photo = await renderPng(
      drawPassport({ mrz: buildTd3Lines(HOLDER), surname: HOLDER.surname, givenNames: HOLDER.givenNames, number: HOLDER.documentNumber }),
    );
    const uploaded = body<{ data: { fileName: string } }>(
      await uploadAs(linkHeader(link.token), 'customers', { name: 'passport.png', body: photo }),
    ).data;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customers/ocr',
      payload: { cardSide: 'front', filePath: uploaded.fileName, isAuthenticated: false },
      headers: linkHeader(link.token),
    });
    expect(response.statusCode).toBe(200);
    const { data } = body<{
      data: {
        status_code: number;
        card_type: string;
        ocr: { ocr_results: Record<string, unknown> };
        record: { basicInfo: Record<string, unknown>; identityInfo: Record<string, unknown> };
      };
    }>(response);
    expect(data.ocr.ocr_results).toMatchObject({ passport_no: '533401372', dob: '1985-03-12', nationality: 'GBR' });
    expect(data.record.basicInfo).toMatchObject({ dateOfBirth: '1985-03-12', nationalityId: 'GB', genderId: 'female' });
    expect(data.record.identityInfo).toMatchObject({ passport: { number: '533401372' } });
  }, 180_000);

  it('refuses a file the caller did not upload and a type the segment does not accept', async () => {
    const link = await createLink();
    const staffUpload = body<{ data: { fileName: string } }>(
      await uploadAs(bearer(t.adminToken), 'customers', { name: 'x.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') }),
    ).data;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/customers/ocr',
      payload: { filePath: staffUpload.fileName },
      headers: linkHeader(link.token),
    });
    expect(body(foreign)).toMatchObject({ errors: { filePath: ['Upload the document first'] } });
    const narrowing = await t.app.inject({
      method: 'POST',
      url: '/api/customers/ocr',
      payload: { filePath: staffUpload.fileName, cardTypeList: ['QAT RP'] },
      headers: bearer(t.adminToken),
    });
    expect(body(narrowing)).toMatchObject({ errors: { cardTypeList: ['None of these document types is accepted'] } });
  });
});

describe('face match and liveness', () => {
  it('reports no face when a picture has none', async () => {
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 180, b: 150 } } })
      .png()
      .toBuffer();
    const first = body<{ data: { fileName: string } }>(
      await uploadAs(bearer(t.adminToken), 'customers', { name: 'doc.png', body: blank }),
    ).data;
    const second = body<{ data: { fileName: string } }>(
      await uploadAs(bearer(t.adminToken), 'customers', { name: 'selfie.png', body: blank }),
    ).data;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customers/face-match',
      payload: { documentFile: first.fileName, selfieFile: second.fileName },
      headers: bearer(t.adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ data: { match: false, verificationStatus: { face: 'notfound' } } });
  }, 180_000);

  const faces = '/work/shared/data/idv/faces/deepface';
  describe.runIf(existsSync(faces))('on the shared face photos', () => {
    it('matches two photos of the same person through an onboarding link', async () => {
      const link = await createLink();
      const upload = async (file: string) =>
        body<{ data: { fileName: string } }>(
          await uploadAs(linkHeader(link.token), 'customers', { name: file, body: readFileSync(path.join(faces, file)) }),
        ).data.fileName;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/customers/face-match',
        payload: { documentFile: await upload('img1.jpg'), selfieFile: await upload('img2.jpg') },
        headers: linkHeader(link.token),
      });
      expect(body(response)).toMatchObject({ data: { match: true, verificationStatus: { face: 'matched' } } });
    }, 180_000);
  });

  it('checks a video against a challenge issued to the same caller, once', async () => {
    const link = await createLink();
    const challenge = body<{ data: { challengeId: string; challenge: string; instructions: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/customers/liveness/challenge', payload: {}, headers: linkHeader(link.token) }),
    ).data;
    expect(['turn-left-right', 'turn-right-left']).toContain(challenge.challenge);
    const clip = Buffer.from(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }));
    const video = body<{ data: { fileName: string } }>(
      await uploadAs(linkHeader(link.token), 'video', { name: 'liveness.webm', body: clip }),
    ).data;

    const otherLink = await createLink();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/customers/liveness',
      payload: { videoFile: video.fileName, challengeId: challenge.challengeId },
      headers: linkHeader(otherLink.token),
    });
    expect(body(stolen)).toMatchObject({ errors: { challengeId: [expect.any(String)] } });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customers/liveness',
      payload: { videoFile: video.fileName, challengeId: challenge.challengeId },
      headers: linkHeader(link.token),
    });
    expect(response.statusCode).toBe(200);
    const verdict = body<{ data: { live: boolean; reasons: string[]; verificationStatus: { liveness: string } } }>(response).data;
    expect(verdict.live).toBe(false);
    expect(verdict.reasons).toContain('NO_FACE');
    expect(verdict.verificationStatus.liveness).toBe('rejected');

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/customers/liveness',
      payload: { videoFile: video.fileName, challengeId: challenge.challengeId },
      headers: linkHeader(link.token),
    });
    expect(body(replay)).toMatchObject({
      errors: { challengeId: ['The challenge has expired or was already answered, please record again'] },
    });
  }, 180_000);
});
