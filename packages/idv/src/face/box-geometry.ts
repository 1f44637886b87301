import type { FaceBox } from './face-description';

export interface ScoredBox {
  readonly box: FaceBox;
  readonly score: number;
}

export function intersectionOverUnion(a: FaceBox, b: FaceBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const intersection = width * height;
  return intersection / (a.width * a.height + b.width * b.height - intersection);
}

/** Greedy non-maximum suppression: keeps the best-scored box of every overlapping group. */
export function suppressOverlaps<T extends ScoredBox>(boxes: readonly T[], maxOverlap = 0.3): T[] {
  const kept: T[] = [];
  for (const candidate of boxes.toSorted((a, b) => b.score - a.score)) {
    if (kept.every((box) => intersectionOverUnion(box.box, candidate.box) <= maxOverlap)) kept.push(candidate);
  }
  return kept;
}

/** Largest face first; equal areas by score, so the order is total and repeatable. */
export function sortByProminence<T extends ScoredBox>(boxes: readonly T[]): T[] {
  return boxes.toSorted((a, b) => b.box.width * b.box.height - a.box.width * a.box.height || b.score - a.score);
}

export function scaleBox(box: FaceBox, factor: number, offset = { x: 0, y: 0 }): FaceBox {
  return { x: box.x * factor + offset.x, y: box.y * factor + offset.y, width: box.width * factor, height: box.height * factor };
}
