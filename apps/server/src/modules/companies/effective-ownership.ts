/**
 * Effective ownership through chains of companies: for each node, the sum over every simple path
 * from it to the subject of the product of the shareholdings along the path. A path that would
 * revisit a node is a cycle: it is reported and contributes nothing (its share would otherwise be
 * counted without end). Control edges without a shareholding carry no ownership.
 */

export interface OwnershipNode {
  id: string;
  kind: 'person' | 'entity';
  name: string;
  customerId?: string;
}

export interface OwnershipEdge {
  id: string;
  /** The owner. */
  from: string;
  /** The entity owned. */
  to: string;
  /** Percent of the shares of `to` held by `from`. */
  shareholding?: number;
  roles: readonly string[];
}

export interface OwnershipStructure {
  nodes: OwnershipNode[];
  edges: OwnershipEdge[];
}

export interface EffectiveHolding {
  /** Percent, 0–100. */
  percent: number;
  /** Every chain from the owner down to the subject, with the percentage it carries. */
  paths: { nodes: string[]; percent: number }[];
}

export interface EffectiveOwnership {
  owners: Map<string, EffectiveHolding>;
  /** Each cycle found, as the ids around it (the first id repeated at the end). */
  cycles: string[][];
}

export function computeEffectiveOwnership(structure: OwnershipStructure, subjectId: string): EffectiveOwnership {
  const ownersOf = new Map<string, OwnershipEdge[]>();
  for (const edge of structure.edges) {
    if (edge.shareholding === undefined || edge.shareholding <= 0) continue;
    ownersOf.set(edge.to, [...(ownersOf.get(edge.to) ?? []), edge]);
  }
  const owners = new Map<string, EffectiveHolding>();
  const cycles: string[][] = [];
  const cycleKeys = new Set<string>();

  // Walks up from the subject; `chain` is the path from the subject to `node`, `fraction` its product.
  const walk = (node: string, chain: string[], fraction: number): void => {
    for (const edge of ownersOf.get(node) ?? []) {
      const share = (fraction * (edge.shareholding ?? 0)) / 100;
      const at = chain.indexOf(edge.from);
      if (at !== -1) {
        const cycle = [...chain.slice(at), edge.from];
        const key = cycle.slice(0, -1).toSorted().join(',');
        if (!cycleKeys.has(key)) {
          cycleKeys.add(key);
          cycles.push(cycle.toReversed());
        }
        continue;
      }
      const path = [...chain, edge.from];
      const held = owners.get(edge.from) ?? { percent: 0, paths: [] };
      held.percent += share * 100;
      held.paths.push({ nodes: path.toReversed(), percent: share * 100 });
      owners.set(edge.from, held);
      walk(edge.from, path, share);
    }
  };
  walk(subjectId, [subjectId], 1);
  return { owners, cycles };
}
