export interface Point {
  x: number;
  y: number;
}

/** Andrew's monotone chain; counter-clockwise, no collinear points. */
export function computeConvexHull(points: readonly Point[]): Point[] {
  const sorted = points.toSorted((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2] as Point, lower[lower.length - 1] as Point, point) <= 0) lower.pop();
    lower.push(point);
  }
  const upper: Point[] = [];
  for (const point of sorted.toReversed()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2] as Point, upper[upper.length - 1] as Point, point) <= 0) upper.pop();
    upper.push(point);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

export function computePolygonArea(polygon: readonly Point[]): number {
  let area = 0;
  for (let index = 0; index < polygon.length; index += 1) {
    const a = polygon[index] as Point;
    const b = polygon[(index + 1) % polygon.length] as Point;
    area += a.x * b.y - b.x * a.y;
  }
  return Math.abs(area) / 2;
}

/** Smallest-area enclosing rectangle: one of its sides lies on a hull edge (rotating calipers). */
export function computeMinAreaRectArea(hull: readonly Point[]): number {
  if (hull.length < 3) return 0;
  let best = Number.POSITIVE_INFINITY;
  for (let index = 0; index < hull.length; index += 1) {
    const a = hull[index] as Point;
    const b = hull[(index + 1) % hull.length] as Point;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length === 0) continue;
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const point of hull) {
      const u = (point.x - a.x) * ux + (point.y - a.y) * uy;
      const v = -(point.x - a.x) * uy + (point.y - a.y) * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    best = Math.min(best, (maxU - minU) * (maxV - minV));
  }
  return best;
}
