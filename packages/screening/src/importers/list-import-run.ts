import type { WatchlistEntity } from '../model';
import { assertNamed, ImportContext } from './entity-builder';
import type { ImportOptions, ListFormat, ListImportResult } from './import-result';
import type { ListSource } from './list-source';
import { openXmlText } from './xml-text-stream';
import { readXmlRecords, type XmlNode } from './xml-record-reader';

/**
 * One import of a single-file list: the context that words its warnings and errors, the list key
 * (the format's name unless the caller overrides it), the as-of date and the entities read so far.
 * Entities keep the order in which their first row or record appears.
 */
export class ListImportRun {
  readonly context: ImportContext;
  readonly list: string;
  /** The caller's date wins; an importer fills it from the file with `??=`. */
  asOf: string | undefined;
  private readonly entities = new Map<string, WatchlistEntity>();
  /** Ids a delta list deletes: read, but holding no entity. */
  private readonly deletedIds = new Set<string>();
  /** The first row of each entity grouped from several rows: the row its no-name error names. */
  private readonly firstRows = new Map<WatchlistEntity, number>();

  constructor(
    readonly format: ListFormat,
    file: string,
    options: ImportOptions,
  ) {
    this.context = new ImportContext(file);
    this.list = options.list ?? format;
    this.asOf = options.asOf;
  }

  /** The entity a row belongs to (files with one row per name or detail): the one already begun, or `create`'s on its first row. */
  groupRow(id: string, row: number, create: () => WatchlistEntity): WatchlistEntity {
    const known = this.entities.get(id);
    if (known) return known;
    const entity = create();
    this.entities.set(id, entity);
    this.firstRows.set(entity, row);
    return entity;
  }

  /**
   * Fails when a record or deletion with this id was already read. Lists that refuse a repeated id
   * before reading the rest of its record call it first, so that error wins over the record's own.
   */
  assertNewId(id: string, row: number, idName: string): void {
    if (this.entities.has(id) || this.deletedIds.has(id)) this.context.fail(row, `${idName} ${id} appears twice`);
  }

  /** Adds a whole record (files with one record per entity); a second record with the same id is fatal. */
  addRecord(entity: WatchlistEntity, row: number, idName: string): void {
    this.assertNewId(entity.id, row, idName);
    this.entities.set(entity.id, entity);
  }

  /** A delta list's deletion of an id: it counts as read (a second record with it is fatal) but adds no entity. */
  addDeletion(id: string, row: number, idName: string): void {
    this.assertNewId(id, row, idName);
    this.deletedIds.add(id);
  }

  /** The entity read so far with this id, if any (for links between records). */
  findEntity(id: string): WatchlistEntity | undefined {
    return this.entities.get(id);
  }

  /** Every grouped entity must have a name once all its rows are read; records were checked as they were read. */
  result(): ListImportResult {
    for (const [entity, row] of this.firstRows) assertNamed(entity, this.context, row);
    const asOf = this.asOf;
    return {
      format: this.format,
      list: this.list,
      ...(asOf ? { asOf } : {}),
      entities: [...this.entities.values()],
      warnings: this.context.warnings,
    };
  }
}

/** How one XML list lays out its file: a root element (dated by one of its attributes) holding one element per record. */
export interface XmlListLayout {
  root: string;
  /** The root's attribute with the generation timestamp; its date part is the list's as-of date. */
  rootDateAttribute: string;
  isRecord(name: string, path: readonly string[]): boolean;
  /** What the list calls a record's id, for the error on a repeated one. */
  idName: string;
  /** The fatal reason when the file has no such root. */
  missingRootReason: string;
  readRecord(record: XmlNode, run: ListImportRun): WatchlistEntity;
}

/** Streams the records of an XML list into the run; no root element of the expected name is fatal. */
export async function readXmlList(source: ListSource, file: string, run: ListImportRun, layout: XmlListLayout): Promise<void> {
  let hasRoot = false;
  const records = readXmlRecords(openXmlText(source, file), {
    file,
    isRecord: layout.isRecord,
    onOpen: (name, attributes, path) => {
      if (path.length > 0 || name !== layout.root) return;
      hasRoot = true;
      run.asOf ??= attributes[layout.rootDateAttribute]?.slice(0, 10);
    },
  });
  for await (const record of records) run.addRecord(layout.readRecord(record, run), record.line, layout.idName);
  if (!hasRoot) run.context.fail(null, layout.missingRootReason);
}
