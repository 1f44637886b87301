import type { BinaryImage } from './binarize';

export interface Component {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Ink pixels in the component. */
  area: number;
}

export interface LabelledComponents {
  /** Per pixel: index into `components`, or -1 for background and dropped components. */
  labels: Int32Array;
  components: Component[];
}

/**
 * 8-connected components of ink with their bounding boxes, by a two-pass union-find;
 * components are returned in scan order (top to bottom, then left to right), so output is stable.
 */
export function findConnectedComponents(image: BinaryImage, minArea = 1): Component[] {
  return labelConnectedComponents(image, minArea).components;
}

export function labelConnectedComponents(image: BinaryImage, minArea = 1): LabelledComponents {
  const { width, height, data } = image;
  const labels = new Int32Array(width * height).fill(-1);
  const parent: number[] = [];
  const find = (label: number): number => {
    let root = label;
    while (parent[root] !== root) root = parent[root] ?? root;
    let node = label;
    while (parent[node] !== root) {
      const next = parent[node] ?? root;
      parent[node] = root;
      node = next;
    }
    return root;
  };
  const union = (a: number, b: number): void => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  };

  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      if (data[index] !== 1) continue;
      let label = -1;
      const neighbours = [
        x > 0 ? index - 1 : -1,
        y > 0 && x > 0 ? index - width - 1 : -1,
        y > 0 ? index - width : -1,
        y > 0 && x < width - 1 ? index - width + 1 : -1,
      ];
      for (const neighbour of neighbours) {
        if (neighbour < 0) continue;
        const neighbourLabel = labels[neighbour] ?? -1;
        if (neighbourLabel < 0) continue;
        if (label < 0) label = neighbourLabel;
        else if (neighbourLabel !== label) union(label, neighbourLabel);
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[index] = label;
    }
  }

  const boxes = new Map<number, { minX: number; minY: number; maxX: number; maxY: number; area: number }>();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const label = labels[y * width + x] ?? -1;
      if (label < 0) continue;
      const root = find(label);
      const box = boxes.get(root);
      if (box) {
        box.minX = Math.min(box.minX, x);
        box.maxX = Math.max(box.maxX, x);
        box.maxY = y;
        box.area += 1;
      } else {
        boxes.set(root, { minX: x, minY: y, maxX: x, maxY: y, area: 1 });
      }
    }
  }
  const components: Component[] = [];
  const indexByRoot = new Map<number, number>();
  for (const [root, box] of boxes) {
    if (box.area < minArea) continue;
    indexByRoot.set(root, components.length);
    components.push({ x: box.minX, y: box.minY, width: box.maxX - box.minX + 1, height: box.maxY - box.minY + 1, area: box.area });
  }
  for (let index = 0; index < labels.length; index += 1) {
    const label = labels[index] ?? -1;
    labels[index] = label < 0 ? -1 : (indexByRoot.get(find(label)) ?? -1);
  }
  return { labels, components };
}
