import { computeOwnership } from '../compute-ownership';
import type { OwnershipEdge, OwnershipStructure, PercentRange, ShareRange } from '../ownership.types';

export interface IndirectSummaryOptions {
  threshold?: number;
  asOf?: string;
}

/** The id of the summary relationship of a person's indirect ownership of the subject. */
export function indirectSummaryId(personId: string, subjectId: string): string {
  return `${personId}>${subjectId}/indirect`;
}

function shareOf(range: PercentRange): ShareRange {
  if (range.min === range.max) return { exact: range.min };
  return range.maxExclusive ? { min: range.min, max: range.max, maxExclusive: true } : { min: range.min, max: range.max };
}

/**
 * Adds, for each beneficial owner who owns the subject through other companies, the relationship a
 * register publishes (BODS "indirect ownership"): person → subject, an indirect shareholding of the
 * computed share, marked beneficial ownership, with the companies and interests of the chains as its
 * components. A person who already has a declared indirect interest in the subject keeps it as is, so
 * exporting twice adds nothing.
 */
export function addIndirectSummaries(
  structure: OwnershipStructure,
  subjectId: string,
  options: IndirectSummaryOptions,
): OwnershipStructure {
  const result = computeOwnership(structure, { ...options, subjectId, requireMandatoryRoles: false });
  const edges: OwnershipEdge[] = [...structure.edges];
  for (const owner of result.beneficialOwners) {
    const paths = owner.paths.filter((path) => path.nodeIds.length > 2);
    if (paths.length === 0 || owner.indirect.max === 0) continue;
    const declared = structure.edges.some(
      (edge) => edge.from === owner.personId && edge.to === subjectId && edge.interests.some((i) => i.directOrIndirect === 'indirect'),
    );
    if (declared) continue;
    const nodeIds = new Set(paths.flatMap((path) => path.nodeIds.slice(1, -1)));
    const edgeIds = new Set(
      paths.flatMap((path) =>
        path.nodeIds
          .slice(0, -1)
          .flatMap((from, index) =>
            structure.edges.filter((edge) => edge.from === from && edge.to === path.nodeIds[index + 1]).map((edge) => edge.id),
          ),
      ),
    );
    edges.push({
      id: indirectSummaryId(owner.personId, subjectId),
      from: owner.personId,
      to: subjectId,
      interests: [
        { type: 'shareholding', share: shareOf(owner.indirect), directOrIndirect: 'indirect', beneficialOwnershipOrControl: true },
      ],
      components: [...nodeIds, ...edgeIds],
    });
  }
  return { nodes: structure.nodes, edges };
}
