import type { WatchlistEntity } from '../model';

/** The formats `importList` reads; `csv` is Sanad's own black-list format (CSV or XLSX). */
export const LIST_FORMATS = ['ofac', 'un', 'uk-ofsi', 'uk-fcdo', 'eu-fsf', 'bis-dpl', 'dowjones', 'worldcheck', 'ftm', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** A problem that does not stop the import (the entity is kept, the odd value noted). */
export interface ImportWarning {
  file?: string;
  row: number;
  reason: string;
}

/** One entry of a vendor reference list (Dow Jones country, occupation, description 1–3, ...). */
export interface ReferenceEntry {
  code: string;
  name: string;
  /** The code of the entry one level up (Description2 → Description1, sanctions reference → Description2). */
  parentCode?: string;
  /** Person, Entity or both, where the vendor scopes the entry. */
  recordType?: string;
  /** Further attributes as the vendor gives them (status, IsTerritory, ...). */
  attributes?: Record<string, string>;
}

/**
 * Reference lists keyed by the screening-data page that shows them, spelled as the spec spells them:
 * 'country', 'occupation', 'relationship-type', 'sanction-reference',
 * 'descprition-1'..'descprition-3', 'date-type', 'name-type', 'role-type', 'country-type',
 * 'identification', 'gender', 'deceased', 'record-status'; World-Check adds 'category',
 * 'sub-category', 'location', 'EIType', 'keyword', 'update-category', 'pep-status'.
 */
export type ReferenceLists = Record<string, ReferenceEntry[]>;

/** For a delta file: the list's own ids it adds, changes and deletes (entities holds the added and changed). */
export interface ListDelta {
  added: string[];
  changed: string[];
  deleted: string[];
}

export interface ListImportResult {
  format: ListFormat;
  /** List key every entity carries, e.g. 'ofac-sdn', 'un', 'sanad-list'. */
  list: string;
  /** ISO date (or year-month) the publisher generated the list, when the file or caller says so. */
  asOf?: string;
  entities: WatchlistEntity[];
  references?: ReferenceLists;
  delta?: ListDelta;
  warnings: ImportWarning[];
}

export interface ImportOptions {
  /** Overrides the list key (e.g. one black-list per firm). */
  list?: string;
  /** As-of date to record when the file carries none (OFAC CSV, BIS DPL). */
  asOf?: string;
  /** Dow Jones delta files carry no reference lists: pass those of the last full import to resolve country codes. */
  references?: ReferenceLists;
  /**
   * The list's entries as they are now, by id (Sanad delta lists): a change row then updates only
   * the fields whose cells it fills in, and a change to an id the list lacks is refused. Without
   * it, a change row replaces the whole entry.
   */
  current?: ReadonlyMap<string, WatchlistEntity>;
}
