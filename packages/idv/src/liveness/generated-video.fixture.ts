/**
 * Test and benchmark factory: short clips made by the bundled ffmpeg, from its own synthetic
 * sources or from still images, so that no camera recording is needed or committed.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { defaultFfmpegPath } from './video-frame-extractor';

export type ClipContainer = 'webm' | 'mp4';

export interface Slide {
  readonly image: Uint8Array;
  readonly seconds: number;
  /** Mirror the picture left to right, which turns a head the other way. */
  readonly isFlipped?: boolean;
}

const CODECS: Readonly<Record<ClipContainer, string[]>> = {
  webm: ['-c:v', 'libvpx', '-b:v', '1M'],
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
};

/** An orange square gliding right across a dark blue background at 100 pixels per second. */
export function generateMovingSquareClip(clip: { seconds: number; width: number; height: number; container: ClipContainer }): Uint8Array {
  return runInTempDir((dir) => {
    const output = path.join(dir, `clip.${clip.container}`);
    runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=0x203060:s=${clip.width}x${clip.height}:d=${clip.seconds}:r=25`,
      '-f',
      'lavfi',
      '-i',
      `color=c=0xff8000:s=60x60:d=${clip.seconds}:r=25`,
      '-filter_complex',
      "[0][1]overlay=x='20+t*100':y=(main_h-overlay_h)/2:shortest=1,format=yuv420p",
      ...CODECS[clip.container],
      output,
    ]);
    return output;
  });
}

/** Still images shown one after another on a square canvas, like a person changing pose between cuts. */
export async function generateSlideshowClip(
  slides: readonly Slide[],
  options: { container: ClipContainer; size?: number },
): Promise<Uint8Array> {
  const size = options.size ?? 640;
  const pictures = await Promise.all(slides.map((slide) => uprightPng(slide.image)));
  return runInTempDir((dir) => {
    const inputs: string[] = [];
    const chains: string[] = [];
    pictures.forEach((picture, index) => {
      const file = path.join(dir, `slide-${index}.png`);
      writeFileSync(file, picture);
      inputs.push('-loop', '1', '-framerate', '25', '-t', String(slides[index]?.seconds ?? 1), '-i', file);
      const flip = slides[index]?.isFlipped ? 'hflip,' : '';
      chains.push(`[${index}]${flip}${fitSquare(size)},setsar=1[s${index}]`);
    });
    const joined = pictures.map((_, index) => `[s${index}]`).join('');
    const output = path.join(dir, `clip.${options.container}`);
    runFfmpeg([
      ...inputs,
      '-filter_complex',
      `${chains.join(';')};${joined}concat=n=${pictures.length}:v=1:a=0,format=yuv420p`,
      ...CODECS[options.container],
      output,
    ]);
    return output;
  });
}

/**
 * A photo as an attacker holds it to the camera: it sways, turns in the image plane, tilts away
 * and drifts, but the face on it never changes.
 */
export async function generateHandHeldPhotoClip(
  image: Uint8Array,
  options: { seconds: number; container: ClipContainer },
): Promise<Uint8Array> {
  const picture = await uprightPng(image);
  return runInTempDir((dir) => {
    const file = path.join(dir, 'photo.png');
    writeFileSync(file, picture);
    const wave = 'sin(PI*in/25)';
    const output = path.join(dir, `clip.${options.container}`);
    runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '25',
      '-t',
      String(options.seconds),
      '-i',
      file,
      '-vf',
      [
        fitSquare(720),
        "rotate=a='0.08*sin(2*PI*t/1.5)':fillcolor=black",
        `perspective=x0='40*${wave}':y0=0:x1='W-40*${wave}':y1='30*${wave}':x2=0:y2=H:x3=W:y3='H-30*${wave}':eval=frame`,
        "crop=600:600:'60+40*sin(2*PI*t/3)':'60+30*cos(2*PI*t/2)'",
        'format=yuv420p',
      ].join(','),
      ...CODECS[options.container],
      output,
    ]);
    return output;
  });
}

/** Warped clips are made at most this large: enough for the 480-pixel analysis frames. */
const WARP_SIDE = 640;

export interface WarpedTurn {
  /** The nose tip and the distance between the outer eye corners, in the upright photo's pixels. */
  readonly noseTip: { readonly x: number; readonly y: number };
  readonly eyeDistance: number;
  /** Largest shift of the nose tip, as a share of the eye distance; 0.35 reads as roughly 25 degrees. */
  readonly strength: number;
  readonly seconds: number;
  readonly container: ClipContainer;
}

/**
 * One photo animated into a head turn, first to the subject's left, then to their right: a smooth
 * 2D warp slides the middle of the face sideways while the outer face stays put, which moves the
 * nose between the eyes as a turning head does. It gives the evaluation a continuous turn made of
 * real pixels, and it is itself the cheapest synthetic-video attack: the engine accepts it.
 */
export async function generateWarpedTurnClip(image: Uint8Array, turn: WarpedTurn): Promise<Uint8Array> {
  const upright = sharp(await sharp(image).rotate().removeAlpha().png().toBuffer());
  const { width: fullWidth = 1 } = await upright.metadata();
  const { data, info } = await upright
    .resize({ width: WARP_SIDE, height: WARP_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = info.width / fullWidth;
  const nose = { x: turn.noseTip.x * scale, y: turn.noseTip.y * scale };
  const eyeDistance = turn.eyeDistance * scale;
  const width = info.width - (info.width % 2);
  const height = info.height - (info.height % 2);
  const fps = 25;
  const frameCount = Math.round(turn.seconds * fps);
  const halfWidth = 0.55 * eyeDistance;
  const reach = [0.7 * eyeDistance, 1.3 * eyeDistance];
  // Frames go to a raw file one at a time, so memory holds one frame, not the whole clip.
  return runInTempDir((dir) => {
    const raw = path.join(dir, 'frames.rgb');
    const descriptor = openSync(raw, 'w');
    const frame = Buffer.alloc(width * height * 3);
    try {
      for (let index = 0; index < frameCount; index += 1) {
        const shift = turn.strength * eyeDistance * Math.sin((2 * Math.PI * index) / frameCount);
        for (let y = 0; y < height; y += 1) {
          const vertical = falloff(Math.abs(y - nose.y), reach[0] ?? 0, reach[1] ?? 1);
          for (let x = 0; x < width; x += 1) {
            const bump = vertical * falloff(Math.abs(x - nose.x), 0, halfWidth);
            const sourceX = Math.min(info.width - 1, Math.max(0, Math.round(x - shift * bump)));
            const from = (y * info.width + sourceX) * 3;
            frame.set(data.subarray(from, from + 3), (y * width + x) * 3);
          }
        }
        writeSync(descriptor, frame);
      }
    } finally {
      closeSync(descriptor);
    }
    const output = path.join(dir, `clip.${turn.container}`);
    runFfmpeg([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${width}x${height}`,
      '-r',
      String(fps),
      '-i',
      raw,
      ...CODECS[turn.container],
      output,
    ]);
    return output;
  });
}

/** 1 up to `flat`, easing to 0 at `zero`. */
function falloff(distance: number, flat: number, zero: number): number {
  if (distance <= flat) return 1;
  if (distance >= zero) return 0;
  return Math.cos(((distance - flat) / (zero - flat)) * (Math.PI / 2));
}

function fitSquare(size: number): string {
  return `scale=${size}:${size}:force_original_aspect_ratio=decrease,pad=${size}:${size}:(ow-iw)/2:(oh-ih)/2`;
}

/** ffmpeg ignores EXIF orientation on stills; sharp applies it first. */
async function uprightPng(image: Uint8Array): Promise<Buffer> {
  return sharp(image).rotate().png().toBuffer();
}

function runInTempDir(makeOutput: (dir: string) => string): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanad-clip-'));
  try {
    return new Uint8Array(readFileSync(makeOutput(dir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runFfmpeg(args: string[]): void {
  const result = spawnSync(defaultFfmpegPath(), ['-y', '-loglevel', 'error', '-threads', '1', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed to generate the clip: ${result.stderr}`);
}
