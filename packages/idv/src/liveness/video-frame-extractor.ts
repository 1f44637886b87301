import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RgbImage } from '../face/rgb-image';

export interface FrameExtractionOptions {
  /** The ffmpeg binary; default: the one shipped in the @ffmpeg-installer/ffmpeg npm package. */
  readonly ffmpegPath?: string;
  /** Frames sampled per second of video. */
  readonly fps: number;
  /** Frames are letterboxed onto a black square of this side, so every frame has the same known size. */
  readonly frameSize: number;
  /** Only this much of the video is read; a liveness clip is a few seconds long. */
  readonly maxSeconds: number;
  /** ffmpeg is killed after this long. */
  readonly timeoutMs: number;
  /** Decoder and filter threads; 1 keeps a benchmark on one core. */
  readonly threads: number;
  /** Frames larger than this are refused by the decoder before it allocates them. */
  readonly maxPixels: number;
}

export const DEFAULT_FRAME_EXTRACTION: Omit<FrameExtractionOptions, 'ffmpegPath'> = {
  fps: 8,
  frameSize: 480,
  maxSeconds: 10,
  timeoutMs: 30_000,
  threads: 1,
  maxPixels: 4096 * 4096,
};

export class VideoUnreadableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VideoUnreadableError';
  }
}

const require = createRequire(import.meta.url);

export function defaultFfmpegPath(): string {
  const installer: unknown = require('@ffmpeg-installer/ffmpeg');
  if (typeof installer === 'object' && installer !== null && 'path' in installer && typeof installer.path === 'string')
    return installer.path;
  throw new VideoUnreadableError('@ffmpeg-installer/ffmpeg did not provide a binary for this platform');
}

/**
 * Decodes a WebM, MP4, MOV or other ffmpeg-readable clip into RGB frames at a fixed rate. The bytes
 * go through a private temporary file because an MP4 whose index sits at its end cannot be read
 * from a pipe; the file is removed before this returns. ffmpeg applies the rotation stored by phones.
 */
export async function extractVideoFrames(video: Uint8Array, options: FrameExtractionOptions): Promise<RgbImage[]> {
  if (video.length === 0) throw new VideoUnreadableError('The video is empty');
  const dir = await mkdtemp(path.join(tmpdir(), 'sanad-liveness-'));
  try {
    const input = path.join(dir, 'clip');
    await writeFile(input, video, { mode: 0o600 });
    const raw = await runFfmpeg(options.ffmpegPath ?? defaultFfmpegPath(), ffmpegArguments(input, options), options.timeoutMs);
    return splitFrames(raw, options.frameSize);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function ffmpegArguments(input: string, options: FrameExtractionOptions): string[] {
  const side = options.frameSize;
  const filter = [
    `fps=${options.fps}`,
    `scale=${side}:${side}:force_original_aspect_ratio=decrease:flags=area`,
    `pad=${side}:${side}:(ow-iw)/2:(oh-ih)/2:color=black`,
  ].join(',');
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-threads',
    String(options.threads),
    '-max_pixels',
    String(options.maxPixels),
    '-t',
    String(options.maxSeconds),
    '-i',
    input,
    '-map',
    '0:v:0',
    '-filter_threads',
    String(options.threads),
    '-vf',
    filter,
    '-pix_fmt',
    'rgb24',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

export function splitFrames(raw: Uint8Array, side: number): RgbImage[] {
  const frameBytes = side * side * 3;
  const frames: RgbImage[] = [];
  for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
    frames.push({ width: side, height: side, data: raw.subarray(offset, offset + frameBytes) });
  }
  return frames;
}

function runFfmpeg(ffmpegPath: string, args: string[], timeoutMs: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new VideoUnreadableError(`ffmpeg could not be started: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        const joined = Buffer.concat(chunks);
        resolve(new Uint8Array(joined.buffer, joined.byteOffset, joined.length));
      } else {
        const why = signal === 'SIGKILL' ? `timed out after ${timeoutMs} ms` : `exited with ${code ?? signal}`;
        reject(new VideoUnreadableError(`ffmpeg ${why}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      }
    });
  });
}
