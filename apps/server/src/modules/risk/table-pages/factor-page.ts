/**
 * The risk page: the factors with their weight, missing-fact treatment and unknown score. The
 * built-in ones are fixed and a custom field's factor is added by its own action
 * (custom-factor.service.ts), so rows are edited, toggled and imported by key, never added here.
 */
import { customFactorPage } from '@sanad/contracts/risk-custom-factors';
import { ENGINE_PAGES } from '@sanad/risk/engine-pages';
import { isCustomFactorKey } from '@sanad/risk/risk-factor.schema';
import { ZRiskFactorSave, type TRiskFactorRow, type TRiskFactorSave } from '@sanad/contracts/risk-configuration';
import type { FieldErrors } from '../../../platform/http/app-error';
import { findFactor, listAllFactors, listFactors, updateFactor, type FactorRecord } from './risk-factors.repository';
import { csvList, csvNumber, csvStatus, csvText, sameNote, type TablePage } from './table-page';

const PAGE_OF_FACTOR = new Map(
  Object.entries(ENGINE_PAGES).flatMap(([page, target]) => (target.part === 'factor' ? [[target.factor as string, page]] : [])),
);

/** The engine page that edits a factor's values: its spec page, or the custom field's factor page. */
function pageOf(key: string): string | null {
  return PAGE_OF_FACTOR.get(key) ?? (isCustomFactorKey(key) ? customFactorPage(key.slice('custom:'.length)) : null);
}

function toRow(record: FactorRecord & { value_count?: number; active_weight_sum?: number }): TRiskFactorRow {
  const sum = record.active_weight_sum ?? 0;
  return {
    _id: record.id,
    key: record.key,
    title: record.title,
    kind: record.kind,
    weight: record.weight,
    weightShare: record.status === 'active' && sum > 0 ? Math.round((record.weight / sum) * 10_000) / 10_000 : 0,
    status: record.status,
    appliesTo: record.applies_to,
    missing: record.missing,
    unknownScore: record.unknown_score,
    reason: record.reason,
    source: record.source,
    page: pageOf(record.key),
    valueCount: record.value_count ?? 0,
  };
}

function withShares(records: FactorRecord[]): TRiskFactorRow[] {
  const sum = records.filter((record) => record.status === 'active').reduce((total, record) => total + record.weight, 0);
  return records.map((record) => toRow({ ...record, active_weight_sum: sum }));
}

export const factorPage: TablePage<TRiskFactorRow, TRiskFactorSave> = {
  page: 'risk',
  noun: 'risk factor',
  schema: ZRiskFactorSave,
  canCreate: false,
  keyField: 'key',
  requiredColumns: ['key', 'title', 'weight', 'missing', 'unknownScore', 'appliesTo'],
  csvColumns: ['key', 'title', 'weight', 'status', 'missing', 'unknownScore', 'appliesTo', 'reason', 'source'],
  async list(db, segment, query) {
    const page = await listFactors(db, segment, query);
    return { rows: page.rows.map(toRow), total: page.total };
  },
  all: async (db, segment) => withShares(await listAllFactors(db, segment)),
  async find(db, segment, id) {
    const record = await findFactor(db, segment, id);
    return record ? toRow(record) : null;
  },
  prepare: (input) => ({ value: input, errors: null as FieldErrors | null }),
  keyOf: (item) => (item.key ?? '').toLowerCase(),
  titleOf: (item) => item.title,
  isSame: (row, input) =>
    row.title === input.title &&
    row.weight === input.weight &&
    row.status === input.status &&
    row.missing === input.missing &&
    row.unknownScore === input.unknownScore &&
    row.appliesTo.join() === input.appliesTo.join() &&
    sameNote(row.reason, input.reason) &&
    sameNote(row.source, input.source),
  create: () => Promise.reject(new Error('risk factors are built in and cannot be added')),
  update: (tx, segment, row, input) =>
    updateFactor(tx, segment, row._id, {
      title: input.title,
      weight: input.weight,
      status: input.status,
      appliesTo: input.appliesTo,
      missing: input.missing,
      unknownScore: input.unknownScore,
      reason: input.reason ? input.reason : null,
      source: input.source ? input.source : null,
    }),
  toCsv: (row) => ({ ...row, appliesTo: row.appliesTo.join(';') }),
  fromCsv: (values) => ({
    key: values.key ?? '',
    title: values.title ?? '',
    weight: csvNumber(values.weight),
    status: csvStatus(values.status),
    missing: csvText(values.missing),
    unknownScore: csvNumber(values.unknownScore),
    appliesTo: csvList(values.appliesTo),
    reason: csvText(values.reason),
    source: csvText(values.source),
  }),
  keyAtPath(path, config) {
    const [part, factorIndex] = path;
    if (part !== 'factors' || typeof factorIndex !== 'number') return null;
    return config.factors[factorIndex]?.key.toLowerCase() ?? null;
  },
};
