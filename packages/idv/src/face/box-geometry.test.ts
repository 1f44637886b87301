import { describe, expect, it } from 'vitest';
import { intersectionOverUnion, scaleBox, sortByProminence, suppressOverlaps } from './box-geometry';

const box = (x: number, y: number, size: number) => ({ x, y, width: size, height: size });

describe('box geometry', () => {
  it('measures overlap as intersection over union', () => {
    expect(intersectionOverUnion(box(0, 0, 10), box(0, 0, 10))).toBe(1);
    expect(intersectionOverUnion(box(0, 0, 10), box(5, 0, 10))).toBeCloseTo(50 / 150, 12);
    expect(intersectionOverUnion(box(0, 0, 10), box(20, 20, 10))).toBe(0);
  });

  it('keeps the best of overlapping detections and every separate one', () => {
    const kept = suppressOverlaps([
      { box: box(0, 0, 10), score: 0.7 },
      { box: box(1, 1, 10), score: 0.9 },
      { box: box(50, 50, 10), score: 0.6 },
    ]);
    expect(kept.map((detection) => detection.score)).toEqual([0.9, 0.6]);
  });

  it('puts the largest face first', () => {
    const sorted = sortByProminence([
      { box: box(0, 0, 10), score: 0.99 },
      { box: box(0, 0, 30), score: 0.6 },
    ]);
    expect(sorted[0]?.box.width).toBe(30);
  });

  it('scales and shifts a box from a resized tile back to the image', () => {
    expect(scaleBox(box(10, 20, 30), 2, { x: 100, y: 50 })).toEqual({ x: 120, y: 90, width: 60, height: 60 });
  });
});
