import type { WatchlistEntity } from '../model';
import { cleanText, type ImportContext } from './entity-builder';

/** One line of a FollowTheMoney JSON-lines export. */
export interface FtmRecord {
  id: string;
  schema: string;
  caption?: string;
  target?: boolean;
  properties: Record<string, string[]>;
  last_change?: string;
}

/** A link between two FtM records, read from its own record (Family, Ownership, Directorship …). */
export interface FtmRelation {
  from: string;
  to: string;
  /** The relationship as `from`'s associate list shows `to`, and the reverse. */
  forward: string;
  backward: string;
  line: number;
}

/** The two ends of each link schema and the words for each direction when the record gives no role. */
const LINKS: Readonly<Record<string, readonly [string, string, string, string]>> = {
  Family: ['person', 'relative', 'relative', 'relative'],
  Associate: ['person', 'associate', 'associate', 'associate'],
  Ownership: ['owner', 'asset', 'owns', 'owned by'],
  Directorship: ['director', 'organization', 'director of', 'director'],
  Membership: ['member', 'organization', 'member of', 'member'],
  Employment: ['employee', 'employer', 'employed by', 'employee'],
  Representation: ['agent', 'client', 'agent of', 'agent'],
  Succession: ['predecessor', 'successor', 'succeeded by', 'predecessor'],
  UnknownLink: ['subject', 'object', 'linked to', 'linked to'],
};

export function readFtmRelation(record: FtmRecord, line: number): FtmRelation | undefined {
  const link = LINKS[record.schema];
  if (!link) return undefined;
  const [fromProperty, toProperty, forwardDefault, backwardDefault] = link;
  const from = record.properties[fromProperty]?.[0];
  const to = record.properties[toProperty]?.[0];
  if (!from || !to) return undefined;
  // The record's own wording ('Family member of', 'subsidiary of') is kept beside the generic one,
  // which says which side is which.
  const role = cleanText(record.properties.relationship?.[0] ?? record.properties.role?.[0]);
  const withRole = (generic: string): string => (role && role.toLowerCase() !== generic ? `${generic} (${role})` : generic);
  return { from, to, forward: withRole(forwardDefault), backward: withRole(backwardDefault), line };
}

/**
 * Adds each link as an associate on both ends that are entities of the list, named by the other
 * end's caption; a link whose other end is not in the file at all is a warning.
 */
export function linkFtmRelations(
  relations: readonly FtmRelation[],
  entities: ReadonlyMap<string, WatchlistEntity>,
  captions: ReadonlyMap<string, string>,
  context: ImportContext,
): void {
  for (const relation of relations) {
    const ends: [string, string, string][] = [
      [relation.from, relation.to, relation.forward],
      [relation.to, relation.from, relation.backward],
    ];
    for (const [own, other, relationship] of ends) {
      const entity = entities.get(own);
      if (!entity) continue;
      const name = captions.get(other);
      if (!name) {
        context.warn(relation.line, `link to ${other}, which is not in the file, ignored`);
        continue;
      }
      if (entity.associates.some((associate) => associate.name === name && associate.relationship === relationship)) continue;
      entity.associates.push({ name, relationship, ...(entities.has(other) ? { entityId: other } : {}) });
    }
  }
}
