import type { OwnershipGraph } from './ownership-graph';
import { nameOf, ownershipFactor } from './ownership-graph';
import type { OwnershipPath, OwnershipProblem, PercentRange } from './ownership.types';
import { WHOLE, multiplyRanges } from './percent-range';

/** Beyond this many paths the structure is not one an officer can review; the computation stops. */
export const MAX_PATHS = 10_000;

export interface PathSearch {
  /** Every simple ownership path from a holder up the chain to the subject, keyed by the holder's id. */
  pathsByHolder: Map<string, OwnershipPath[]>;
  problems: OwnershipProblem[];
}

/**
 * Walks up from the subject through its holders, multiplying the shares along the way. Only simple
 * paths are followed (no node twice), so a cycle is reported once and never inflates a percentage.
 */
export function findOwnershipPaths(graph: OwnershipGraph, subjectId: string): PathSearch {
  const pathsByHolder = new Map<string, OwnershipPath[]>();
  const problems: OwnershipProblem[] = [];
  const cycles = new Set<string>();
  let pathCount = 0;
  let truncated = false;

  // chain: subject first, the current holder last; share: what the current holder owns of the subject.
  const visit = (chain: string[], share: PercentRange): void => {
    const current = chain[chain.length - 1] as string;
    for (const active of graph.holders.get(current) ?? []) {
      const holder = active.edge.from;
      const factor = ownershipFactor(graph, active);
      if (factor === null) continue;
      const seenAt = chain.indexOf(holder);
      if (seenAt >= 0) {
        reportCycle(graph, chain.slice(seenAt), cycles, problems);
        continue;
      }
      if (pathCount >= MAX_PATHS) {
        truncated = true;
        return;
      }
      pathCount += 1;
      const next = [...chain, holder];
      const pathShare = multiplyRanges(factor, share);
      const nodeIds = next.toReversed();
      const list = pathsByHolder.get(holder) ?? [];
      list.push({ nodeIds, names: nodeIds.map((id) => nameOf(graph, id)), share: pathShare });
      pathsByHolder.set(holder, list);
      if (graph.nodes.get(holder)?.kind === 'entity') visit(next, pathShare);
    }
  };
  visit([subjectId], WHOLE);

  if (truncated) {
    problems.push({
      code: 'too-many-paths',
      severity: 'error',
      message: `The ownership structure of ${nameOf(graph, subjectId)} has more than ${MAX_PATHS} ownership paths; the computation stopped and its figures are incomplete.`,
      nodeIds: [subjectId],
    });
  }
  return { pathsByHolder, problems };
}

/** `loop` runs from the node met again (first) up to the holder that closes it (last). */
function reportCycle(graph: OwnershipGraph, loop: string[], seen: Set<string>, problems: OwnershipProblem[]): void {
  // Read top-down (each node holds an interest in the next, the last in the first), starting from
  // the smallest id so that the same cycle met from another node reads the same.
  const topDown = loop.toReversed();
  const start = topDown.reduce((best, id, index) => (id < (topDown[best] as string) ? index : best), 0);
  const ordered = [...topDown.slice(start), ...topDown.slice(0, start)];
  const key = ordered.join('>');
  if (seen.has(key)) return;
  seen.add(key);
  const [first, second, ...rest] = [...ordered, ordered[0] as string].map((id) => nameOf(graph, id));
  const chain = `${first} holds shares in ${second}${rest.map((name) => `, which holds shares in ${name}`).join('')}`;
  problems.push({
    code: 'cycle',
    severity: 'warning',
    message: `Ownership cycle: ${chain}. Effective ownership is computed over paths that do not repeat a company, so the cycle adds nothing to anyone's percentage.`,
    nodeIds: ordered,
  });
}
