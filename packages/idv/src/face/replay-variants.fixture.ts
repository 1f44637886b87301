/**
 * Test and evaluation factory: presentation attacks made from a photo by the physics of the attack,
 * not fitted to any sample.
 * - Screen replay: the photo shown on an LCD (each pixel three vertical R, G, B stripes with a dark
 *   gap row, the panel's 2.2 gamma) and photographed again at a non-integer pitch and a small angle
 *   (so the subpixel grid beats with the camera's pixels into moiré), slightly defocused, with the
 *   screen's own glow lifting the blacks, then JPEG-encoded as a phone would.
 * - Printed photo: the photo screened into halftone dots at 45 degrees (as a colour printer lays
 *   ink), on paper whose fibres and grain modulate the reflectance, with paper-white highlights and
 *   a narrower colour gamut, photographed slightly soft, then JPEG-encoded.
 * Parameters come from a seeded generator, so a given seed always makes the same image.
 */
import sharp from 'sharp';

export interface ReplayOptions {
  readonly seed: number;
}

export async function screenReplay(photo: Uint8Array, options: ReplayOptions): Promise<Buffer> {
  const random = seededRandom(options.seed);
  const { data, info } = await sharp(photo)
    .rotate()
    .resize({ width: 360, height: 360, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sub = 3;
  const width = info.width * sub;
  const height = info.height * sub;
  const panel = Buffer.alloc(width * height * 3);
  const bleed = 0.12 + random() * 0.1;
  const gap = 0.55 + random() * 0.2;
  for (let y = 0; y < height; y += 1) {
    const row = y % sub === sub - 1 ? gap : 1;
    for (let x = 0; x < width; x += 1) {
      const source = (Math.floor(y / sub) * info.width + Math.floor(x / sub)) * 3;
      const stripe = x % sub;
      for (let channel = 0; channel < 3; channel += 1) {
        const linear = ((data[source + channel] ?? 0) / 255) ** 2.2;
        const lit = channel === stripe ? 1 : bleed;
        // The screen glows: blacks are lifted, and the camera sees the panel through its own gamma.
        const emitted = 0.04 + 0.96 * linear * lit * row;
        panel[(y * width + x) * 3 + channel] = Math.round(255 * Math.min(1, emitted * 1.6) ** (1 / 2.2));
      }
    }
  }
  const pitch = 2.3 + random() * 1.3;
  const angle = (random() - 0.5) * 8;
  // Lens and sensor integrate over less than a camera pixel, then the sensor samples: what of the grid
  // survives that blur aliases into moiré.
  const focused = await sharp(panel, { raw: { width, height, channels: 3 } })
    .rotate(angle, { background: { r: 20, g: 20, b: 24 } })
    .blur(pitch * (0.25 + random() * 0.1))
    .toBuffer({ resolveWithObject: true });
  return sharp(focused.data, { raw: { width: focused.info.width, height: focused.info.height, channels: 3 } })
    .resize({ width: Math.round(focused.info.width / pitch), kernel: 'nearest' })
    .blur(0.4)
    .jpeg({ quality: 70 + Math.floor(random() * 20) })
    .toBuffer();
}

export async function printedPhoto(photo: Uint8Array, options: ReplayOptions): Promise<Buffer> {
  const random = seededRandom(options.seed);
  const { data, info } = await sharp(photo)
    .rotate()
    .resize({ width: 640, height: 640, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.alloc(width * height * 3);
  const cell = 1.8 + random() * 0.8;
  const fibres = Array.from({ length: 6 }, () => ({ angle: random() * Math.PI, frequency: 0.02 + random() * 0.05, phase: random() * 6.3 }));
  const paperTint = [1, 0.98, 0.92];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // A 45-degree halftone screen: ink covers a dot whose area follows the tone.
      const u = (x + y) / Math.SQRT2 / cell;
      const v = (x - y) / Math.SQRT2 / cell;
      const dotDistance = Math.hypot(u - Math.round(u), v - Math.round(v)) / Math.SQRT1_2;
      let fibre = 0;
      for (const f of fibres) fibre += Math.sin((x * Math.cos(f.angle) + y * Math.sin(f.angle)) * f.frequency * 2 * Math.PI + f.phase);
      const paper = 1 + 0.025 * (fibre / fibres.length) + 0.05 * (random() - 0.5);
      const offset = (y * width + x) * 3;
      const grey = ((data[offset] ?? 0) + (data[offset + 1] ?? 0) + (data[offset + 2] ?? 0)) / 765;
      for (let channel = 0; channel < 3; channel += 1) {
        const tone = (data[offset + channel] ?? 0) / 255;
        // Print gamut: colours pulled towards grey, blacks never black.
        const printed = 0.08 + 0.84 * (0.75 * tone + 0.25 * grey);
        const inkCover = 1 - printed;
        const ink = dotDistance < Math.sqrt(inkCover) ? 1 : 0;
        const reflectance = (1 - ink * 0.92) * (paperTint[channel] ?? 1) * paper;
        out[offset + channel] = Math.round(255 * Math.max(0, Math.min(1, reflectance)));
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .blur(0.7 + random() * 0.6)
    .linear(0.9, 10)
    .jpeg({ quality: 75 + Math.floor(random() * 15) })
    .toBuffer();
}

/** Mulberry32: small, fast and good enough to vary test images repeatably. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
