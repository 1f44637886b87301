/**
 * Legal forms (Ltd, LLC, GmbH, OOO, Aktiengesellschaft, 'Open Joint Stock Company') and common
 * organisation terms (company/компания/شركة, bank, group) across languages and scripts, found as
 * word sequences in a name. A legal form says little about which organisation is meant; a common
 * term says less than a distinctive word.
 */
import { loadOrgSymbols, loadOrgTypes } from './reference-data';
import { romaniseWord } from './script-transliteration';
import { splitNameWords } from './name-tokenizer';

export type OrgTermKind = 'legal' | 'term';

export interface OrgTerm {
  kind: OrgTermKind;
  /** Comparison keys: the generic legal form ('jsc', 'llc') or the symbol groups ('co', 'bank'). */
  keys: string[];
  /** Number of words the phrase spans. */
  length: number;
}

/** Terms so generic that they barely tell organisations apart. */
const GENERIC_TERMS = new Set([
  'co',
  'org',
  'corp',
  'grp',
  'holding',
  'intl',
  'business',
  'service',
  'enterprise',
  'general',
  'global',
  'world',
  'trade',
  'industry',
  'commerce',
  'commercial',
  'natl',
  'fed',
  'system',
  'solution',
  'project',
  'product',
  'associates',
  'network',
  'dev',
  'venture',
  'partner',
  'bros',
  'center',
  'concern',
  'consortium',
  'dept',
  'special',
  'named',
  'socalled',
  'private',
  'public',
  'central',
  'base',
  'office',
  'branch',
  'house',
  'supply',
  'export',
  'import',
  'operations',
  'production',
  'manufacturing',
  'distrib',
  'united',
  'assoc',
]);

/** Symbol groups that name one organisation rather than a kind of organisation; their words stay ordinary words. */
const NAMED_ORGANISATIONS = new Set(['tpb', 'alqaeda', 'hezbollah', 'irgc', 'pla', 'ccp', 'cia']);

export function isGenericTerm(key: string): boolean {
  return GENERIC_TERMS.has(key);
}

interface PhraseTable {
  phrases: Map<string, OrgTerm>;
  firstWords: Set<string>;
  maxLength: number;
}

function phraseWords(alias: string): string[] {
  return splitNameWords(alias).flatMap((word) => romaniseWord(word).map((romanised) => romanised.forms[0] ?? ''));
}

function buildPhraseTable(): PhraseTable {
  const phrases = new Map<string, OrgTerm>();
  const firstWords = new Set<string>();
  let maxLength = 1;
  const add = (alias: string, kind: OrgTermKind, key: string): void => {
    const words = phraseWords(alias).filter((word) => word.length > 0);
    if (words.length === 0 || words.length > 6) return;
    const phrase = words.join(' ');
    const existing = phrases.get(phrase);
    if (existing && existing.kind === 'legal' && kind === 'term') return;
    if (existing && existing.kind === kind) {
      if (!existing.keys.includes(key)) existing.keys.push(key);
    } else {
      phrases.set(phrase, { kind, keys: [key], length: words.length });
    }
    firstWords.add(words[0]!);
    maxLength = Math.max(maxLength, words.length);
  };
  for (const [key, aliases] of Object.entries(loadOrgSymbols())) {
    if (NAMED_ORGANISATIONS.has(key)) continue;
    for (const alias of aliases) add(alias, 'term', key);
  }
  for (const [key, aliases] of loadOrgTypes()) {
    for (const alias of aliases) add(alias, 'legal', key);
  }
  return { phrases, firstWords, maxLength };
}

let table: PhraseTable | undefined;

/** The longest legal form or organisation term starting at `start`, or undefined. */
export function findOrgTerm(words: readonly string[], start: number): OrgTerm | undefined {
  table ??= buildPhraseTable();
  const first = words[start];
  if (first === undefined || !table.firstWords.has(first)) return undefined;
  const longest = Math.min(table.maxLength, words.length - start);
  for (let length = longest; length >= 1; length -= 1) {
    const term = table.phrases.get(words.slice(start, start + length).join(' '));
    if (term) return term;
  }
  return undefined;
}
