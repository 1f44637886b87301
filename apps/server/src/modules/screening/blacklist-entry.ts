import { randomBytes } from 'node:crypto';
import type { TBlacklistEntry, TBlacklistEntryInput } from '@sanad/contracts/screening';
import type { EntityName, WatchlistEntity } from '@sanad/screening/model';
import { parseEntityDate } from '@sanad/screening/importers/date-parser';
import type { BlacklistRow } from './blacklist.repository';

export const SANAD_LIST_KEY = 'sanad-list';

/** A readable id for an entry added by hand: 'SL-' and eight base-32 characters. */
export function newEntityId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `SL-${[...randomBytes(8)].map((byte) => alphabet[byte % 32]).join('')}`;
}

const pad = (value: number | undefined) => (value === undefined ? '' : String(value).padStart(2, '0'));

/** What the form shows of an entry: the primary name, the other names, and the first of each other fact. */
function shownFields(entity: WatchlistEntity) {
  const primary = entity.names.find((name) => name.type === 'primary') ?? entity.names[0];
  const birth = entity.birthDates[0];
  return {
    primary,
    name: primary?.full ?? '',
    aliases: entity.names.filter((name) => name !== primary).map((name) => name.full),
    dateOfBirth: birth ? [String(birth.from.year), pad(birth.from.month), pad(birth.from.day)].filter(Boolean).join('-') : '',
    nationality: entity.countries.find((country) => country.role === 'nationality')?.code ?? '',
    idNumber: entity.identifiers[0]?.value ?? '',
    fatherName: entity.fatherNames[0] ?? '',
  };
}

export function toBlacklistEntry(row: BlacklistRow): TBlacklistEntry {
  const { entity } = row;
  const shown = shownFields(entity);
  return {
    _id: row.id,
    entityId: row.entityId,
    title: shown.primary?.full ?? row.entityId,
    status: row.status,
    type: entity.type,
    name: shown.name,
    aliases: shown.aliases,
    dateOfBirth: shown.dateOfBirth,
    gender: entity.gender ?? '',
    nationality: shown.nationality,
    idNumber: shown.idNumber,
    fatherName: shown.fatherName,
    hitType: entity.hitType,
    reason: row.reason,
    updatedAt: row.updatedAt,
  };
}

/** The form shows one item of a list: a changed value replaces that item, a cleared one removes it, the rest stay. */
function replaceFirst<T>(
  items: readonly T[],
  shown: string,
  value: string,
  make: (value: string, first: T | undefined) => T | undefined,
): T[] {
  if (value === shown) return [...items];
  const [first, ...rest] = items;
  const replacement = value ? make(value, first) : undefined;
  return replacement === undefined ? rest : [replacement, ...rest];
}

/**
 * The entry with the form's values: only what the form changed changes, so an entry imported with
 * addresses, associates, several documents or dates keeps them when a user corrects its name.
 */
export function applyEntryInput(entity: WatchlistEntity, input: TBlacklistEntryInput): WatchlistEntity {
  const shown = shownFields(entity);
  const primary: EntityName = input.name === shown.primary?.full ? shown.primary : { full: input.name, type: 'primary' };
  const others = new Map(entity.names.filter((name) => name !== shown.primary).map((name) => [name.full, name]));
  const nationalities = entity.countries.filter((country) => country.role === 'nationality');
  const { remarks: _remarks, gender: _gender, ...rest } = entity;
  return {
    ...rest,
    type: input.type,
    hitType: input.hitType,
    names: [primary, ...input.aliases.map((alias): EntityName => others.get(alias) ?? { full: alias, type: 'aka' })],
    ...(input.gender ? { gender: input.gender } : {}),
    birthDates: replaceFirst(entity.birthDates, shown.dateOfBirth, input.dateOfBirth, (value) => parseEntityDate(value)),
    countries: [
      ...replaceFirst(nationalities, shown.nationality, input.nationality, (code) => ({ code, role: 'nationality' as const })),
      ...entity.countries.filter((country) => country.role !== 'nationality'),
    ],
    identifiers: replaceFirst(entity.identifiers, shown.idNumber, input.idNumber, (value, first) => ({
      type: first?.type ?? 'national-id',
      value,
      ...(first?.country ? { country: first.country } : {}),
    })),
    fatherNames: replaceFirst(entity.fatherNames, shown.fatherName, input.fatherName, (value) => value),
    ...(input.reason ? { remarks: input.reason } : {}),
  };
}

/** A new entry from the form. */
export function entityFromInput(entityId: string, input: TBlacklistEntryInput): WatchlistEntity {
  const empty: WatchlistEntity = {
    id: entityId,
    list: SANAD_LIST_KEY,
    type: input.type,
    names: [],
    birthDates: [],
    birthPlaces: [],
    countries: [],
    identifiers: [],
    fatherNames: [],
    addresses: [],
    associates: [],
    programmes: [],
    hitType: input.hitType,
    categories: [],
  };
  return applyEntryInput(empty, input);
}
