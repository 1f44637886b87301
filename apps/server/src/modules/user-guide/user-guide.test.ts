import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@sanad/contracts/files';
import { MESSAGES } from '@sanad/contracts/messages';
import { GUIDE_VIDEO_TITLES } from '@sanad/contracts/user-guide-catalogue';
import type { TUserGuide } from '@sanad/contracts/user-guide';
import type { Permission } from '@sanad/contracts/permissions';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { makeMp4Head, makePdf, makePng, multipartFile } from '@sanad/test-support/sample-files';

const t = useTestApp();
let segment: string;

beforeAll(async () => {
  segment = await makeDataSegment(t.context.db, 'Guide Bank');
});

async function tokenFor(permissions: Permission[], dataSegmentId = segment): Promise<string> {
  const user = await makeUser(t.context.db, { permissions, dataSegmentId });
  return t.login(user.email, STAFF_PASSWORD);
}

function upload(token: string, path: string, fileName: string, content: Buffer) {
  const { payload, headers } = multipartFile(fileName, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/configurations/user-guide/${path}`,
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

const guide = async (token: string, query = '') =>
  body<{ data: TUserGuide }>(await t.app.inject({ method: 'GET', url: `/api/configurations/user-guide${query}`, headers: bearer(token) }))
    .data;

const fileCount = async () => (await t.context.db.query<{ count: number }>('select count(*)::int as count from files')).rows[0]?.count;

describe('user-guide files', () => {
  it('lets an administrator who sees every segment upload the default video, thumbnail and manual, served with their types', async () => {
    const video = makeMp4Head();
    const thumbnail = makePng();
    const manual = makePdf();
    expect(body(await upload(t.adminToken, 'standard/video-1', 'getting-started.mp4', video))).toEqual({
      status: true,
      message: 'The guide file was uploaded',
    });
    expect((await upload(t.adminToken, 'standard/thumbnail-1', 'start.png', thumbnail)).statusCode).toBe(200);
    expect((await upload(t.adminToken, 'standard/manual', 'Sanad manual.pdf', manual)).statusCode).toBe(200);

    const reader = await tokenFor([]);
    const result = await guide(reader, `?edition=standard&dataSegmentId=${segment}`);
    expect(result.videos.map((item) => item.title)).toEqual(GUIDE_VIDEO_TITLES.standard);
    const [first, second] = result.videos;
    expect(first?.video).toMatchObject({ originalName: 'getting-started.mp4', isDefault: true });
    expect(second?.video).toBeNull();
    expect(result.manual).toMatchObject({ originalName: 'Sanad manual.pdf' });

    const servedVideo = await t.app.inject({ method: 'GET', url: `/api/files/users/${first?.video?.fileName}`, headers: bearer(reader) });
    expect(servedVideo.statusCode).toBe(200);
    expect(servedVideo.headers['content-type']).toBe('video/mp4');
    expect(servedVideo.headers['content-disposition']).toMatch(/^inline; filename="getting-started.mp4"/);
    expect(servedVideo.rawPayload.equals(video)).toBe(true);

    const servedManual = await t.app.inject({ method: 'GET', url: `/api/files/users/${result.manual?.fileName}`, headers: bearer(reader) });
    expect(servedManual.headers['content-type']).toBe('application/pdf');
    expect(servedManual.headers['content-disposition']).toBe(
      `attachment; filename="Sanad manual.pdf"; filename*=UTF-8''Sanad%20manual.pdf`,
    );
    expect(servedManual.headers['x-content-type-options']).toBe('nosniff');

    // Thumbnails are served from files/logo, which needs no sign-in, like logos.
    const servedThumbnail = await t.app.inject({ method: 'GET', url: `/api/files/logo/${first?.thumbnail?.fileName}` });
    expect(servedThumbnail.statusCode).toBe(200);
    expect(servedThumbnail.headers['content-type']).toBe('image/png');
    expect(servedThumbnail.rawPayload.equals(thumbnail)).toBe(true);
  });

  it('needs sign-in for files/users and serves each file only from its own folder', async () => {
    const current = await guide(t.adminToken);
    const manual = current.manual?.fileName ?? '';
    const thumbnail = current.videos[0]?.thumbnail?.fileName ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/api/files/users/${manual}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/logo/${manual}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/users/${thumbnail}`, headers: bearer(t.adminToken) })).statusCode).toBe(
      404,
    );
    const unknown = await t.app.inject({ method: 'GET', url: '/api/files/logo/..%2F..%2Fetc%2Fpasswd' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ status: false, message: MESSAGES.notFound });
  });

  it("refuses a file whose extension or content is not the slot's type with 'File format is not allowed'", async () => {
    const before = await fileCount();
    for (const [path, name, content] of [
      ['standard/video-2', 'setup.exe', Buffer.from('MZ\x90\x00')],
      ['standard/thumbnail-2', 'fake.png', makePdf()],
      ['standard/thumbnail-2', 'manual.pdf', makePdf()],
      ['standard/manual', 'manual.pdf', Buffer.from('<html><script>alert(1)</script></html>'.padEnd(100))],
      ['lite/video-1', 'clip.mov', makeMp4Head()],
    ] as const) {
      const response = await upload(t.adminToken, path, name, content);
      expect(response.statusCode, `${path} ${name}`).toBe(415);
      expect(body(response)).toMatchObject({
        status: false,
        message: 'File format is not allowed',
        errors: { file: ['File format is not allowed'] },
      });
    }
    expect(await fileCount()).toBe(before);
  });

  it("refuses a file over the slot's limit while it streams, with 'File size must be less than {n} MB'", async () => {
    const before = await fileCount();
    const oversized = Buffer.concat([makePng(), Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const response = await upload(t.adminToken, 'standard/thumbnail-3', 'big.png', oversized);
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({
      status: false,
      message: 'File size must be less than 2 MB',
      errors: { file: ['File size must be less than 2 MB'] },
    });
    expect(await fileCount()).toBe(before);
  });

  it('lets a segment administrator override a file for their own segment only, never the default', async () => {
    const segmentAdmin = await tokenFor(['configurations']);
    const defaultAttempt = await upload(segmentAdmin, 'standard/manual', 'ours.pdf', makePdf('Our manual'));
    expect(defaultAttempt.statusCode).toBe(403);

    const own = await upload(segmentAdmin, `standard/manual?dataSegmentId=${segment}`, 'ours.pdf', makePdf('Our manual'));
    expect(own.statusCode).toBe(200);
    const ours = await guide(segmentAdmin, `?dataSegmentId=${segment}`);
    expect(ours.manual).toMatchObject({ originalName: 'ours.pdf', isDefault: false });
    expect((await guide(t.adminToken)).manual).toMatchObject({ originalName: 'Sanad manual.pdf', isDefault: true });

    const elsewhere = await makeDataSegment(t.context.db, 'Elsewhere Bank');
    const outsider = await tokenFor(['configurations'], elsewhere);
    const foreignFile = await t.app.inject({ method: 'GET', url: `/api/files/users/${ours.manual?.fileName}`, headers: bearer(outsider) });
    expect(foreignFile.statusCode).toBe(404);
    expect((await upload(outsider, `standard/manual?dataSegmentId=${segment}`, 'x.pdf', makePdf())).statusCode).toBe(403);
  });

  it('replaces a file in place, deleting the old one, and removes it on request', async () => {
    await upload(t.adminToken, 'lite/manual', 'lite-v1.pdf', makePdf('Lite v1'));
    const first = (await guide(t.adminToken, '?edition=lite')).manual?.fileName;
    await upload(t.adminToken, 'lite/manual', 'lite-v2.pdf', makePdf('Lite v2'));
    const lite = await guide(t.adminToken, '?edition=lite');
    expect(lite.manual?.originalName).toBe('lite-v2.pdf');
    expect(lite.videos.map((item) => item.title)).toEqual(GUIDE_VIDEO_TITLES.lite);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/users/${first}`, headers: bearer(t.adminToken) })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/configurations/user-guide/lite/manual',
      headers: bearer(t.adminToken),
    });
    expect(body(removed)).toEqual({ status: true, message: 'The guide file was removed' });
    expect((await guide(t.adminToken, '?edition=lite')).manual).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/configurations/user-guide/lite/manual', headers: bearer(t.adminToken) }))
        .statusCode,
    ).toBe(404);
    const audit = await t.context.db.query<{ action: string }>(
      "select action from audit_log where module = 'configuration' and entity_id = 'lite/manual' order by id",
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'uploaded_user_guide_file',
      'uploaded_user_guide_file',
      'removed_user_guide_file',
    ]);
  });

  it('names the slot or edition that does not exist, and needs the configurations permission', async () => {
    const unknown = await upload(t.adminToken, 'lite/video-5', 'x.mp4', makeMp4Head());
    expect(unknown.statusCode).toBe(422);
    expect(body(unknown)).toMatchObject({ errors: { asset: ['Choose one of the guide videos, thumbnails or the manual'] } });
    const edition = await upload(t.adminToken, 'premium/manual', 'x.pdf', makePdf());
    expect(body(edition)).toMatchObject({ errors: { edition: ['Edition must be standard or lite'] } });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/user-guide/standard/manual',
      headers: bearer(t.adminToken),
      payload: {},
    });
    expect(noFile.statusCode).toBe(422);
    expect(body(noFile)).toMatchObject({ errors: { file: [FILE_MESSAGES.chooseFile] } });

    const reader = await tokenFor(['view-users']);
    expect((await upload(reader, 'standard/manual', 'x.pdf', makePdf())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/configurations/user-guide' })).statusCode).toBe(401);
  });
});
