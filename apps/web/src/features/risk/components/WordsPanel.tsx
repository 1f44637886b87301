import type { TStopWordRow, TVariantWordRow } from '@sanad/contracts/risk-configuration';
import type { Column } from '../../../components/data-table/DataTable';
import { ConfigTable } from './ConfigTable';
import { WordForm } from './WordForm';
import { saveStopWord, saveVariantWord } from '../api/table-pages';

const stopColumns: Column<TStopWordRow>[] = [{ key: 'word', title: 'Word', render: (row) => row.word }];
const variantColumns: Column<TVariantWordRow>[] = [
  { key: 'word', title: 'Word', render: (row) => row.word },
  { key: 'canonical', title: 'Read as', render: (row) => row.canonical },
];

/** stop-words: titles and honorifics screening ignores in names. */
export function StopWordsPanel() {
  return (
    <ConfigTable<TStopWordRow>
      page="stop-words"
      caption="Stop words"
      noun="stop word"
      columns={stopColumns}
      titleOf={(row) => row.word}
      renderForm={({ item, onClose }) => <WordForm page="stop-words" item={item} onClose={onClose} />}
      saveRow={saveStopWord}
    />
  );
}

/** variant-words: spellings screening folds to one canonical form. */
export function VariantWordsPanel() {
  return (
    <ConfigTable<TVariantWordRow>
      page="variant-words"
      caption="Variant words"
      noun="variant word"
      columns={variantColumns}
      titleOf={(row) => row.word}
      renderForm={({ item, onClose }) => <WordForm page="variant-words" item={item} onClose={onClose} />}
      saveRow={saveVariantWord}
    />
  );
}
