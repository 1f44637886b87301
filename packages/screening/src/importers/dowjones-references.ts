import type { ReferenceEntry, ReferenceLists } from './import-result';
import type { XmlNode } from './xml-record-reader';

/** The reference-list elements of a PFA file and the screening-data page each feeds. */
export const DOW_JONES_LISTS: Readonly<Record<string, string>> = {
  CountryList: 'country',
  OccupationList: 'occupation',
  RelationshipList: 'relationship-type',
  SanctionsReferencesList: 'sanction-reference',
  Description1List: 'descprition-1',
  Description2List: 'descprition-2',
  Description3List: 'descprition-3',
  DateTypeList: 'date-type',
  NameTypeList: 'name-type',
  RoleTypeList: 'role-type',
};

/** Attribute by name, ignoring case: PFA releases differ on 'code' / 'Code', 'Id' / 'id'. */
export function attributeOf(node: XmlNode, ...names: string[]): string {
  for (const name of names) {
    const direct = node.attributes[name];
    if (direct !== undefined) return direct.trim();
    const key = Object.keys(node.attributes).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (key) return (node.attributes[key] ?? '').trim();
  }
  return '';
}

/** Reads one reference-list element (CountryList, Description2List, …) into its entries. */
export function readReferenceList(list: XmlNode): ReferenceEntry[] {
  return list.children.map((item) => {
    const code = attributeOf(item, 'code', 'Description1Id', 'Description2Id', 'Description3Id', 'NameTypeID', 'Id');
    const ownId = list.name.match(/^Description(\d)List$/)?.[1];
    const parentCode =
      ownId === '2'
        ? attributeOf(item, 'Description1Id')
        : ownId === '3'
          ? attributeOf(item, 'Description2Id')
          : list.name === 'SanctionsReferencesList'
            ? attributeOf(item, 'Description2Id')
            : '';
    const entryCode = ownId ? attributeOf(item, `Description${ownId}Id`) : code;
    const name = attributeOf(item, 'name') || item.text.trim();
    const recordType = attributeOf(item, 'RecordType');
    const extra = Object.fromEntries(
      Object.entries(item.attributes).filter(([key]) => !/^(?:code|name|id|recordtype|description\dId|nametypeid)$/i.test(key)),
    );
    return {
      code: entryCode,
      name,
      ...(parentCode ? { parentCode } : {}),
      ...(recordType ? { recordType } : {}),
      ...(Object.keys(extra).length > 0 ? { attributes: extra } : {}),
    };
  });
}

/** Code → name lookup over one reference list, empty when the file (a delta) carries none. */
export function lookupOf(references: ReferenceLists, key: string): Map<string, string> {
  return new Map((references[key] ?? []).map((entry) => [entry.code, entry.name]));
}
