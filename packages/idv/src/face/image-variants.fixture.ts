/** Test and evaluation factory: variants of a photo as they reach the server in practice. */
import sharp from 'sharp';

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
