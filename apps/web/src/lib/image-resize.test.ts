import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resizedSize } from './image-resize';
import { uploadFile } from './upload';

/*
 * jsdom draws nothing, so the browser's image calls are given Skia (the engine Chrome draws with)
 * through @napi-rs/canvas: the test decodes, draws and encodes real pixels, and reads back the bytes
 * that were handed to the upload request.
 */
class SkiaOffscreenCanvas {
  private readonly canvas: Canvas;
  constructor(width: number, height: number) {
    this.canvas = createCanvas(width, height);
  }
  getContext(kind: '2d') {
    return this.canvas.getContext(kind);
  }
  async convertToBlob(options: { type: string; quality: number }): Promise<Blob> {
    if (options.type !== 'image/jpeg') throw new Error(`asked for ${options.type}, not image/jpeg`);
    const bytes = await this.canvas.encode('jpeg', Math.round(options.quality * 100));
    return new Blob([new Uint8Array(bytes)], { type: options.type });
  }
}

async function skiaBitmap(file: Blob) {
  const image = await loadImage(Buffer.from(await file.arrayBuffer()));
  return Object.assign(image, { close: () => undefined });
}

/** A PNG of the given size: red on the left half, transparent on the right. */
async function halfTransparentPng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, Math.floor(width / 2), height);
  return Uint8Array.from(await canvas.encode('png'));
}

async function blueJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0000ff';
  context.fillRect(0, 0, width, height);
  return Uint8Array.from(await canvas.encode('jpeg', 90));
}

let sent: File[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('createImageBitmap', skiaBitmap);
  vi.stubGlobal('OffscreenCanvas', SkiaOffscreenCanvas);
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    const file = (init?.body as FormData | undefined)?.get('file') as File;
    sent.push(file);
    const data = {
      fileName: 'stored0123456789.enc',
      originalFileName: file.name,
      originalName: file.name,
      contentType: file.type,
      size: file.size,
      uploadedAt: '2026-11-28T06:00:00.000Z',
    };
    return new Response(JSON.stringify({ status: true, message: 'File uploaded successfully', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The one file the upload request carried, decoded, with the colour of one pixel. */
async function uploaded() {
  expect(sent).toHaveLength(1);
  const file = sent[0]!;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const pixel = (x: number, y: number) => Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
  return { file, bytes, width: image.width, height: image.height, pixel };
}

const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]!) <= 12);

describe('images of the registration flows are resized in the browser before upload', () => {
  it('computes 1000 px wide with the height in proportion', () => {
    expect(resizedSize(2000, 1260)).toEqual({ width: 1000, height: 630 });
    expect(resizedSize(640, 400)).toEqual({ width: 1000, height: 625 });
    expect(resizedSize(3000, 1)).toEqual({ width: 1000, height: 1 });
  });

  it('sends a large PNG as a JPEG 1000 px wide, height in proportion, transparency made white', async () => {
    const png = await halfTransparentPng(2000, 1260);
    await uploadFile(new File([png], 'passport.png', { type: 'image/png' }), 'customers', 'segment-1');
    const { file, bytes, width, height, pixel } = await uploaded();
    expect({ name: file.name, type: file.type }).toEqual({ name: 'passport.jpg', type: 'image/jpeg' });
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff]);
    expect({ width, height }).toEqual({ width: 1000, height: 630 });
    expect(near(pixel(100, 300), [255, 0, 0])).toBe(true);
    expect(near(pixel(900, 300), [255, 255, 255])).toBe(true);
    expect(file.size).toBeLessThan(png.byteLength);
  });

  it('sends a narrower JPEG 1000 px wide too', async () => {
    await uploadFile(new File([await blueJpeg(640, 400)], 'id-front.jpeg', { type: 'image/jpeg' }), 'customers', 'segment-1');
    const { file, width, height, pixel } = await uploaded();
    expect({ name: file.name, width, height }).toEqual({ name: 'id-front.jpg', width: 1000, height: 625 });
    expect(near(pixel(500, 300), [0, 0, 255])).toBe(true);
  });

  it('sends a PDF, and files of other upload types, as they are', async () => {
    const pdf = new File([new TextEncoder().encode('%PDF-1.7\n%%EOF')], 'statement.pdf', { type: 'application/pdf' });
    await uploadFile(pdf, 'customers', 'segment-1');
    const logo = new File([await halfTransparentPng(300, 100)], 'logo.png', { type: 'image/png' });
    await uploadFile(logo, 'logo', 'segment-1');
    expect(sent.map((file) => ({ name: file.name, type: file.type, size: file.size }))).toEqual([
      { name: 'statement.pdf', type: 'application/pdf', size: pdf.size },
      { name: 'logo.png', type: 'image/png', size: logo.size },
    ]);
  });

  it('sends an image the browser cannot draw as it is, for the server to judge', async () => {
    const broken = new File([new TextEncoder().encode('not an image at all')], 'scan.png', { type: 'image/png' });
    await uploadFile(broken, 'customers', 'segment-1');
    expect(sent.map((file) => ({ name: file.name, size: file.size }))).toEqual([{ name: 'scan.png', size: broken.size }]);
  });
});
