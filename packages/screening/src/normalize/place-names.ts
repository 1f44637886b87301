/**
 * Country and region names in the languages lists are written in, as single folded words
 * ('schweiz', 'europe', 'mexico'). In an organisation's name they qualify rather than identify
 * ('Deutsche Bank (Schweiz) AG' is still Deutsche Bank), so they weigh little there.
 */
import { romaniseWord } from './script-transliteration';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ru', 'tr', 'ar'];
/** UN M49 regions: world, continents and sub-regions. */
const REGIONS = [
  '001',
  '002',
  '005',
  '009',
  '011',
  '013',
  '014',
  '015',
  '017',
  '018',
  '019',
  '021',
  '029',
  '030',
  '034',
  '035',
  '039',
  '053',
  '142',
  '143',
  '145',
  '150',
  '151',
  '154',
  '155',
  '419',
];

let places: Map<string, string> | undefined;

function addName(table: Map<string, string>, name: string, code: string): void {
  const words = name.split(/[\s\-–]+/u).filter((word) => word.length > 0);
  if (words.length !== 1) return;
  const folded = romaniseWord(words[0]!)[0]?.forms[0];
  if (folded && folded.length > 2 && !table.has(folded)) table.set(folded, code);
}

function buildPlaces(): Map<string, string> {
  const table = new Map<string, string>();
  const codes: string[] = [...REGIONS];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) codes.push(String.fromCharCode(first, second));
  }
  for (const language of LANGUAGES) {
    const display = new Intl.DisplayNames([language], { type: 'region' });
    for (const code of codes) {
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) addName(table, name, code);
    }
  }
  for (const word of ['usa', 'uk', 'uae', 'international', 'middleeast', 'eurasia', 'asiapacific', 'gulf', 'scandinavia', 'balkans']) {
    if (!table.has(word)) table.set(word, word);
  }
  return table;
}

/** The region code a folded word names, or undefined. */
export function findPlaceCode(word: string): string | undefined {
  places ??= buildPlaces();
  return places.get(word);
}
