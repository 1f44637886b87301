import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './environment';

/**
 * A face from the shared evaluation data, read at run time and never copied into the project: from
 * SANAD_SHARED_DATA when set, else the shared/data folder beside the checkout.
 */
const SHARED_DATA = process.env.SANAD_SHARED_DATA ?? path.resolve(ROOT, '..', 'shared', 'data');
export const SHARED_FACE = path.join(SHARED_DATA, 'idv', 'faces', 'deepface', 'img1.jpg');
export const hasSharedFace = existsSync(SHARED_FACE);

/**
 * The fake camera's clip: the still face, made at test time with the ffmpeg the idv package ships.
 * Chromium plays it in a loop as the camera.
 */
function makeCameraClip(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sanad-video-'));
  const clip = path.join(folder, 'face.y4m');
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    SHARED_FACE,
    '-t',
    '3',
    '-r',
    '15',
    '-vf',
    'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2',
    '-pix_fmt',
    'yuv420p',
    clip,
  ]);
  return clip;
}

/** Chromium's flags for a fake camera showing the shared face; none when the face is not there (the spec skips). */
export function fakeCameraArgs(): string[] {
  if (!hasSharedFace) return [];
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${makeCameraClip()}`];
}
