import { findConnectedComponents } from '../image/connected-components';
import { close } from '../image/morphology';
import { clampBox, cropRgb, shrinkRgb, type Box, type RgbImage } from '../image/raster';

/**
 * Finds the holder's portrait on a document. The default looks for skin; the face engine's detector
 * can replace it through this interface without the document reader changing.
 */
export interface PortraitLocator {
  locate(image: RgbImage, searchArea: Box): Promise<Box | null>;
}

/** Chrominance bounds of skin in YCbCr (after Chai & Ngan), with a margin between Cr and Cb that pink card stock lacks. */
function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y > 50 && y < 245 && cr >= 133 && cr <= 180 && cb >= 77 && cb <= 130 && cr - cb >= 15;
}

const ANALYSIS_SIDE = 400;

/**
 * The largest face-shaped skin region of the document: between 0.4% and 25% of its area, taller than
 * wide, mostly filled. Returned enlarged to take in hair and shoulders, as a document portrait
 * shows them. Greyscale images have no skin tones and yield null.
 */
export function locatePortraitBySkin(image: RgbImage, searchArea: Box): Box | null {
  const area = clampBox(searchArea, image.width, image.height);
  if (area.width < 8 || area.height < 8) return null;
  const { image: small, scale } = shrinkRgb(cropRgb(image, area), ANALYSIS_SIDE);
  const mask = new Uint8Array(small.width * small.height);
  for (let index = 0; index < mask.length; index += 1) {
    const offset = index * 3;
    mask[index] = isSkin(small.data[offset] ?? 0, small.data[offset + 1] ?? 0, small.data[offset + 2] ?? 0) ? 1 : 0;
  }
  const closed = close({ width: small.width, height: small.height, data: mask }, 2);
  const total = small.width * small.height;
  const faces = findConnectedComponents(closed, Math.round(total * 0.004)).filter((component) => {
    const aspect = component.height / component.width;
    const fill = component.area / (component.width * component.height);
    return component.area <= total * 0.25 && aspect >= 0.8 && aspect <= 2.4 && fill >= 0.4;
  });
  const face = faces.toSorted((a, b) => b.area - a.area)[0];
  if (!face) return null;
  const portrait = {
    x: area.x + (face.x - face.width * 0.35) / scale,
    y: area.y + (face.y - face.height * 0.45) / scale,
    width: (face.width * 1.7) / scale,
    height: (face.height * 1.85) / scale,
  };
  return clampBox(portrait, image.width, image.height);
}

export const skinPortraitLocator: PortraitLocator = {
  locate: (image, searchArea) => Promise.resolve(locatePortraitBySkin(image, searchArea)),
};
