/**
 * The facts beside a name that confirm or contradict a name match: identification number (an
 * exact match is decisive), date of birth, nationality, country, gender and father's name. Each
 * gives points added to the name score, with the reason, so a reviewer sees why a hit rose or fell.
 */
import type { EntityDate, WatchlistEntity } from '../model';
import { resolveCountryCode } from '../normalize/country-codes';
import { parseEntityDate } from '../importers/date-parser';
import type { NameNormalizer } from '../normalize/name-normalizer';
import type { NameToken, NormalizedName } from '../normalize/name-types';
import { BIRTH_DATE_POINTS, compareBirthDates } from './birth-date-comparison';
import { alignNames, DirectWordComparer } from './name-alignment';
import type { QualifierEffect, ScreeningQuery } from './screening-types';
import { compareTokens } from './token-similarity';

export const QUALIFIER_POINTS = {
  nationalityMatch: 3,
  nationalityMismatch: -8,
  countryMatch: 2,
  genderMatch: 1,
  genderMismatch: -12,
  fatherMatch: 8,
  fatherInName: 5,
  fatherMismatch: -25,
};

/** The most the facts a query gives can add to a name score (short of an ID match); bounds candidate pruning. */
export function possibleQualifierBonus(facts: QueryFacts): number {
  let bonus = 0;
  if (facts.dob) bonus += BIRTH_DATE_POINTS.sameDay;
  if (facts.nationality) bonus += QUALIFIER_POINTS.nationalityMatch;
  if (facts.country) bonus += QUALIFIER_POINTS.countryMatch;
  if (facts.gender) bonus += QUALIFIER_POINTS.genderMatch;
  if (facts.father) bonus += QUALIFIER_POINTS.fatherMatch;
  return bonus;
}

const MIN_ID_LENGTH = 5;
const FATHER_MATCH = 0.85;
const FATHER_MISMATCH = 0.55;

export interface QueryFacts {
  dob?: EntityDate;
  nationality?: string;
  country?: string;
  gender?: 'male' | 'female';
  father?: NormalizedName;
  idNumber?: string;
}

/** Identification numbers compare on letters and digits only, upper case. */
export function normalizeIdNumber(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function readGender(text: string | undefined): 'male' | 'female' | undefined {
  const value = text?.trim().toLowerCase();
  if (!value) return undefined;
  if (['m', 'male', 'man', 'masculine'].includes(value)) return 'male';
  if (['f', 'female', 'woman', 'feminine'].includes(value)) return 'female';
  return undefined;
}

export function readQueryFacts(query: ScreeningQuery, normalizer: NameNormalizer): QueryFacts {
  const facts: QueryFacts = {};
  // Day first, as everywhere but the United States; a date that only reads month first ('06/29/1960') is taken so.
  const dob = query.dob?.trim() ? (parseEntityDate(query.dob.trim()) ?? parseEntityDate(query.dob.trim(), 'mdy')) : undefined;
  if (dob) facts.dob = dob;
  const nationality = resolveCountryCode(query.nationality);
  if (nationality) facts.nationality = nationality;
  const country = resolveCountryCode(query.country);
  if (country) facts.country = country;
  const gender = readGender(query.gender);
  if (gender) facts.gender = gender;
  if (query.fatherName?.trim()) facts.father = normalizer.normalize(query.fatherName, 'person');
  const idNumber = query.idNumber ? normalizeIdNumber(query.idNumber) : '';
  if (idNumber.length >= MIN_ID_LENGTH) facts.idNumber = idNumber;
  return facts;
}

function compareIdentifiers(idNumber: string | undefined, entity: WatchlistEntity): QualifierEffect | undefined {
  if (!idNumber) return undefined;
  const match = entity.identifiers.find((identifier) => normalizeIdNumber(identifier.value) === idNumber);
  if (!match) return undefined;
  const where = match.country ? ` (${match.country})` : '';
  return { kind: 'id', outcome: 'decisive', points: 0, detail: `identification number matches the listed ${match.type}${where}` };
}

function compareNationality(facts: QueryFacts, entity: WatchlistEntity): QualifierEffect | undefined {
  if (!facts.nationality) return undefined;
  const listed = entity.countries.filter((country) => country.role === 'nationality' || country.role === 'citizenship');
  if (listed.length === 0) return undefined;
  const codes = listed.map((country) => resolveCountryCode(country.code) ?? country.code);
  if (codes.includes(facts.nationality)) {
    return {
      kind: 'nationality',
      outcome: 'match',
      points: QUALIFIER_POINTS.nationalityMatch,
      detail: `nationality ${facts.nationality} is listed`,
    };
  }
  return {
    kind: 'nationality',
    outcome: 'mismatch',
    points: QUALIFIER_POINTS.nationalityMismatch,
    detail: `customer nationality ${facts.nationality}, listed ${codes.join(', ')}`,
  };
}

function compareCountry(facts: QueryFacts, entity: WatchlistEntity): QualifierEffect | undefined {
  if (!facts.country || entity.countries.length === 0) return undefined;
  const codes = new Set(entity.countries.map((country) => resolveCountryCode(country.code) ?? country.code));
  for (const address of entity.addresses) {
    const code = resolveCountryCode(address.country);
    if (code) codes.add(code);
  }
  if (!codes.has(facts.country)) return undefined;
  return {
    kind: 'country',
    outcome: 'match',
    points: QUALIFIER_POINTS.countryMatch,
    detail: `country ${facts.country} is linked to the listing`,
  };
}

function compareGender(facts: QueryFacts, entity: WatchlistEntity): QualifierEffect | undefined {
  if (!facts.gender || !entity.gender) return undefined;
  return facts.gender === entity.gender
    ? { kind: 'gender', outcome: 'match', points: QUALIFIER_POINTS.genderMatch, detail: `gender ${entity.gender}` }
    : {
        kind: 'gender',
        outcome: 'mismatch',
        points: QUALIFIER_POINTS.genderMismatch,
        detail: `customer ${facts.gender}, listed ${entity.gender}`,
      };
}

function fatherSimilarity(father: NormalizedName, listed: readonly NameToken[]): number {
  return alignNames(father.tokens, listed, new DirectWordComparer(father.tokens, listed), true).similarity;
}

/**
 * Against the listed father's names when the list gives them; otherwise the father's name may be
 * part of the listed name itself ('Usama bin Muhammad bin Awad'), which can confirm but not deny.
 */
function compareFather(
  facts: QueryFacts,
  entity: WatchlistEntity,
  normalizer: NameNormalizer,
  listedNameWords: readonly NameToken[],
): QualifierEffect | undefined {
  const father = facts.father;
  if (!father || father.tokens.length === 0) return undefined;
  if (entity.fatherNames.length > 0) {
    let best = 0;
    let bestName = entity.fatherNames[0]!;
    for (const name of entity.fatherNames) {
      const similarity = fatherSimilarity(father, normalizer.normalize(name, 'person').tokens);
      if (similarity > best) [best, bestName] = [similarity, name];
    }
    if (best >= FATHER_MATCH)
      return {
        kind: 'father',
        outcome: 'match',
        points: QUALIFIER_POINTS.fatherMatch,
        detail: `father's name matches listed '${bestName}'`,
      };
    if (best < FATHER_MISMATCH) {
      return {
        kind: 'father',
        outcome: 'mismatch',
        points: QUALIFIER_POINTS.fatherMismatch,
        detail: `customer's father '${father.original}', listed '${entity.fatherNames.join("', '")}'`,
      };
    }
    return { kind: 'father', outcome: 'partial', points: 0, detail: `father's name partly matches listed '${bestName}'` };
  }
  const inName = father.tokens.every((token) => listedNameWords.some((word) => compareTokens(token, word).similarity >= FATHER_MATCH));
  if (!inName) return undefined;
  return {
    kind: 'father',
    outcome: 'match',
    points: QUALIFIER_POINTS.fatherInName,
    detail: `father's name '${father.original}' appears in the listed name`,
  };
}

/** Every qualifier that applies, in a stable order; an ID match comes first and is decisive. */
export function scoreQualifiers(
  facts: QueryFacts,
  entity: WatchlistEntity,
  normalizer: NameNormalizer,
  listedNameWords: readonly NameToken[],
): QualifierEffect[] {
  const effects = [
    compareIdentifiers(facts.idNumber, entity),
    compareBirthDates(facts.dob, entity.birthDates),
    compareNationality(facts, entity),
    compareCountry(facts, entity),
    compareGender(facts, entity),
    compareFather(facts, entity, normalizer, listedNameWords),
  ];
  return effects.filter((effect): effect is QualifierEffect => effect !== undefined);
}
