import type { Component } from './connected-components';
import { unionBoxes, type Box } from './raster';

export interface TextLine {
  box: Box;
  /** Left to right. */
  components: Component[];
  /** A robust glyph height: the 75th percentile of component heights. */
  charHeight: number;
}

export interface TextLineOptions {
  minCharHeight: number;
  maxCharHeight: number;
  /** Fewest components a line must chain. */
  minComponents?: number;
}

function percentile(values: number[], fraction: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function isGlyphLike(component: Component, options: TextLineOptions): boolean {
  if (component.height < options.minCharHeight || component.height > options.maxCharHeight) return false;
  // Filler runs ('<<<<') blur into one long low blob; they still belong to the line.
  if (component.width > component.height * 40) return false;
  return component.area >= 0.08 * component.width * component.height;
}

/**
 * Chains glyph-sized components into horizontal text lines: each glyph links to its nearest
 * right-hand neighbour that overlaps it vertically and sits within about a glyph's height, so
 * separate columns and stacked lines stay apart.
 */
export function findTextLines(components: readonly Component[], options: TextLineOptions): TextLine[] {
  const glyphs = components.filter((component) => isGlyphLike(component, options)).toSorted((a, b) => a.x - b.x || a.y - b.y);
  const parent = glyphs.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    parent[index] = root;
    return root;
  };

  for (let i = 0; i < glyphs.length; i += 1) {
    const current = glyphs[i];
    if (!current) continue;
    const right = current.x + current.width;
    let best = -1;
    let bestGap = Number.POSITIVE_INFINITY;
    for (let j = i + 1; j < glyphs.length; j += 1) {
      const candidate = glyphs[j];
      if (!candidate) continue;
      const tallest = Math.max(current.height, candidate.height);
      if (candidate.x > right + 1.3 * tallest) break;
      const gap = candidate.x - right;
      if (gap < -0.4 * Math.min(current.width, candidate.width)) continue;
      const overlap = Math.min(current.y + current.height, candidate.y + candidate.height) - Math.max(current.y, candidate.y);
      if (overlap < 0.5 * Math.min(current.height, candidate.height)) continue;
      const centreOffset = Math.abs(current.y + current.height / 2 - (candidate.y + candidate.height / 2));
      if (centreOffset > 0.45 * tallest) continue;
      if (Math.min(current.height, candidate.height) / tallest < 0.3) continue;
      if (gap < bestGap) {
        bestGap = gap;
        best = j;
      }
    }
    if (best >= 0) {
      const rootA = find(i);
      const rootB = find(best);
      if (rootA !== rootB) parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
    }
  }

  const groups = new Map<number, Component[]>();
  glyphs.forEach((glyph, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(glyph);
    else groups.set(root, [glyph]);
  });
  const minimum = options.minComponents ?? 3;
  const lines: TextLine[] = [];
  for (const group of groups.values()) {
    if (group.length < minimum) continue;
    lines.push({
      box: unionBoxes(group),
      components: group,
      charHeight: percentile(
        group.map((glyph) => glyph.height),
        0.75,
      ),
    });
  }
  return lines.toSorted((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/**
 * Joins line pieces that share a baseline band and are separated by a short gap: a faint glyph
 * or an annotation can break one printed line in two.
 */
export function mergeCollinearLines(lines: readonly TextLine[], maxGapInGlyphs: number): TextLine[] {
  const pending = lines.toSorted((a, b) => a.box.x - b.box.x);
  const merged: TextLine[] = [];
  for (const line of pending) {
    const target = merged.find((existing) => {
      const height = Math.max(existing.charHeight, line.charHeight);
      if (Math.min(existing.charHeight, line.charHeight) / height < 0.7) return false;
      const overlap = Math.min(existing.box.y + existing.box.height, line.box.y + line.box.height) - Math.max(existing.box.y, line.box.y);
      if (overlap < 0.6 * Math.min(existing.box.height, line.box.height)) return false;
      const gap = line.box.x - (existing.box.x + existing.box.width);
      return gap >= -0.5 * height && gap <= maxGapInGlyphs * height;
    });
    if (!target) {
      merged.push({ ...line, components: [...line.components] });
      continue;
    }
    target.components.push(...line.components);
    target.box = unionBoxes([target.box, line.box]);
    target.charHeight = percentile(
      target.components.map((glyph) => glyph.height),
      0.75,
    );
  }
  return merged.toSorted((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}
