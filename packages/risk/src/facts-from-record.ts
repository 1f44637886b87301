/**
 * Maps a customer or company registration record to the engine's facts. The record's
 * `*Id` fields are read as factor value codes: the reference dropdowns are served from the factor
 * tables, so the id a form stores is the value's code. Values are read defensively (strings,
 * numbers, 'yes'/'no', small objects), because stored records come from several form versions.
 * Facts that live outside the record (screening hits, adverse media, the document check, purpose,
 * assets under management) come in through the context.
 */
import { PEP_QUESTIONS, REGISTRY_FLAGS, type DocumentStatus, type RiskFacts, type ScreeningHitInput } from './risk-facts';
import type { SubjectType } from './risk-factor.schema';
import { toInstant } from './review-date';

type Loose = Record<string, unknown>;

/** The fields of the registration record the engine reads; everything else is ignored. */
export interface CustomerRecord {
  type?: unknown;
  verificationStatus?: { liveness?: unknown; face?: unknown } | null;
  hasInsolvencyHistory?: unknown;
  undeliverableRegisteredOfficeAddress?: unknown;
  confirmationStatementOverdue?: unknown;
  accountsOverdue?: unknown;
  registeredOfficeIsInDispute?: unknown;
  basicInfo?: {
    genderId?: unknown;
    nationalityId?: unknown;
    countryOfResidenceId?: unknown;
    companyRelationship?: unknown;
    hasOtherNationalities?: unknown;
    otherNationalities?: unknown;
    companyType?: unknown;
  } | null;
  identityInfo?: { expiryDate?: unknown; isLifetimeExpiry?: unknown; passport?: { expiryDate?: unknown } | null } | null;
  occupationInfo?: { workTypeId?: unknown; industryId?: unknown } | null;
  pepDeclaration?: Partial<Record<(typeof PEP_QUESTIONS)[number], unknown>> | null;
  contactInfo?: { stateId?: unknown } | null;
  accountInfo?: { products?: unknown; isf2f?: unknown; isStr?: unknown } | null;
  additionalInfo?: { investment?: unknown } | null;
  customInfo?: Loose | null;
  dynamicInputValues?: Loose | null;
}

export interface RecordContext {
  /** Overrides the subject type read from record.type ('company'/'kyb' → company, else individual). */
  subjectType?: SubjectType;
  screeningHits?: ScreeningHitInput[];
  /** Adverse-media outcome code (defaults: none, unconfirmed, confirmed). */
  adverseMedia?: string;
  /** From document verification. Without it, an expired or soon-expiring identity document is read from the record when `now` is given. */
  documentStatus?: DocumentStatus;
  purposeOfAction?: string;
  assetsUnderManagement?: number | string;
  countryOfIncorporation?: string;
  now?: Date | string;
  /** A document expiring within this many days of `now` is 'nearing-expiry'. Default 90. */
  nearExpiryDays?: number;
}

const DEFAULT_NEAR_EXPIRY_DAYS = 90;
const DAY_MS = 86_400_000;

export function factsFromCustomerRecord(record: CustomerRecord, context: RecordContext = {}): RiskFacts {
  const basic = record.basicInfo ?? {};
  const subjectType = context.subjectType ?? readSubjectType(record.type);
  const facts: RiskFacts = { subjectType };

  const nationalities = [toCode(basic.nationalityId)];
  if (toBoolean(basic.hasOtherNationalities) !== false) nationalities.push(...toCodeList(basic.otherNationalities));
  assign(facts, 'nationalities', dedupe(nationalities));
  assign(facts, 'countryOfResidence', toCode(basic.countryOfResidenceId));
  assign(facts, 'countryOfIncorporation', toCode(context.countryOfIncorporation));
  assign(facts, 'state', toCode(record.contactInfo?.stateId));
  assign(facts, 'workType', toCode(record.occupationInfo?.workTypeId));
  assign(facts, 'industry', toCode(record.occupationInfo?.industryId));
  assign(facts, 'products', dedupe(toCodeList(record.accountInfo?.products)));
  assign(facts, 'relationship', toCode(basic.companyRelationship));
  assign(facts, 'investment', toAmountOrCode(record.additionalInfo?.investment));
  assign(facts, 'isFaceToFace', toBoolean(record.accountInfo?.isf2f));
  assign(facts, 'purposeOfAction', toCode(context.purposeOfAction));
  assign(facts, 'gender', toCode(basic.genderId));
  assign(facts, 'assetsUnderManagement', toAmountOrCode(context.assetsUnderManagement));
  assign(facts, 'hasSarHistory', toBoolean(record.accountInfo?.isStr));
  assign(facts, 'adverseMedia', toCode(context.adverseMedia));
  if (subjectType === 'company') assign(facts, 'entityType', toCode(basic.companyType));
  assign(facts, 'pepAnswers', readPepAnswers(record.pepDeclaration));
  assign(facts, 'documentStatus', context.documentStatus ?? readExpiryStatus(record, context));
  assign(facts, 'faceMatch', readFaceMatch(record.verificationStatus?.face));
  assign(facts, 'liveness', readLiveness(record.verificationStatus?.liveness));
  if (context.screeningHits) facts.screeningHits = context.screeningHits.map((hit) => ({ ...hit }));
  assign(facts, 'registryFlags', readRegistryFlags(record));
  assign(facts, 'custom', readCustomFields(record.customInfo, record.dynamicInputValues));
  return facts;
}

function assign<K extends keyof RiskFacts>(facts: RiskFacts, key: K, value: RiskFacts[K] | undefined): void {
  if (value !== undefined) facts[key] = value;
}

function readSubjectType(type: unknown): SubjectType {
  return typeof type === 'string' && /company|kyb|corporate|business/i.test(type) ? 'company' : 'individual';
}

/** A code from a string, a number, or an option object ({ code | value | _id | id }). */
function toCode(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const option = value as Loose;
    for (const key of ['code', 'value', 'nationalityId', 'countryId', 'productId', '_id', 'id']) {
      const code = toCode(option[key]);
      if (code !== undefined) return code;
    }
  }
  return undefined;
}

/** A list from an array of codes or options, or from one comma-separated string. */
function toCodeList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(toCode).filter((code): code is string => code !== undefined);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  const single = toCode(value);
  return single === undefined ? [] : [single];
}

function dedupe(codes: readonly (string | undefined)[]): string[] | undefined {
  const unique = [...new Set(codes.filter((code): code is string => code !== undefined))];
  return unique.length > 0 ? unique : undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(text)) return true;
  if (['false', 'no', 'n', '0'].includes(text)) return false;
  return undefined;
}

/** Numbers (and numeric strings such as "1,500,000") are amounts for the bands; other text is a band code. */
function toAmountOrCode(value: unknown): number | string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return toCode(value);
  const numeric = value.replaceAll(',', '').trim();
  return /^-?\d+(\.\d+)?$/.test(numeric) ? Number(numeric) : value.trim();
}

function readPepAnswers(declaration: CustomerRecord['pepDeclaration']): RiskFacts['pepAnswers'] {
  if (!declaration) return undefined;
  const answers: NonNullable<RiskFacts['pepAnswers']> = {};
  let isAnswered = false;
  for (const question of PEP_QUESTIONS) {
    const answer = toBoolean(declaration[question]);
    if (answer === undefined) continue;
    answers[question] = answer;
    isAnswered = true;
  }
  return isAnswered ? answers : undefined;
}

function readRegistryFlags(record: CustomerRecord): RiskFacts['registryFlags'] {
  const flags: NonNullable<RiskFacts['registryFlags']> = {};
  let isAny = false;
  for (const flag of REGISTRY_FLAGS) {
    const value = toBoolean(record[flag]);
    if (value === undefined) continue;
    flags[flag] = value;
    isAny = true;
  }
  return isAny ? flags : undefined;
}

const MATCHED_WORDS = new Set(['matched', 'match', 'passed', 'pass', 'verified', 'approved', 'completed', 'success', 'live', 'true']);
const FAILED_WORDS = new Set(['notmatched', 'not-matched', 'mismatched', 'failed', 'fail', 'rejected', 'spoof', 'false']);

function readOutcome(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase().replaceAll(' ', '');
  if (MATCHED_WORDS.has(word)) return true;
  if (FAILED_WORDS.has(word)) return false;
  return undefined;
}

function readFaceMatch(value: unknown): RiskFacts['faceMatch'] {
  const outcome = readOutcome(value);
  return outcome === undefined ? undefined : outcome ? 'matched' : 'not-matched';
}

function readLiveness(value: unknown): RiskFacts['liveness'] {
  const outcome = readOutcome(value);
  return outcome === undefined ? undefined : outcome ? 'passed' : 'failed';
}

/** Only expiry can be read from the record; whether the document matched comes from verification. */
function readExpiryStatus(record: CustomerRecord, context: RecordContext): DocumentStatus | undefined {
  const identity = record.identityInfo;
  if (!identity || context.now === undefined || toBoolean(identity.isLifetimeExpiry) === true) return undefined;
  const expiries = [parseDate(identity.expiryDate), parseDate(identity.passport?.expiryDate)].filter(
    (time): time is number => time !== undefined,
  );
  if (expiries.length === 0) return undefined;
  const now = toInstant(context.now).getTime();
  const earliest = Math.min(...expiries);
  if (earliest < now) return 'expired';
  const days = context.nearExpiryDays ?? DEFAULT_NEAR_EXPIRY_DAYS;
  return earliest - now <= days * DAY_MS ? 'nearing-expiry' : undefined;
}

/** YYYY-MM-DD (optionally with a time) or DD-MM-YYYY / DD/MM/YYYY, the two forms the spec uses. */
function parseDate(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const dayFirst = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  const iso = dayFirst ? `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}` : text;
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return undefined;
  const time = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The custom answers: customInfo by field key, then dynamicInputValues (older records keep answers
 * there); a key both hold is read from the first. A list (a multi-select) keeps its non-empty
 * options and is missing when none is left; objects (a file or signature answer) are not facts.
 */
function readCustomFields(...sources: (Loose | null | undefined)[]): RiskFacts['custom'] {
  const custom: NonNullable<RiskFacts['custom']> = {};
  let isAny = false;
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [field, value] of Object.entries(source)) {
      if (field in custom) continue;
      const fact = readCustomValue(value);
      if (fact === undefined) continue;
      custom[field] = fact;
      isAny = true;
    }
  }
  return isAny ? custom : undefined;
}

function readCustomValue(value: unknown): NonNullable<RiskFacts['custom']>[string] | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (!Array.isArray(value)) return undefined;
  const options = value.flatMap((item) => (typeof item === 'string' && item.trim() !== '' ? [item.trim()] : []));
  return options.length > 0 ? options : undefined;
}
