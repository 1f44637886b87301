/** Packed 8-bit RGB pixels, row-major, no padding: the one image shape every face stage exchanges. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A square region of an image, possibly rotated about its centre, resampled to `outputSize` pixels. */
export interface SquareRegion {
  readonly centre: Point;
  readonly side: number;
  /** Rotation of the region in radians (positive turns the x axis towards y); 0 for an upright crop. */
  readonly angle: number;
  readonly outputSize: number;
}

export function createRgbImage(width: number, height: number, data: Uint8Array): RgbImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`Image dimensions must be positive integers, got ${width}x${height}`);
  }
  if (data.length !== width * height * 3) {
    throw new RangeError(`Expected ${width * height * 3} bytes of RGB data, got ${data.length}`);
  }
  return { width, height, data };
}

/** Maps a point of the output square of `region` back to the source image. */
export function mapFromRegion(region: SquareRegion, point: Point): Point {
  const scale = region.side / region.outputSize;
  const u = (point.x - region.outputSize / 2) * scale;
  const v = (point.y - region.outputSize / 2) * scale;
  const cos = Math.cos(region.angle);
  const sin = Math.sin(region.angle);
  return { x: region.centre.x + u * cos - v * sin, y: region.centre.y + u * sin + v * cos };
}

/**
 * Resamples a square region into a new image. Pixels outside the source are black, the way the
 * face models were fed padded crops. When the region shrinks by more than 2x, each output pixel
 * averages a grid of bilinear samples so that a large face does not alias into a noisy chip.
 */
export function cropSquareRegion(image: RgbImage, region: SquareRegion): RgbImage {
  const size = region.outputSize;
  const out = new Uint8Array(size * size * 3);
  const scale = region.side / size;
  const samples = Math.min(4, Math.max(1, Math.ceil(scale / 2)));
  const count = samples * samples;
  const cos = Math.cos(region.angle);
  const sin = Math.sin(region.angle);
  const { width, height, data } = image;
  const pixel = [0, 0, 0];
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const u = (x + (sx + 0.5) / samples - size / 2) * scale;
          const v = (y + (sy + 0.5) / samples - size / 2) * scale;
          const sourceX = region.centre.x + u * cos - v * sin - 0.5;
          const sourceY = region.centre.y + u * sin + v * cos - 0.5;
          const x0 = Math.floor(sourceX);
          const y0 = Math.floor(sourceY);
          if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
            // All four neighbours inside: the same arithmetic as sampleBilinear, without its bounds checks.
            const fx = sourceX - x0;
            const fy = sourceY - y0;
            const topLeft = (y0 * width + x0) * 3;
            const bottomLeft = topLeft + width * 3;
            r += interpolate(data, topLeft, bottomLeft, fx, fy);
            g += interpolate(data, topLeft + 1, bottomLeft + 1, fx, fy);
            b += interpolate(data, topLeft + 2, bottomLeft + 2, fx, fy);
          } else {
            sampleBilinear(image, sourceX, sourceY, pixel);
            r += pixel[0] ?? 0;
            g += pixel[1] ?? 0;
            b += pixel[2] ?? 0;
          }
        }
      }
      const offset = (y * size + x) * 3;
      out[offset] = Math.round(r / count);
      out[offset + 1] = Math.round(g / count);
      out[offset + 2] = Math.round(b / count);
    }
  }
  return { width: size, height: size, data: out };
}

/** Bilinear value of one channel from the 2x2 block whose top-left and bottom-left samples are given. */
function interpolate(data: Uint8Array, topLeft: number, bottomLeft: number, fx: number, fy: number): number {
  const top = (data[topLeft] ?? 0) * (1 - fx) + (data[topLeft + 3] ?? 0) * fx;
  const bottom = (data[bottomLeft] ?? 0) * (1 - fx) + (data[bottomLeft + 3] ?? 0) * fx;
  return top * (1 - fy) + bottom * fy;
}

function sampleBilinear(image: RgbImage, x: number, y: number, into: number[]): void {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  for (let channel = 0; channel < 3; channel += 1) {
    const top = readChannel(image, x0, y0, channel) * (1 - fx) + readChannel(image, x0 + 1, y0, channel) * fx;
    const bottom = readChannel(image, x0, y0 + 1, channel) * (1 - fx) + readChannel(image, x0 + 1, y0 + 1, channel) * fx;
    into[channel] = top * (1 - fy) + bottom * fy;
  }
}

function readChannel(image: RgbImage, x: number, y: number, channel: number): number {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return 0;
  return image.data[(y * image.width + x) * 3 + channel] ?? 0;
}

/** Turns a (small) image clockwise by quarter turns in plain JavaScript, cheaper than a libvips pipeline for a chip. */
export function rotateClockwise(image: RgbImage, turns: 1 | 2 | 3): RgbImage {
  const width = turns === 2 ? image.width : image.height;
  const height = turns === 2 ? image.height : image.width;
  const out = new Uint8Array(image.data.length);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const [tx, ty] =
        turns === 1 ? [image.height - 1 - y, x] : turns === 2 ? [image.width - 1 - x, image.height - 1 - y] : [y, image.width - 1 - x];
      const from = (y * image.width + x) * 3;
      out.set(image.data.subarray(from, from + 3), (ty * width + tx) * 3);
    }
  }
  return { width, height, data: out };
}
