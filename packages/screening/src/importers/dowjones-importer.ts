import type { HitType } from '../model';
import { attributeOf, DOW_JONES_LISTS, lookupOf, readReferenceList } from './dowjones-references';
import { readDowJonesRecord } from './dowjones-record-reader';
import type { ImportContext } from './entity-builder';
import type { ImportOptions, ListDelta, ListImportResult, ReferenceLists } from './import-result';
import { ListImportRun } from './list-import-run';
import { type ListSource, pickSingleFile } from './list-source';
import { openXmlText } from './xml-text-stream';
import { childNodes, readXmlRecords, type XmlNode } from './xml-record-reader';

const RECORD_NAMES = new Set(['Person', 'Entity']);
const ASSOCIATION_NAMES = new Set(['PublicFigure', 'SpecialEntity']);

/**
 * Imports a Dow Jones Risk & Compliance PFA2 XML file, streamed record by record: the reference
 * lists first (returned in `references` for the screening-data pages), then Person and Entity
 * records, then Associations. A daily file (root type other than 'full', or any record with
 * action chg / del) is a delta: `delta` lists the ids added, changed and deleted, and entities
 * holds the added and changed. Fatal: malformed XML, no PFA root, a record without id, an added
 * or changed record without a name, an unknown action, a repeated id. Warnings: unknown country
 * codes, unreadable dates, associations with ids not in the file.
 */
export async function importDowJones(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.xml$/i);
  const run = new ListImportRun('dowjones', file, options);
  const context: ImportContext = run.context;
  const references: ReferenceLists = {};
  const delta: ListDelta = { added: [], changed: [], deleted: [] };
  let fileType = '';
  let hasRoot = false;
  const derived = {
    'country-type': new Set<string>(),
    identification: new Set<string>(),
    gender: new Set<string>(),
    deceased: new Set<string>(),
    'record-status': new Set<string>(),
  };

  const nodes = readXmlRecords(openXmlText(source, file), {
    file,
    isRecord: (name, path) =>
      (path.length === 1 && name in DOW_JONES_LISTS) ||
      (path.length <= 2 && RECORD_NAMES.has(name)) ||
      (path.length === 2 && ASSOCIATION_NAMES.has(name)),
    onOpen: (name, attributes, path) => {
      if (path.length > 0 || name !== 'PFA') return;
      hasRoot = true;
      fileType = (attributes.type ?? '').toLowerCase();
      run.asOf ??= pfaDate(attributes.date ?? '');
    },
  });
  for await (const node of nodes) {
    const listKey = DOW_JONES_LISTS[node.name];
    if (listKey) references[listKey] = readReferenceList(node);
    else if (RECORD_NAMES.has(node.name)) readRecord(node);
    else readAssociations(node, run, lookupOf(references, 'relationship-type'));
  }
  if (!hasRoot) context.fail(null, 'not a Dow Jones PFA file: no PFA root element');

  function readRecord(node: XmlNode): void {
    const id = attributeOf(node, 'id');
    if (!id) context.fail(node.line, `${node.name} without id`);
    const action = (attributeOf(node, 'action') || 'add').toLowerCase();
    if (!['add', 'chg', 'del'].includes(action)) context.fail(node.line, `unknown action '${action}' on record ${id}`);
    run.assertNewId(id, node.line, 'record');
    if (action === 'del') {
      run.addDeletion(id, node.line, 'record');
      delta.deleted.push(id);
      return;
    }
    const lookups = { ...options.references, ...references };
    const entity = readDowJonesRecord(node, id, run.list, lookups, context);
    entity.hitType = dowJonesHitType(node, lookups);
    run.addRecord(entity, node.line, 'record');
    (action === 'chg' ? delta.changed : delta.added).push(id);
    collectDerived(node, derived);
  }

  const isDelta = (fileType !== '' && fileType !== 'full') || delta.changed.length > 0 || delta.deleted.length > 0;
  for (const [key, values] of Object.entries(derived)) {
    if (values.size > 0) references[key] = [...values].toSorted().map((name) => ({ code: name, name }));
  }
  const { warnings, ...imported } = run.result();
  return { ...imported, references, ...(isDelta ? { delta } : {}), warnings };
}

/** PFA dates are written '200901010000' or '17-Mar-2023'. */
function pfaDate(text: string): string | undefined {
  const compact = /^(\d{4})(\d{2})(\d{2})/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  return undefined;
}

function collectDerived(node: XmlNode, derived: Record<string, Set<string>>): void {
  const add = (key: string, value: string): void => {
    if (value) derived[key]?.add(value);
  };
  for (const child of node.children) {
    if (child.name === 'Gender') add('gender', child.text.trim());
    if (child.name === 'Deceased') add('deceased', child.text.trim());
    if (child.name === 'ActiveStatus') add('record-status', child.text.trim());
    if (child.name === 'CountryDetails')
      for (const country of childNodes(child, 'Country')) add('country-type', attributeOf(country, 'CountryType'));
    if (child.name === 'IDNumberTypes') for (const id of childNodes(child, 'ID')) add('identification', attributeOf(id, 'IDType'));
  }
}

/**
 * Sanction when the record cites a sanctions reference or a description names sanctions; pep for
 * PEP, relative or close associate and state-owned company descriptions; enforcement otherwise
 * (special interest persons and entities: crime, regulatory and other official lists).
 */
export function dowJonesHitType(node: XmlNode, references: ReferenceLists): HitType {
  const descriptions = childNodes(node, 'Descriptions').flatMap((group) => childNodes(group, 'Description'));
  const names = descriptions.flatMap((description) =>
    [1, 2, 3].map((level) => lookupOf(references, `descprition-${level}`).get(attributeOf(description, `Description${level}`)) ?? ''),
  );
  const hasSanctionsReference = childNodes(node, 'SanctionsReferences').some((group) => group.children.length > 0);
  if (hasSanctionsReference || names.some((name) => /sanction/i.test(name))) return 'sanction';
  const level1 = descriptions.map((description) => attributeOf(description, 'Description1'));
  const isPep = names.some((name) => /politically exposed|\bPEP\b|relative or close associate|\bRCA\b|state[- ]owned/i.test(name));
  // Without the Description1 list (a delta), Dow Jones' fixed codes: 1 PEP, 2 RCA, 5 state-owned company.
  if (isPep || (!references['descprition-1'] && level1.some((code) => ['1', '2', '5'].includes(code)))) return 'pep';
  return 'enforcement';
}

function readAssociations(node: XmlNode, run: ListImportRun, relationships: ReadonlyMap<string, string>): void {
  const entity = run.findEntity(attributeOf(node, 'id'));
  if (!entity) return;
  for (const associate of childNodes(node, 'Associate')) {
    const id = attributeOf(associate, 'id');
    const other = run.findEntity(id);
    if (!other) run.context.warn(associate.line, `associate ${id} of record ${entity.id} is not in the file`);
    const code = attributeOf(associate, 'code');
    const relationship = relationships.get(code) ?? (code ? `relationship ${code}` : 'associate');
    const isFormer = /^(?:yes|true)$/i.test(attributeOf(associate, 'ex'));
    entity.associates.push({
      name: other?.names[0]?.full ?? `Dow Jones ${id}`,
      relationship: isFormer ? `${relationship} (former)` : relationship,
      ...(other ? { entityId: id } : {}),
    });
  }
}
