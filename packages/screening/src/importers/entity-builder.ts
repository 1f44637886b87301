import type { CountryRole, EntityIdentifier, EntityName, EntityType, HitType, NameType, WatchlistEntity } from '../model';
import { resolveCountry } from './country-resolver';
import { type NumericDateOrder, parseEntityDate } from './date-parser';
import type { ImportWarning } from './import-result';
import { ListImportError } from './list-import-error';
import { detectScript } from './script-detector';

/** Collects warnings for one file and raises its fatal errors, so every importer words them alike. */
export class ImportContext {
  readonly warnings: ImportWarning[] = [];
  file: string | undefined;

  constructor(file?: string) {
    this.file = file;
  }

  warn(row: number, reason: string): void {
    this.warnings.push(this.file ? { file: this.file, row, reason } : { row, reason });
  }

  fail(row: number | null, reason: string): never {
    throw new ListImportError(reason, row, this.file);
  }
}

export function createEntity(id: string, list: string, type: EntityType, hitType: HitType): WatchlistEntity {
  return {
    id,
    list,
    type,
    names: [],
    birthDates: [],
    birthPlaces: [],
    countries: [],
    identifiers: [],
    fatherNames: [],
    addresses: [],
    associates: [],
    programmes: [],
    hitType,
    categories: [],
  };
}

const NEEDS_CLEANING = /^\s|\s$|\s\s|[^\S ]/;

/** Collapses runs of white space (line breaks inside XML text included) and trims. */
export function cleanText(text: string | undefined): string {
  if (!text) return '';
  // Most values are already clean; the replace only runs when there is something to collapse.
  return NEEDS_CLEANING.test(text) ? text.replaceAll(/\s+/g, ' ').trim() : text;
}

/** Adds a name once; the script is detected for non-Latin names. Returns false for an empty name. */
export function addName(entity: WatchlistEntity, full: string, type: NameType, parts: Omit<EntityName, 'full' | 'type'> = {}): boolean {
  const cleaned = cleanText(full);
  if (!cleaned) return false;
  const key = cleaned.toLowerCase();
  if (entity.names.some((name) => name.full.toLowerCase() === key)) return true;
  const name: EntityName = { full: cleaned, type };
  for (const [part, value] of Object.entries(parts) as [keyof typeof parts, string | undefined][]) {
    const text = cleanText(value);
    if (text) name[part] = text;
  }
  const script = name.script ?? detectScript(cleaned);
  if (script) name.script = script;
  entity.names.push(name);
  return true;
}

/**
 * 'CIFUENTES VILLA, Jorge Milton' → full 'Jorge Milton CIFUENTES VILLA' with family and given
 * parts: OFAC and the UK write persons surname first, and the natural order reads better in a hit.
 */
export function splitSurnameFirst(printed: string): { full: string; given?: string; family?: string } {
  const cleaned = cleanText(printed);
  const comma = cleaned.indexOf(',');
  if (comma <= 0) return { full: cleaned };
  const family = cleaned.slice(0, comma).trim();
  const given = cleaned.slice(comma + 1).trim();
  if (!given) return { full: family };
  return { full: `${given} ${family}`, given, family };
}

/** Adds a country by name or code; an unknown one is kept as the source wrote it, with a warning. */
export function addCountry(entity: WatchlistEntity, text: string, role: CountryRole, context: ImportContext, row: number): void {
  const cleaned = cleanText(text);
  if (!cleaned) return;
  const resolved = resolveCountry(cleaned);
  if (!resolved) context.warn(row, `unknown country '${cleaned}' kept as written`);
  const code = resolved ?? cleaned;
  if (!entity.countries.some((country) => country.code === code && country.role === role)) entity.countries.push({ code, role });
}

export function addIdentifier(entity: WatchlistEntity, identifier: EntityIdentifier): void {
  const value = cleanText(identifier.value);
  if (!value) return;
  const existing = entity.identifiers.find((known) => known.type === identifier.type && known.value === value);
  if (existing) return;
  const cleaned: EntityIdentifier = { type: identifier.type, value };
  if (identifier.country) cleaned.country = identifier.country;
  const note = cleanText(identifier.note);
  if (note) cleaned.note = note;
  entity.identifiers.push(cleaned);
}

/** Adds a date of birth; text that is no date is a warning, never a silent loss. */
export function addBirthDate(
  entity: WatchlistEntity,
  text: string,
  context: ImportContext,
  row: number,
  order: NumericDateOrder = 'dmy',
): void {
  const cleaned = cleanText(text);
  if (!cleaned) return;
  const date = parseEntityDate(cleaned, order);
  if (!date) {
    context.warn(row, `unreadable date of birth '${cleaned}'`);
    return;
  }
  const key = JSON.stringify([date.quality, date.from, date.to]);
  if (!entity.birthDates.some((known) => JSON.stringify([known.quality, known.from, known.to]) === key)) entity.birthDates.push(date);
}

/** Appends a text value to a string list once, ignoring empty text. */
export function addUnique(values: string[], text: string | undefined): void {
  const cleaned = cleanText(text);
  if (cleaned && !values.includes(cleaned)) values.push(cleaned);
}

/** Adds functions and titles once each, ignoring empty text; an entity without any keeps no positions list. */
export function addPositions(entity: WatchlistEntity, texts: readonly string[]): void {
  for (const text of texts) if (text) addUnique((entity.positions ??= []), text);
}

export function parseGender(text: string): 'male' | 'female' | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'm' || value === 'male') return 'male';
  if (value === 'f' || value === 'female') return 'female';
  return undefined;
}

/** Resolves a country for an identifier or address, returning the code or the text as written. */
export function countryCode(text: string): string | undefined {
  const cleaned = cleanText(text);
  if (!cleaned) return undefined;
  return resolveCountry(cleaned) ?? cleaned;
}

/**
 * Adds a postal address as the list prints it; its country, where there is one, also counts as a
 * residence country of a person and as an 'other' country of anything else.
 */
export function addAddress(entity: WatchlistEntity, full: string, country: string, context: ImportContext, row: number, city = ''): void {
  const code = country ? countryCode(country) : undefined;
  entity.addresses.push({ full, ...(city ? { city } : {}), ...(code ? { country: code } : {}) });
  if (country) addCountry(entity, country, entity.type === 'person' ? 'residence' : 'other', context, row);
}

/** A record without any name cannot be screened: that is fatal for the whole file. */
export function assertNamed(entity: WatchlistEntity, context: ImportContext, row: number): void {
  if (entity.names.length === 0) context.fail(row, `record ${entity.id} has no name`);
  if (!entity.names.some((name) => name.type === 'primary')) {
    const first = entity.names[0];
    if (first) first.type = 'primary';
  }
}

/**
 * "Father's name is Hajji 'Abd-al-Manaf." — UN and UK remarks name a father or husband in prose;
 * lists in South Asia and the Gulf identify people by it, so the matcher can use it.
 */
export function extractFatherNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/\b(?:father|husband)[’']?s?\s+name\s*(?:is|:|was)?\s+([^.;()\n]+)/gi)) {
    addUnique(names, match[1]?.replace(/\s+\S*\d\S*$/, ''));
  }
  return names;
}
