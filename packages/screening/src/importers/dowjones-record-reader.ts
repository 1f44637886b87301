import type { CountryRole, EntityType, NameType, WatchlistEntity } from '../model';
import { resolveCountry } from './country-resolver';
import { formatPartialDate, parsePartialDate } from './date-parser';
import { attributeOf, lookupOf } from './dowjones-references';
import {
  addIdentifier,
  addName,
  addPositions,
  addUnique,
  assertNamed,
  cleanText,
  createEntity,
  type ImportContext,
  parseGender,
} from './entity-builder';
import type { ReferenceLists } from './import-result';
import { childNodes, childText, type XmlNode } from './xml-record-reader';

const COUNTRY_ROLES: readonly (readonly [RegExp, CountryRole])[] = [
  [/citizenship|nationality/i, 'citizenship'],
  [/resident/i, 'residence'],
  [/registration|incorporation/i, 'registration'],
  [/birth/i, 'birth'],
];

const ID_TYPES: readonly (readonly [RegExp, string])[] = [
  [/passport/i, 'passport'],
  [/social security/i, 'ssn'],
  [/national id|identity card|citizen/i, 'national-id'],
  [/\bIMO\b|maritime/i, 'imo'],
  [/DUNS/i, 'duns'],
  [/tax|VAT|fiscal/i, 'tax-id'],
  [/company|registration|business/i, 'registration'],
  [/SWIFT|BIC/i, 'swift'],
  [/legal entity identifier|\bLEI\b/i, 'lei'],
  [/ISIN/i, 'isin'],
];

function nameTypeOf(text: string): NameType {
  if (/primary/i.test(text)) return 'primary';
  if (/low quality/i.test(text)) return 'weak';
  if (/formerly|maiden|previous/i.test(text)) return 'fka';
  return 'aka';
}

/** One Person or Entity record of a PFA file, with codes resolved through the reference lists. */
export function readDowJonesRecord(
  node: XmlNode,
  id: string,
  list: string,
  references: ReferenceLists,
  context: ImportContext,
): WatchlistEntity {
  const isPerson = node.name === 'Person';
  const type: EntityType = isPerson ? 'person' : childNodes(node, 'VesselDetails').length > 0 ? 'vessel' : 'organisation';
  const entity = createEntity(id, list, type, 'enforcement');
  readNames(entity, node);
  assertNamed(entity, context, node.line);

  const gender = parseGender(childText(node, 'Gender'));
  if (gender) entity.gender = gender;
  if (/^(?:yes|true)$/i.test(childText(node, 'Deceased'))) entity.deceased = true;
  const status = childText(node, 'ActiveStatus');
  if (status) entity.recordStatus = status;
  const date = attributeOf(node, 'date');
  const updated = date ? parsePartialDate(date) : undefined;
  if (updated) entity.updatedOn = formatPartialDate(updated);

  readDescriptions(entity, node, references);
  readRoles(entity, node);
  readDates(entity, node, context);
  for (const place of childNodes(node, 'BirthPlace').flatMap((group) => childNodes(group, 'Place')))
    addUnique(entity.birthPlaces, attributeOf(place, 'name'));
  readCountries(entity, node, references, context);
  readIdentifiers(entity, node);
  readAddresses(entity, node, references);
  readSanctionsReferences(entity, node, references);
  readVessel(entity, node, references);
  const notes = cleanText(childText(node, 'ProfileNotes'));
  if (notes) entity.remarks = notes;
  return entity;
}

function readNames(entity: WatchlistEntity, node: XmlNode): void {
  for (const name of childNodes(node, 'NameDetails').flatMap((group) => childNodes(group, 'Name'))) {
    const type = nameTypeOf(attributeOf(name, 'NameType'));
    for (const value of childNodes(name, 'NameValue')) {
      const given = childText(value, 'FirstName');
      const middle = childText(value, 'MiddleName');
      const family = childText(value, 'Surname') || childText(value, 'MaidenName');
      const single = childText(value, 'EntityName') || childText(value, 'SingleStringName');
      const full = single || [given, middle, family, childText(value, 'Suffix')].filter(Boolean).join(' ');
      const isPrimary = type === 'primary' && !entity.names.some((known) => known.type === 'primary');
      addName(entity, full, isPrimary || type !== 'primary' ? type : 'aka', single ? {} : { given, middle, family });
      addName(entity, childText(value, 'OriginalScriptName'), 'aka');
    }
  }
}

function readDescriptions(entity: WatchlistEntity, node: XmlNode, references: ReferenceLists): void {
  const lookups = [1, 2, 3].map((level) => lookupOf(references, `descprition-${level}`));
  for (const description of childNodes(node, 'Descriptions').flatMap((group) => childNodes(group, 'Description'))) {
    [1, 2, 3].forEach((level, index) => {
      const code = attributeOf(description, `Description${level}`);
      if (code) addUnique(entity.categories, lookups[index]?.get(code) ?? `Description${level} ${code}`);
    });
  }
}

function readRoles(entity: WatchlistEntity, node: XmlNode): void {
  for (const roles of childNodes(node, 'RoleDetail').flatMap((group) => childNodes(group, 'Roles'))) {
    addPositions(
      entity,
      childNodes(roles, 'OccTitle').map((title) => cleanText(title.text)),
    );
  }
}

function readDates(entity: WatchlistEntity, node: XmlNode, context: ImportContext): void {
  for (const date of childNodes(node, 'DateDetails').flatMap((group) => childNodes(group, 'Date'))) {
    const kind = attributeOf(date, 'DateType');
    for (const value of childNodes(date, 'DateValue')) {
      const [day, month, year] = ['Day', 'Month', 'Year'].map((name) => attributeOf(value, name));
      const text = [day, month, year].filter(Boolean).join(' ');
      if (/deceased|death/i.test(kind)) entity.deceased = true;
      if (!/birth/i.test(kind) || !text) continue;
      const parsed = parsePartialDate(text);
      if (!parsed) {
        context.warn(value.line, `unreadable ${kind} '${text}'`);
        continue;
      }
      entity.birthDates.push({ quality: parsed.day === undefined ? 'year' : 'exact', from: parsed, text });
    }
  }
}

/** Dow Jones writes its own country codes (THAIL, UK, …): they are read through the CountryList to ISO. */
function resolveDowJonesCountry(code: string, references: ReferenceLists): string | undefined {
  const name = lookupOf(references, 'country').get(code);
  return (name ? resolveCountry(name) : undefined) ?? resolveCountry(code);
}

function readCountries(entity: WatchlistEntity, node: XmlNode, references: ReferenceLists, context: ImportContext): void {
  for (const country of childNodes(node, 'CountryDetails').flatMap((group) => childNodes(group, 'Country'))) {
    const kind = attributeOf(country, 'CountryType');
    const role = COUNTRY_ROLES.find(([pattern]) => pattern.test(kind))?.[1] ?? 'other';
    for (const value of childNodes(country, 'CountryValue')) {
      const code = attributeOf(value, 'Code');
      if (!code) continue;
      const iso = resolveDowJonesCountry(code, references);
      if (!iso) context.warn(value.line, `unknown country code '${code}' kept as written`);
      const resolved = iso ?? code;
      if (!entity.countries.some((known) => known.code === resolved && known.role === role))
        entity.countries.push({ code: resolved, role });
    }
  }
}

function readIdentifiers(entity: WatchlistEntity, node: XmlNode): void {
  for (const id of childNodes(node, 'IDNumberTypes').flatMap((group) => childNodes(group, 'ID'))) {
    const label = attributeOf(id, 'IDType');
    const type = ID_TYPES.find(([pattern]) => pattern.test(label))?.[1] ?? 'other';
    for (const value of childNodes(id, 'IDValue')) {
      const note = [type === 'other' || type === 'national-id' || type === 'registration' ? label : '', attributeOf(value, 'IDnotes')]
        .filter(Boolean)
        .join('; ');
      addIdentifier(entity, { type, value: value.text, note });
    }
  }
}

function readAddresses(entity: WatchlistEntity, node: XmlNode, references: ReferenceLists): void {
  for (const address of [...childNodes(node, 'Address'), ...childNodes(node, 'CompanyDetails')]) {
    const countryCode = childText(address, 'AddressCountry');
    const country = countryCode ? (resolveDowJonesCountry(countryCode, references) ?? countryCode) : undefined;
    const countryName = countryCode ? (lookupOf(references, 'country').get(countryCode) ?? countryCode) : '';
    const city = childText(address, 'AddressCity');
    const full = [childText(address, 'AddressLine'), city, countryName].map(cleanText).filter(Boolean).join(', ');
    if (full) entity.addresses.push({ full, ...(city ? { city } : {}), ...(country ? { country } : {}) });
  }
}

function readSanctionsReferences(entity: WatchlistEntity, node: XmlNode, references: ReferenceLists): void {
  const names = lookupOf(references, 'sanction-reference');
  for (const reference of childNodes(node, 'SanctionsReferences').flatMap((group) => childNodes(group, 'Reference'))) {
    const code = reference.text.trim();
    if (code) addUnique(entity.programmes, names.get(code) ?? `Sanctions reference ${code}`);
    const since = parsePartialDate(
      ['SinceDay', 'SinceMonth', 'SinceYear']
        .map((name) => attributeOf(reference, name))
        .filter(Boolean)
        .join(' '),
    );
    const iso = since ? formatPartialDate(since) : undefined;
    if (iso && (!entity.listedOn || iso < entity.listedOn)) entity.listedOn = iso;
  }
}

function readVessel(entity: WatchlistEntity, node: XmlNode, references: ReferenceLists): void {
  const vessel = childNodes(node, 'VesselDetails')[0];
  if (!vessel) return;
  const flagCode = childText(vessel, 'VesselFlag');
  const details = {
    callSign: childText(vessel, 'VesselCallSign'),
    vesselType: childText(vessel, 'VesselType'),
    tonnage: childText(vessel, 'VesselTonnage'),
    grossRegisteredTonnage: childText(vessel, 'VesselGRT'),
    owner: childText(vessel, 'VesselOwner'),
    flag: flagCode ? (resolveDowJonesCountry(flagCode, references) ?? flagCode) : '',
  };
  entity.vessel = Object.fromEntries(Object.entries(details).filter(([, value]) => value));
  if (details.callSign) addIdentifier(entity, { type: 'call-sign', value: details.callSign });
}
