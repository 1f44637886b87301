/**
 * A word made of adjacent words, for finding listings that write as one word what the query
 * splits ('Alisher Usmanov' / 'AlisherUsmanov'). Only candidate retrieval uses it; the scorer
 * compares joined words itself.
 */
import type { NameToken } from './name-types';
import { toConsonantSkeleton, toPhoneticForm } from './phonetic-form';

export function joinNameTokens(tokens: readonly NameToken[]): NameToken {
  const text = tokens.map((token) => token.text).join('');
  return {
    text,
    spellings: [text],
    forms: [toPhoneticForm(text)],
    skeleton: toConsonantSkeleton(text),
    letters: '',
    isAbjad: false,
    kind: 'word',
    keys: [],
    weight: tokens.reduce((total, token) => total + token.weight, 0),
    original: tokens.map((token) => token.original).join(' '),
    isMixedScript: tokens.some((token) => token.isMixedScript),
    isCommon: false,
  };
}
