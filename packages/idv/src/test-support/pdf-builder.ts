import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A minimal PDF writer: one page showing one image, stored losslessly as deflated RGB pixels, so
 * PDF input is tested without a committed file and without a PDF library.
 */
function writePdf(objects: Array<string | Buffer>, trailerExtra = ''): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

async function buildPageObjects(image: Uint8Array, widthPt: number, heightPt: number): Promise<Array<string | Buffer>> {
  const { data: pixels, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const colourSpace = info.channels === 1 ? '/DeviceGray' : '/DeviceRGB';
  const contents = Buffer.from(`q ${widthPt} 0 0 ${heightPt} 0 0 cm /Im0 Do Q`, 'latin1');
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${widthPt} ${heightPt}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
    stream(
      `/Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /FlateDecode`,
      deflateSync(pixels),
    ),
    stream('', contents),
  ];
}

/** Wraps an image (any format sharp reads) in a one-page PDF of the given size in points. */
export async function buildPdfWithImage(image: Uint8Array, widthPt: number, heightPt: number): Promise<Uint8Array> {
  return writePdf(await buildPageObjects(image, widthPt, heightPt));
}

/**
 * The same page behind the standard security handler with a user password: the /U entry matches
 * no password, so a reader cannot open the document without asking for one.
 */
export async function buildPasswordProtectedPdf(image: Uint8Array, widthPt: number, heightPt: number): Promise<Uint8Array> {
  const objects = await buildPageObjects(image, widthPt, heightPt);
  const key = '<' + '5a'.repeat(32) + '>';
  objects.push(`<< /Filter /Standard /V 1 /R 2 /O ${key} /U <${'00'.repeat(32)}> /P -4 >>`);
  const id = '<' + '0123456789abcdef'.repeat(2) + '>';
  return writePdf(objects, `/Encrypt ${objects.length} 0 R /ID [${id} ${id}] `);
}
