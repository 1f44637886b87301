/** Test and evaluation factory: variants of a photo as they reach the server in practice. */
import sharp from 'sharp';

/** The pixels as stored, without the EXIF orientation: a phone photo after a careless re-encode lies sideways. */
export async function withoutOrientation(image: Uint8Array): Promise<Buffer> {
  return sharp(image).jpeg({ quality: 95 }).toBuffer();
}

/** A rectangle of the upright photo, for example one face out of a group picture. */
export async function cropUpright(image: Uint8Array, region: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  return sharp(image).rotate().extract(region).png().toBuffer();
}

/**
 * In the shared data's deepface/selfie-many-people.jpg, the lower-left face looks about 20 degrees
 * to the subject's left: with its mirror image it makes a head-turn clip from real pixels.
 */
export const GROUP_SELFIE_TURNED_FACE = { left: 50, top: 250, width: 190, height: 220 } as const;
