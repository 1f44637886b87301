import sharp from 'sharp';

/**
 * Writes an image as an uncompressed 24-bit Windows bitmap (BITMAPINFOHEADER), as scanners and
 * document kits save them: rows bottom-up by default (top-down with `topDown`), each padded to 4 bytes.
 */
export async function toBmp(image: Buffer, options: { topDown?: boolean } = {}): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixelBytes = rowBytes * height;
  const file = Buffer.alloc(54 + pixelBytes);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(options.topDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(pixelBytes, 34);
  for (let y = 0; y < height; y += 1) {
    const row = options.topDown ? y : height - 1 - y;
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 3;
      const to = 54 + row * rowBytes + x * 3;
      // Bitmaps store blue, green, red.
      file[to] = data[from + 2]!;
      file[to + 1] = data[from + 1]!;
      file[to + 2] = data[from]!;
    }
  }
  return file;
}
