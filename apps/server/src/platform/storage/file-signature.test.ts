import { describe, expect, it } from 'vitest';
import { detectAllowedType, extensionOf } from './file-signature';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const pdf = Buffer.from('%PDF-1.7\n');
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom0000mp41')]);
const quickTime = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  0000')]);
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm')]);
const matroska = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska')]);

describe('detectAllowedType', () => {
  it('names the type when the extension and the first bytes agree', () => {
    expect(detectAllowedType('logo.PNG', png, ['png', 'jpg', 'jpeg'])).toBe('image/png');
    expect(detectAllowedType('photo.jpeg', jpeg, ['png', 'jpg', 'jpeg'])).toBe('image/jpeg');
    expect(detectAllowedType('manual.pdf', pdf, ['pdf'])).toBe('application/pdf');
    expect(detectAllowedType('intro.mp4', mp4, ['mp4', 'webm'])).toBe('video/mp4');
    expect(detectAllowedType('intro.webm', webm, ['mp4', 'webm'])).toBe('video/webm');
  });

  it('refuses a file whose bytes are another type than its name says', () => {
    expect(detectAllowedType('logo.png', pdf, ['png'])).toBeNull();
    expect(detectAllowedType('manual.pdf', Buffer.from('<html>'), ['pdf'])).toBeNull();
    expect(detectAllowedType('clip.mp4', quickTime, ['mp4'])).toBeNull();
    expect(detectAllowedType('clip.webm', matroska, ['webm'])).toBeNull();
  });

  it('refuses an extension outside the allowed list even with matching bytes', () => {
    expect(detectAllowedType('manual.pdf', pdf, ['png'])).toBeNull();
    expect(detectAllowedType('noextension', pdf, ['pdf'])).toBeNull();
  });
});

describe('extensionOf', () => {
  it('reads the last extension in lower case', () => {
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });
});
