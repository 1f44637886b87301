/**
 * The hit detail's side-by-side: each field the engine compares, what the customer gave, what the
 * list says, and what the engine made of it (the qualifier's outcome and points from the stored
 * explanation). Pure; reads the entity and explanation as stored with the hit, tolerating fields an
 * older list format did not have.
 */
import type { THitComparison, THitExplanation, TListedEntity } from '@sanad/contracts/customer-profile';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import type { HitExplanation, QualifierEffect, QualifierKind } from '@sanad/screening/matching/screening-types';
import type { EntityDate, WatchlistEntity } from '@sanad/screening/model';

const asArray = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);

function asEntity(entity: unknown): Partial<WatchlistEntity> {
  return entity !== null && typeof entity === 'object' ? (entity as Partial<WatchlistEntity>) : {};
}

function asExplanation(explanation: unknown): HitExplanation | null {
  if (explanation === null || typeof explanation !== 'object') return null;
  const value = explanation as Partial<HitExplanation>;
  return value.name && typeof value.summary === 'string' ? (value as HitExplanation) : null;
}

const datePart = (value: { year: number; month?: number; day?: number }) =>
  [String(value.year), value.month ? String(value.month).padStart(2, '0') : null, value.day ? String(value.day).padStart(2, '0') : null]
    .filter((item) => item !== null)
    .join('-');

function dateText(date: EntityDate): string {
  if (date.text) return date.text;
  return date.to ? `${datePart(date.from)} to ${datePart(date.to)}` : datePart(date.from);
}

const FIELDS: ReadonlyArray<{ field: Exclude<THitComparison['field'], 'name'>; kind: QualifierKind; label: string }> = [
  { field: 'dob', kind: 'dob', label: 'Date of birth' },
  { field: 'nationality', kind: 'nationality', label: 'Nationality' },
  { field: 'country', kind: 'country', label: 'Country of residence' },
  { field: 'gender', kind: 'gender', label: 'Gender' },
  { field: 'father', kind: 'father', label: 'Father or husband' },
  { field: 'id', kind: 'id', label: 'ID number' },
];

export function compareHit(record: TCustomerRecord, fullName: string, stored: unknown, storedExplanation: unknown): THitComparison[] {
  const entity = asEntity(stored);
  const explanation = asExplanation(storedExplanation);
  const countries = asArray(entity.countries);
  const basic = record.basicInfo ?? {};
  const identity = record.identityInfo ?? {};
  const customer: Record<Exclude<THitComparison['field'], 'name'>, string | null> = {
    dob: basic.dateOfBirth || null,
    nationality: basic.nationalityId || basic.nationality || null,
    country: basic.countryOfResidenceId || basic.countryOfResidence || null,
    gender: basic.gender || null,
    father: basic.fatherName || null,
    id: identity.number || identity.passport?.number || null,
  };
  const listed: Record<Exclude<THitComparison['field'], 'name'>, string[]> = {
    dob: asArray(entity.birthDates).map(dateText),
    nationality: countries
      .filter((country) => country.role === 'nationality' || country.role === 'citizenship')
      .map((country) => country.code),
    country: countries.filter((country) => country.role === 'residence' || country.role === 'other').map((country) => country.code),
    gender: entity.gender ? [entity.gender] : [],
    father: asArray(entity.fatherNames),
    id: asArray(entity.identifiers).map((identifier) => `${identifier.value} (${identifier.type})`),
  };
  const effects = new Map<QualifierKind, QualifierEffect>(asArray(explanation?.qualifiers).map((effect) => [effect.kind, effect]));
  const nameRow: THitComparison = {
    field: 'name',
    label: 'Name',
    customer: fullName || null,
    listed: explanation ? [explanation.name.listed] : asArray(entity.names).map((name) => name.full),
    outcome: explanation ? (explanation.name.score >= 100 ? 'match' : 'partial') : 'not-compared',
    points: explanation ? explanation.name.score : null,
    detail: explanation ? `Name similarity ${Math.round(explanation.name.score)} of 100 (${explanation.name.listedNameType} name)` : null,
  };
  return [
    nameRow,
    ...FIELDS.map(({ field, kind, label }) => {
      const effect = effects.get(kind);
      return {
        field,
        label,
        customer: customer[field],
        listed: listed[field],
        outcome: effect?.outcome ?? 'not-compared',
        points: effect ? effect.points : null,
        detail: effect?.detail ?? null,
      } satisfies THitComparison;
    }),
  ];
}

export function explanationOf(stored: unknown): THitExplanation | null {
  const explanation = asExplanation(stored);
  if (!explanation) return null;
  const name = explanation.name;
  return {
    summary: explanation.summary,
    threshold: explanation.threshold,
    nameScore: name.score,
    listedName: name.listed,
    listedNameType: name.listedNameType,
    words: asArray(name.words).map((word) => ({
      query: word.query,
      listed: word.listed,
      similarity: word.similarity,
      how: String(word.how),
    })),
    unmatchedQuery: asArray(name.unmatchedQuery),
    unmatchedListed: asArray(name.unmatchedListed),
    mixedScriptWords: asArray(name.mixedScriptWords),
  };
}

export function listedEntityOf(stored: unknown, listKey: string, entityId: string): TListedEntity {
  const entity = asEntity(stored);
  return {
    entityId,
    listKey,
    entityType: entity.type ?? 'person',
    names: asArray(entity.names).map((name) => ({ full: name.full, type: name.type })),
    associates: asArray(entity.associates).map((associate) => ({ name: associate.name, relationship: associate.relationship })),
    programmes: asArray(entity.programmes),
    categories: asArray(entity.categories),
    positions: asArray(entity.positions),
    addresses: asArray(entity.addresses).map((address) => address.full),
    birthPlaces: asArray(entity.birthPlaces),
    listedOn: entity.listedOn ?? null,
    updatedOn: entity.updatedOn ?? null,
    recordStatus: entity.recordStatus ?? null,
    remarks: entity.remarks ?? null,
  };
}
