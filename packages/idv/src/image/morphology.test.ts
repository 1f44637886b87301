import { describe, expect, it } from 'vitest';
import type { BinaryImage } from './binarize';
import { labelConnectedComponents } from './connected-components';
import { computeConvexHull, computeMinAreaRectArea, computePolygonArea } from './convex-hull';
import { close, dilate, erode } from './morphology';

function fromRows(rows: string[]): BinaryImage {
  const width = rows[0]?.length ?? 0;
  return {
    width,
    height: rows.length,
    data: Uint8Array.from(
      rows
        .join('')
        .split('')
        .map((char) => (char === '#' ? 1 : 0)),
    ),
  };
}

function toRows(image: BinaryImage): string[] {
  const rows: string[] = [];
  for (let y = 0; y < image.height; y += 1)
    rows.push(Array.from(image.data.subarray(y * image.width, (y + 1) * image.width), (value) => (value ? '#' : '.')).join(''));
  return rows;
}

describe('binary morphology', () => {
  it('dilates a dot into a square and erodes it back', () => {
    const dot = fromRows(['.....', '.....', '..#..', '.....', '.....']);
    expect(toRows(dilate(dot, 1))).toEqual(['.....', '.###.', '.###.', '.###.', '.....']);
    expect(toRows(erode(dilate(dot, 1), 1))).toEqual(toRows(dot));
  });

  it('closes a gap narrower than the radius and keeps the rest', () => {
    const broken = fromRows(['.........', '.###.###.', '.###.###.', '.........']);
    expect(toRows(close(broken, 1))).toEqual(['.........', '.#######.', '.#######.', '.........']);
  });
});

describe('connected components', () => {
  it('labels 8-connected blobs with their boxes and areas', () => {
    const { components, labels } = labelConnectedComponents(fromRows(['##...', '.#..#', '....#', '#....']));
    expect(components).toEqual([
      { x: 0, y: 0, width: 2, height: 2, area: 3 },
      { x: 4, y: 1, width: 1, height: 2, area: 2 },
      { x: 0, y: 3, width: 1, height: 1, area: 1 },
    ]);
    expect(labels[2]).toBe(-1);
  });
});

describe('convex hull', () => {
  it('measures a square with a notch against its hull and enclosing rectangle', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 5, y: 5 },
      { x: 0, y: 10 },
    ];
    const hull = computeConvexHull(points);
    expect(hull).toHaveLength(4);
    expect(computePolygonArea(hull)).toBe(100);
    expect(computeMinAreaRectArea(hull)).toBeCloseTo(100);
  });

  it('finds the tight rectangle of a rotated square', () => {
    const diamond = computeConvexHull([
      { x: 5, y: 0 },
      { x: 10, y: 5 },
      { x: 5, y: 10 },
      { x: 0, y: 5 },
    ]);
    expect(computeMinAreaRectArea(diamond)).toBeCloseTo(50);
  });
});
