import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../face/rgb-image';
import { generateMovingSquareClip } from './generated-video.fixture';
import { DEFAULT_FRAME_EXTRACTION, VideoUnreadableError, extractVideoFrames, splitFrames } from './video-frame-extractor';

const options = { ...DEFAULT_FRAME_EXTRACTION, fps: 8, frameSize: 160 };

/** Mean x of the orange pixels: where the square is. */
function orangeCentreX(frame: RgbImage): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < frame.height; y += 1) {
    for (let x = 0; x < frame.width; x += 1) {
      const offset = (y * frame.width + x) * 3;
      if ((frame.data[offset] ?? 0) > 180 && (frame.data[offset + 2] ?? 255) < 80) {
        sum += x;
        count += 1;
      }
    }
  }
  return count === 0 ? Number.NaN : sum / count;
}

describe('video frame extraction', () => {
  it('samples a two-second WebM clip at eight frames per second', async () => {
    const frames = await extractVideoFrames(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }), options);
    expect(frames).toHaveLength(16);
    expect(frames.every((frame) => frame.width === 160 && frame.height === 160 && frame.data.length === 160 * 160 * 3)).toBe(true);
  });

  it('keeps the frames in order, so the moving square moves right', async () => {
    const frames = await extractVideoFrames(generateMovingSquareClip({ seconds: 2, width: 320, height: 240, container: 'webm' }), options);
    const positions = frames.map(orangeCentreX);
    expect(positions.every((x) => Number.isFinite(x))).toBe(true);
    expect(positions.every((x, i) => i === 0 || x > (positions[i - 1] ?? Number.POSITIVE_INFINITY))).toBe(true);
  });

  it('letterboxes a landscape clip onto a black square', async () => {
    const [first] = await extractVideoFrames(generateMovingSquareClip({ seconds: 1, width: 320, height: 160, container: 'webm' }), options);
    expect(first).toBeDefined();
    const topRow = first?.data.subarray(0, 160 * 3) ?? new Uint8Array();
    expect(Math.max(...topRow)).toBeLessThan(20);
    const middleRow = first?.data.subarray(80 * 160 * 3, 81 * 160 * 3) ?? new Uint8Array();
    expect(Math.max(...middleRow)).toBeGreaterThan(40);
  });

  it('reads an MP4 whose index sits at the end of the file', async () => {
    const frames = await extractVideoFrames(generateMovingSquareClip({ seconds: 1.5, width: 240, height: 240, container: 'mp4' }), options);
    expect(frames).toHaveLength(12);
  });

  it('reads no more than the configured number of seconds', async () => {
    const clip = generateMovingSquareClip({ seconds: 3, width: 160, height: 160, container: 'webm' });
    expect(await extractVideoFrames(clip, { ...options, maxSeconds: 1 })).toHaveLength(8);
  });

  it('refuses bytes that are not a video', async () => {
    await expect(extractVideoFrames(new TextEncoder().encode('this is not a video at all'), options)).rejects.toThrow(VideoUnreadableError);
    await expect(extractVideoFrames(new Uint8Array(), options)).rejects.toThrow(VideoUnreadableError);
  });

  it('refuses a video cut off after its header', async () => {
    const clip = generateMovingSquareClip({ seconds: 1, width: 160, height: 160, container: 'mp4' });
    await expect(extractVideoFrames(clip.subarray(0, 200), options)).rejects.toThrow(VideoUnreadableError);
  });

  it('refuses frames larger than the pixel limit', async () => {
    const clip = generateMovingSquareClip({ seconds: 1, width: 160, height: 160, container: 'webm' });
    await expect(extractVideoFrames(clip, { ...options, maxPixels: 100 * 100 })).rejects.toThrow(VideoUnreadableError);
  });

  it('reports a missing ffmpeg binary as an unreadable video', async () => {
    const clip = generateMovingSquareClip({ seconds: 1, width: 160, height: 160, container: 'webm' });
    await expect(extractVideoFrames(clip, { ...options, ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(/could not be started/);
  });
});

describe('splitting raw frames', () => {
  it('drops a trailing partial frame', () => {
    expect(splitFrames(new Uint8Array(2 * 4 * 4 * 3 + 5), 4)).toHaveLength(2);
  });
});
