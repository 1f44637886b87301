/**
 * stop-words and variant-words: the word lists screening normalises names with (the model's
 * stopWords and variantWords). They are versioned with the configuration but apart from the
 * rating (wordListVersion), so editing them never calls for re-rating.
 */
import {
  ZStopWordSave,
  ZVariantWordSave,
  type TStopWordRow,
  type TStopWordSave,
  type TVariantWordRow,
  type TVariantWordSave,
} from '@sanad/contracts/risk-configuration';
import type { FieldErrors } from '../../../platform/http/app-error';
import {
  findStopWord,
  findVariantWord,
  insertStopWords,
  insertVariantWords,
  listAllStopWords,
  listAllVariantWords,
  listStopWords,
  listVariantWords,
  updateStopWord,
  updateVariantWord,
} from './risk-words.repository';
import { csvStatus, type TablePage } from './table-page';

const keepWord = <Row extends { word: string }>(existing: Row | null, word: string): FieldErrors | null =>
  existing && existing.word.toLowerCase() !== word.toLowerCase()
    ? { word: ['The word cannot be changed: archive it and add the new one'] }
    : null;

function wordAtPath(listName: 'stopWords' | 'variantWords') {
  return (
    path: readonly PropertyKey[],
    config: { stopWords?: Array<{ word: string }>; variantWords?: Array<{ word: string }> },
  ): string | null => {
    const [part, index] = path;
    if (part !== listName || typeof index !== 'number') return null;
    return config[listName]?.[index]?.word.toLowerCase() ?? null;
  };
}

export const stopWordPage: TablePage<TStopWordRow, TStopWordSave> = {
  page: 'stop-words',
  noun: 'stop word',
  schema: ZStopWordSave,
  canCreate: true,
  keyField: 'word',
  requiredColumns: ['word'],
  csvColumns: ['word', 'status'],
  list: listStopWords,
  all: listAllStopWords,
  find: findStopWord,
  prepare: (input, existing) => ({ value: input, errors: keepWord(existing, input.word) }),
  keyOf: (item) => item.word.toLowerCase(),
  titleOf: (item) => item.word,
  isSame: (row, input) => row.word === input.word && row.status === input.status,
  create: (tx, segment, inputs) => insertStopWords(tx, segment, inputs),
  update: (tx, segment, row, input) => updateStopWord(tx, segment, row._id, { word: row.word, status: input.status }),
  toCsv: (row) => ({ ...row }),
  fromCsv: (values) => ({ word: values.word ?? '', status: csvStatus(values.status) }),
  keyAtPath: wordAtPath('stopWords'),
};

export const variantWordPage: TablePage<TVariantWordRow, TVariantWordSave> = {
  page: 'variant-words',
  noun: 'variant word',
  schema: ZVariantWordSave,
  canCreate: true,
  keyField: 'word',
  requiredColumns: ['word', 'canonical'],
  csvColumns: ['word', 'canonical', 'status'],
  list: listVariantWords,
  all: listAllVariantWords,
  find: findVariantWord,
  prepare(input, existing) {
    const errors = keepWord(existing, input.word) ?? {};
    if (input.word.toLowerCase() === input.canonical.toLowerCase()) errors.canonical = ['The canonical form must differ from the word'];
    return { value: input, errors: Object.keys(errors).length > 0 ? errors : null };
  },
  keyOf: (item) => item.word.toLowerCase(),
  titleOf: (item) => `${item.word} → ${item.canonical}`,
  isSame: (row, input) => row.word === input.word && row.canonical === input.canonical && row.status === input.status,
  create: (tx, segment, inputs) => insertVariantWords(tx, segment, inputs),
  update: (tx, segment, row, input) =>
    updateVariantWord(tx, segment, row._id, { word: row.word, canonical: input.canonical, status: input.status }),
  toCsv: (row) => ({ ...row }),
  fromCsv: (values) => ({ word: values.word ?? '', canonical: values.canonical ?? '', status: csvStatus(values.status) }),
  keyAtPath: wordAtPath('variantWords'),
};
