/**
 * Override rules: conditions that are not one factor value (a company-registry flag, a screening
 * hit of a type) and force a minimum level. Shown and edited on the risk-rating page; the CSV
 * carries the condition as JSON in the `when` column.
 */
import { ZOverrideRuleSave, type TOverrideRuleRow, type TOverrideRuleSave } from '@sanad/contracts/risk-configuration';
import type { FieldErrors } from '../../../platform/http/app-error';
import {
  findOverrideRule,
  insertOverrideRules,
  listAllOverrideRules,
  listOverrideRules,
  updateOverrideRule,
} from './override-rules.repository';
import { canonicalJson } from '../../../platform/audit/audit-log';
import { csvList, csvStatus, csvText, sameNote, type TablePage } from './table-page';

function parseCondition(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toFields(input: TOverrideRuleSave): Omit<TOverrideRuleRow, '_id'> {
  return {
    code: input.code,
    title: input.title,
    overrideTo: input.overrideTo,
    appliesTo: input.appliesTo,
    when: input.when,
    status: input.status,
    reason: input.reason ? input.reason : null,
    source: input.source ? input.source : null,
  };
}

export const overrideRulePage: TablePage<TOverrideRuleRow, TOverrideRuleSave> = {
  page: 'override-rules',
  noun: 'override rule',
  schema: ZOverrideRuleSave,
  canCreate: true,
  keyField: 'code',
  requiredColumns: ['code', 'title', 'overrideTo', 'appliesTo', 'when'],
  csvColumns: ['code', 'title', 'overrideTo', 'appliesTo', 'when', 'status', 'reason', 'source'],
  list: listOverrideRules,
  all: listAllOverrideRules,
  find: findOverrideRule,
  prepare(input, existing) {
    const errors: FieldErrors | null =
      existing && existing.code.toLowerCase() !== input.code.toLowerCase()
        ? { code: ['The code cannot be changed: archive this rule and add a new one'] }
        : null;
    return { value: input, errors };
  },
  keyOf: (item) => item.code.toLowerCase(),
  titleOf: (item) => item.title,
  isSame: (row, input) =>
    row.code === input.code &&
    row.title === input.title &&
    row.overrideTo === input.overrideTo &&
    row.status === input.status &&
    row.appliesTo.join() === input.appliesTo.join() &&
    canonicalJson(row.when) === canonicalJson(input.when) &&
    sameNote(row.reason, input.reason) &&
    sameNote(row.source, input.source),
  create: (tx, segment, inputs) => insertOverrideRules(tx, segment, inputs.map(toFields)),
  update: (tx, segment, row, input) => updateOverrideRule(tx, segment, row._id, { ...toFields(input), code: row.code }),
  toCsv: (row) => ({ ...row, appliesTo: row.appliesTo.join(';'), when: JSON.stringify(row.when) }),
  fromCsv: (values) => ({
    code: values.code ?? '',
    title: values.title ?? '',
    overrideTo: csvText(values.overrideTo)?.toLowerCase() ?? null,
    appliesTo: csvList(values.appliesTo),
    when: parseCondition(values.when),
    status: csvStatus(values.status),
    reason: csvText(values.reason),
    source: csvText(values.source),
  }),
  keyAtPath(path, config) {
    const [part, index] = path;
    if (part !== 'overrideRules' || typeof index !== 'number') return null;
    return config.overrideRules?.[index]?.code.toLowerCase() ?? null;
  },
};
