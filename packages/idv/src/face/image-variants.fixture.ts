/** Test and evaluation factory: variants of a photo as they reach the server in practice. */
import sharp from 'sharp';
import { MAX_DECODED_SIDE } from './face-image-decoder';

/** The pixels as stored, without the EXIF orientation: a phone photo after a careless re-encode lies sideways. */
export async function withoutOrientation(image: Uint8Array): Promise<Buffer> {
  return sharp(image).jpeg({ quality: 95 }).toBuffer();
}

/** A rectangle of the upright photo, for example one face out of a group picture. */
export async function cropUpright(
  image: Uint8Array,
  region: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  return sharp(image).rotate().extract(region).png().toBuffer();
}

/**
 * In the shared data's deepface/selfie-many-people.jpg, the lower-left face looks about 20 degrees
 * to the subject's left: with its mirror image it makes a head-turn clip from real pixels.
 */
export const GROUP_SELFIE_TURNED_FACE = { left: 50, top: 250, width: 190, height: 220 } as const;

/** The upright photo scaled to `height` pixels: a small portrait as cut from a document. */
export async function scaledToHeight(image: Uint8Array, height: number): Promise<Buffer> {
  return sharp(image).rotate().resize({ height }).png().toBuffer();
}

/** A 1600 x 1000 card-like scan: a pale background, lines of dark "text", and the portrait at the left. */
export async function onDocumentCanvas(portrait: Uint8Array): Promise<Buffer> {
  const lines = Array.from(
    { length: 14 },
    (_, i) => `<rect x="700" y="${120 + i * 55}" width="${300 + ((i * 97) % 500)}" height="22" fill="#3a4a5a"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#dfe8ef"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: Buffer.from(portrait), left: 120, top: 200 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A document portrait made from a photo by rule: the face box (as found in the photo) enlarged
 * 1.0-1.35x and cut tight, scaled to 100-150 px on its longer side, brightness and contrast
 * changed (x0.7-1.3 each), JPEG-compressed at quality 35-75, and in half of the cases set on a
 * plain border (a scan's margin). Every choice comes from the seed, none from any sample.
 */
export async function documentPortrait(
  photo: Uint8Array,
  face: { x: number; y: number; width: number; height: number },
  random: () => number,
): Promise<{ image: Buffer; settings: Record<string, number | boolean> }> {
  // The face box is in the engine's decoded coordinates: upright, at most MAX_DECODED_SIDE a side.
  const upright = await sharp(photo)
    .rotate()
    .resize({ width: MAX_DECODED_SIDE, height: MAX_DECODED_SIDE, fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const enlarge = 1 + random() * 0.35;
  const side = Math.max(face.width, face.height) * enlarge;
  const centreX = face.x + face.width / 2;
  const centreY = face.y + face.height / 2;
  const left = Math.max(0, Math.round(centreX - side / 2));
  const top = Math.max(0, Math.round(centreY - side * 0.55));
  const cropWidth = Math.max(8, Math.min(width - left, Math.round(side)));
  const cropHeight = Math.max(8, Math.min(height - top, Math.round(side * 1.15)));
  const longSide = 100 + Math.round(random() * 50);
  const contrast = 0.7 + random() * 0.6;
  const brightness = 0.7 + random() * 0.6;
  const quality = 35 + Math.round(random() * 40);
  const isPadded = random() < 0.5;
  let image = sharp(upright.data)
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .resize({ width: longSide, height: longSide, fit: 'inside' })
    .linear(contrast, 128 * (1 - contrast))
    .modulate({ brightness });
  if (isPadded) {
    const border = Math.round(longSide * 0.15);
    image = sharp(await image.png().toBuffer()).extend({ top: border, bottom: border, left: border, right: border, background: '#f2f2ee' });
  }
  return { image: await image.jpeg({ quality }).toBuffer(), settings: { enlarge, longSide, contrast, brightness, quality, isPadded } };
}
