import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { multipart } from '@sanad/test-support/multipart';

const t = useTestApp();

function upload(fields: Record<string, string>, file: { name: string; body: Buffer }, auth = t.adminToken) {
  const form = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/files/', payload: form.payload, headers: { ...form.headers, ...bearer(auth) } });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
}

/** A PNG whose header claims the given size but carries almost no pixel data: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = pngChunk;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('file upload and download', () => {
  it('stores a registration image encrypted, re-encoded as JPEG at most 1000 px wide, and serves it back', async () => {
    const response = await upload({ type: 'customers' }, { name: 'passport.png', body: await photo(1600, 1000) });
    expect(response.statusCode).toBe(200);
    const { data } = body<{ data: { fileName: string; originalFileName: string; originalName: string; contentType: string } }>(response);
    expect(data.fileName).toMatch(/\.enc$/);
    expect(data).toMatchObject({ originalFileName: 'passport.png', originalName: 'passport.png', contentType: 'image/jpeg' });

    const download = await t.app.inject({ method: 'GET', url: `/api/files/${data.fileName}`, headers: bearer(t.adminToken) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe('inline; filename="passport.png"');
    const metadata = await sharp(download.rawPayload).metadata();
    expect(metadata.width).toBe(1000);
  });

  it('accepts the name a client gave with .enc appended', async () => {
    const response = await upload(
      { type: 'customers' },
      {
        name: 'id-front.jpg.enc',
        body: await sharp(await photo(400, 250))
          .jpeg()
          .toBuffer(),
      },
    );
    expect(response.statusCode).toBe(200);
    expect(body<{ data: { originalName: string } }>(response).data.originalName).toBe('id-front.jpg');
  });

  it('cleans a PNG with a ZIP appended by re-encoding it', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('payload.exe hidden here')]);
    const response = await upload({ type: 'documents' }, { name: 'scan.png', body: Buffer.concat([await photo(300, 200), zip]) });
    expect(response.statusCode).toBe(200);
    const { fileName } = body<{ data: { fileName: string } }>(response).data;
    const download = await t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: bearer(t.adminToken) });
    expect(download.rawPayload.includes(Buffer.from('payload.exe'))).toBe(false);
    expect(download.rawPayload.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
  });

  it('removes EXIF metadata', async () => {
    const withExif = await sharp(await photo(200, 200))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS-secret-location' } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('GPS-secret-location'))).toBe(true);
    const response = await upload({ type: 'documents' }, { name: 'photo.jpg', body: withExif });
    const { fileName } = body<{ data: { fileName: string } }>(response).data;
    const download = await t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: bearer(t.adminToken) });
    expect(download.rawPayload.includes(Buffer.from('GPS-secret-location'))).toBe(false);
  });

  it('refuses a 60000 x 60000 image from its header, before decoding it', async () => {
    const response = await upload({ type: 'customers' }, { name: 'bomb.png', body: pngClaiming(60_000, 60_000) });
    expect(response.statusCode).toBe(415);
    expect(body(response)).toMatchObject({ message: 'File format not supported' });
  });

  it('refuses a renamed executable', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(200, 0)]);
    const response = await upload({ type: 'customers' }, { name: 'photo.jpg', body: elf });
    expect(response.statusCode).toBe(415);
    expect(body(response)).toMatchObject({
      status: false,
      message: 'File format not supported',
      errors: { file: ['File format not supported'] },
    });
  });

  it('refuses content whose name claims another type', async () => {
    const response = await upload({ type: 'customers' }, { name: 'document.png', body: Buffer.from('%PDF-1.7\n%%EOF\n') });
    expect(body(response)).toMatchObject({ message: 'File format not supported' });
  });

  it("uses the generic control's message for other upload types", async () => {
    const response = await upload({ type: 'documents' }, { name: 'notes.exe', body: Buffer.from('MZ\u0090\u0000') });
    expect(body(response)).toMatchObject({ message: 'File format is not allowed' });
  });

  it('refuses a file above the limit while it streams in', async () => {
    const response = await upload(
      { type: 'customers' },
      { name: 'big.pdf', body: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]) },
    );
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({ message: 'File size must be less than 10 MB' });
  });

  it('names a missing type or file', async () => {
    expect(body(await upload({}, { name: 'a.pdf', body: Buffer.from('%PDF-1.7') }))).toMatchObject({
      errors: { type: [expect.any(String)] },
    });
    const form = multipart({ type: 'customers' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(t.adminToken) },
    });
    expect(body(response)).toMatchObject({ errors: { file: ['Choose a file to upload'] } });
  });

  it('does not serve a file of another data segment', async () => {
    const response = await upload({ type: 'documents' }, { name: 'statement.pdf', body: Buffer.from('%PDF-1.7\nsegment A\n%%EOF') });
    const { fileName } = body<{ data: { fileName: string } }>(response).data;
    const otherSegment = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-customer-profile'], dataSegmentId: otherSegment });
    const outsiderToken = await t.login(outsider.email, STAFF_PASSWORD);
    const attempt = await t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: bearer(outsiderToken) });
    expect(attempt.statusCode).toBe(404);
    const insider = await makeUser(t.context.db, { permissions: ['view-customer-profile'], dataSegmentId: t.adminSegmentId });
    const insiderToken = await t.login(insider.email, STAFF_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${fileName}`, headers: bearer(insiderToken) })).statusCode).toBe(200);
  });

  it('refuses uploads into a data segment the user may not see', async () => {
    const otherSegment = await makeDataSegment(t.context.db);
    const user = await makeUser(t.context.db, { permissions: ['register-customer'], dataSegmentId: t.adminSegmentId });
    const userToken = await t.login(user.email, STAFF_PASSWORD);
    const response = await upload(
      { type: 'documents', dataSegmentId: otherSegment },
      { name: 'a.pdf', body: Buffer.from('%PDF-1.7\n%%EOF') },
      userToken,
    );
    expect(response.statusCode).toBe(403);
  });
});
