import { Box, ScrollArea, Text } from '@mantine/core';
import type { TCompanyStructure } from '@sanad/contracts/companies';

const NODE_WIDTH = 168;
const NODE_HEIGHT = 46;
const GAP_X = 28;
const GAP_Y = 78;
const MARGIN = 16;

interface PlacedNode {
  id: string;
  name: string;
  kind: 'company' | 'person' | 'entity';
  isUbo: boolean;
  x: number;
  y: number;
}

/**
 * Layers of the graph: the company at the bottom (layer 0), each owner one layer above the highest
 * of what it holds, so every edge points downwards to what is owned.
 */
export function layersOf(structure: Pick<TCompanyStructure, 'companyId' | 'parties' | 'parents'>): Map<string, number> {
  const layer = new Map<string, number>([[structure.companyId, 0]]);
  for (const party of structure.parties) layer.set(party._id, 1);
  // Longest path upwards; the structure has no cycles (the server refuses them), so this settles
  // within as many passes as there are parties.
  for (let pass = 0; pass <= structure.parties.length; pass += 1) {
    let isChanged = false;
    for (const edge of structure.parents) {
      const below = layer.get(edge.ofPartyId ?? structure.companyId) ?? 0;
      if ((layer.get(edge.partyId) ?? 1) < below + 1) {
        layer.set(edge.partyId, below + 1);
        isChanged = true;
      }
    }
    if (!isChanged) break;
  }
  return layer;
}

function truncate(name: string, max = 22): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

/**
 * The ownership and control structure drawn as a layered graph: owners above what they own, each
 * edge labelled with its shareholding or its role. Beneficial owners are outlined in red.
 */
export function OwnershipGraph({ structure }: { structure: TCompanyStructure }) {
  const ubos = new Set(structure.ownership.owners.filter((owner) => owner.isUbo).map((owner) => owner.partyId));
  const layers = layersOf(structure);
  const depth = Math.max(0, ...layers.values());
  const rows: string[][] = Array.from({ length: depth + 1 }, () => []);
  rows[0]?.push(structure.companyId);
  for (const party of structure.parties) rows[layers.get(party._id) ?? 1]?.push(party._id);
  const widest = Math.max(1, ...rows.map((row) => row.length));
  const width = MARGIN * 2 + widest * NODE_WIDTH + (widest - 1) * GAP_X;
  const height = MARGIN * 2 + (depth + 1) * NODE_HEIGHT + depth * GAP_Y;
  const names = new Map(structure.parties.map((party) => [party._id, party]));
  const placed = new Map<string, PlacedNode>();
  rows.forEach((row, level) => {
    const rowWidth = row.length * NODE_WIDTH + (row.length - 1) * GAP_X;
    const left = (width - rowWidth) / 2;
    const y = height - MARGIN - NODE_HEIGHT - level * (NODE_HEIGHT + GAP_Y);
    row.forEach((id, index) => {
      const party = names.get(id);
      placed.set(id, {
        id,
        name: party ? party.name : structure.companyName,
        kind: party ? party.kind : 'company',
        isUbo: ubos.has(id),
        x: left + index * (NODE_WIDTH + GAP_X),
        y,
      });
    });
  });
  if (structure.parties.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No parents yet: the graph appears as directors, shareholders and owners are added.
      </Text>
    );
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Box miw={Math.min(width, 340)}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ maxWidth: width, display: 'block', margin: '0 auto' }}
          role="img"
          aria-label={`Ownership graph of ${structure.companyName}`}
          data-testid="ownership-graph"
        >
          <defs>
            <marker id="ownership-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill="#868e96" />
            </marker>
          </defs>
          {structure.parents.map((edge) => {
            const from = placed.get(edge.partyId);
            const to = placed.get(edge.ofPartyId ?? structure.companyId);
            if (!from || !to) return null;
            const x1 = from.x + NODE_WIDTH / 2;
            const y1 = from.y + NODE_HEIGHT;
            const x2 = to.x + NODE_WIDTH / 2;
            const y2 = to.y;
            const label =
              edge.shareholding !== null
                ? `${edge.shareholding}%`
                : edge.roles.map((role) => role.replace('authorised-signatory', 'signatory').replace('-', ' ')).join(', ');
            const isControl = edge.shareholding === null;
            return (
              <g key={edge._id}>
                <line
                  x1={x1}
                  y1={y1}
                  x2={x2}
                  y2={y2}
                  stroke="#868e96"
                  strokeWidth={1.5}
                  strokeDasharray={isControl ? '5 4' : undefined}
                  markerEnd="url(#ownership-arrow)"
                />
                <text
                  x={(x1 + x2) / 2 + 4}
                  y={(y1 + y2) / 2}
                  fontSize={12}
                  fill="#495057"
                  style={{ paintOrder: 'stroke' }}
                  stroke="#fff"
                  strokeWidth={3}
                >
                  {label}
                </text>
              </g>
            );
          })}
          {[...placed.values()].map((node) => (
            <g key={node.id}>
              <rect
                x={node.x}
                y={node.y}
                width={NODE_WIDTH}
                height={NODE_HEIGHT}
                rx={node.kind === 'person' ? 23 : 6}
                fill={node.kind === 'company' ? '#e7f5ff' : node.kind === 'entity' ? '#f8f9fa' : '#fff'}
                stroke={node.isUbo ? '#e03131' : node.kind === 'company' ? '#1c7ed6' : '#adb5bd'}
                strokeWidth={node.isUbo || node.kind === 'company' ? 2.5 : 1.5}
              />
              <text x={node.x + NODE_WIDTH / 2} y={node.y + 20} textAnchor="middle" fontSize={13} fontWeight={600} fill="#212529">
                <title>{node.name}</title>
                {truncate(node.name)}
              </text>
              <text x={node.x + NODE_WIDTH / 2} y={node.y + 36} textAnchor="middle" fontSize={11} fill={node.isUbo ? '#c92a2a' : '#868e96'}>
                {node.kind === 'company' ? 'This company' : node.kind === 'entity' ? 'Entity' : node.isUbo ? 'Person · UBO' : 'Person'}
              </text>
            </g>
          ))}
        </svg>
      </Box>
    </ScrollArea>
  );
}
