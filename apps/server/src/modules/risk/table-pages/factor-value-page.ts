/**
 * One factor page (country, industry, name-screen-score, …, or a custom field's factor): the
 * factor's table of values. Code factors take code, title, score, override; band factors add min
 * and max; the name-screening factor adds the hit type (RK-08).
 */
import { ZFactorValueSave, type TFactorValueRow, type TFactorValueSave } from '@sanad/contracts/risk-configuration';
import {
  BUILT_IN_FACTOR_KINDS,
  NO_HIT_CODE,
  type BuiltInFactorKey,
  type CustomFactorKey,
  type FactorKey,
  type FactorKind,
} from '@sanad/risk/risk-factor.schema';
import { AppError } from '../../../platform/http/app-error';
import type { FieldErrors } from '../../../platform/http/app-error';
import {
  findFactorValue,
  insertFactorValues,
  listFactorValues,
  listValuesOfFactor,
  updateFactorValue,
  type FactorValueFields,
} from './factor-values.repository';
import { findFactorByKey } from './risk-factors.repository';
import { csvNumber, csvStatus, csvText, sameNote, type TablePage } from './table-page';

const NOUNS: Partial<Record<BuiltInFactorKey, string>> = {
  country: 'country',
  nationality: 'nationality',
  workType: 'work type',
  purposeOfAction: 'purpose of action',
  aum: 'assets-under-management band',
  investment: 'investment band',
  nameScreening: 'name-screening band',
  documentVerification: 'document verification value',
  adverseMedia: 'adverse-media value',
  entityType: 'entity type',
  pep: 'PEP answer',
  sar: 'SAR value',
};

function toFields(value: TFactorValueSave): FactorValueFields {
  return {
    code: value.code,
    title: value.title,
    score: value.score,
    status: value.status,
    overrideTo: value.overrideTo ?? null,
    min: value.min ?? null,
    max: value.max ?? null,
    hitType: value.hitType ?? null,
    reason: value.reason ? value.reason : null,
    source: value.source ? value.source : null,
  };
}

function prepareValue(
  kind: FactorKind,
  input: TFactorValueSave,
  existing: TFactorValueRow | null,
): { value: TFactorValueSave; errors: FieldErrors | null } {
  const errors: FieldErrors = {};
  const value: TFactorValueSave = { ...input };
  // Customer records store the code, so changing it would silently unlink them.
  if (existing && existing.code.toLowerCase() !== input.code.toLowerCase()) {
    errors.code = ['The code cannot be changed: archive this value and add a new one'];
  }
  const isPlainCode = kind === 'code' || (kind === 'hit-band' && input.code.toLowerCase() === NO_HIT_CODE);
  if (isPlainCode) {
    value.min = null;
    value.max = null;
    value.hitType = null;
  } else {
    if (kind === 'band') value.hitType = null;
    if (kind === 'hit-band' && !value.hitType) errors.hitType = ['Hit type is required'];
    if (value.min === null || value.min === undefined) errors.min = ['Min is required'];
    else if (value.max !== null && value.max !== undefined && value.max <= value.min) errors.max = ['Max must be above min'];
    if (kind === 'hit-band' && ((value.min ?? 0) < 0 || (value.max ?? 0) > 100)) errors.min = ['Match-score bands run from 0 to 100'];
  }
  return { value, errors: Object.keys(errors).length > 0 ? errors : null };
}

export function createFactorValuePage(page: string, factorKey: BuiltInFactorKey): TablePage<TFactorValueRow, TFactorValueSave> {
  return factorValuePage(page, factorKey, BUILT_IN_FACTOR_KINDS[factorKey], NOUNS[factorKey] ?? `${factorKey} value`);
}

/**
 * The values of a factor on a custom field (`custom:<key>`), a code factor. Its page exists only
 * once the factor does, so values never outlive or precede their factor.
 */
export function createCustomFactorValuePage(factorKey: CustomFactorKey): TablePage<TFactorValueRow, TFactorValueSave> {
  return {
    ...factorValuePage(factorKey, factorKey, 'code', 'value'),
    async assertAvailable(db, segment) {
      if (!(await findFactorByKey(db, segment, factorKey))) throw AppError.notFound(`There is no risk factor ${factorKey}`);
    },
  };
}

function factorValuePage(page: string, factorKey: FactorKey, kind: FactorKind, noun: string): TablePage<TFactorValueRow, TFactorValueSave> {
  const bandColumns = kind === 'hit-band' ? ['hitType', 'min', 'max'] : kind === 'band' ? ['min', 'max'] : [];
  return {
    page,
    noun,
    schema: ZFactorValueSave,
    canCreate: true,
    keyField: 'code',
    requiredColumns: ['code', 'title', 'score'],
    csvColumns: ['code', 'title', ...bandColumns, 'score', 'overrideTo', 'status', 'reason', 'source'],
    list: (db, segment, query) => listFactorValues(db, segment, factorKey, query),
    all: (db, segment) => listValuesOfFactor(db, segment, factorKey),
    find: (db, segment, id) => findFactorValue(db, segment, factorKey, id),
    prepare: (input, existing) => prepareValue(kind, input, existing),
    keyOf: (item) => item.code.toLowerCase(),
    titleOf: (item) => item.title,
    isSame(row, input) {
      return (
        row.code === input.code &&
        row.title === input.title &&
        row.score === input.score &&
        row.status === input.status &&
        row.overrideTo === (input.overrideTo ?? null) &&
        row.min === (input.min ?? null) &&
        row.max === (input.max ?? null) &&
        row.hitType === (input.hitType ?? null) &&
        sameNote(row.reason, input.reason) &&
        sameNote(row.source, input.source)
      );
    },
    create: (tx, segment, inputs) => insertFactorValues(tx, segment, factorKey, inputs.map(toFields)),
    update: (tx, segment, row, input) => updateFactorValue(tx, segment, row._id, toFields({ ...input, code: row.code })),
    toCsv: (row) => ({ ...row }),
    fromCsv: (values) => ({
      code: values.code ?? '',
      title: values.title ?? '',
      score: csvNumber(values.score),
      overrideTo: csvText(values.overrideTo)?.toLowerCase() ?? null,
      min: csvNumber(values.min),
      max: csvNumber(values.max),
      hitType: csvText(values.hitType),
      status: csvStatus(values.status),
      reason: csvText(values.reason),
      source: csvText(values.source),
    }),
    keyAtPath(path, config) {
      const [part, factorIndex, member, valueIndex] = path;
      if (part !== 'factors' || typeof factorIndex !== 'number' || member !== 'values' || typeof valueIndex !== 'number') return null;
      const factor = config.factors[factorIndex];
      return factor?.key === factorKey ? (factor.values[valueIndex]?.code.toLowerCase() ?? null) : null;
    },
  };
}
