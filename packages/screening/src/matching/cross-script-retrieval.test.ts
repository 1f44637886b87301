/**
 * A listed Latin name written in another script reaches scoring through the index at the default
 * threshold, not only when the two names are compared directly: the vocabulary finds the listed
 * words by the abjad word's consonants or letters, and the retriever credits words an abjad or
 * Greek spelling writes as one.
 */
import { describe, expect, it } from 'vitest';
import { toConsonantSkeleton } from '../normalize/phonetic-form';
import { ScreeningIndex } from './screening-index';
import { makeEntity } from './test-entity-factory';

const LISTED = [
  'Michele ZAGARIA',
  'Pavel Vladimirovich LAPSHOV',
  'Yevgeny KHODOTOV',
  'Myint SWE',
  'Maung Maung KYAW',
  'Yasser Daoud MANSOUR',
  'Bilal Mansur AL-HIYARI',
  'Mohammed Abdel-Halim Hemaida SALEH',
  'Abdul Jabbar OMARI',
  'Abu Hamza AL-MASRI',
  'John SMITH',
  'Ahmad KHAN',
  'Maria LOPEZ',
  'Akbar HASHEMI',
];

const index = ScreeningIndex.build(LISTED.map((name) => makeEntity(name, { id: name })));
const findsAt78 = (query: string, listed: string): boolean =>
  index.screen({ name: query, type: 'person' }, { threshold: 78 }).some((hit) => hit.id === listed);

describe('listed Latin names found from other scripts through the index', () => {
  it("files a Latin 'kh' under the abjad's kh, not as k and s", () => {
    expect(toConsonantSkeleton('khodotov')).toBe('xdtv');
    expect(findsAt78('يفجني خدتف', 'Yevgeny KHODOTOV')).toBe(true);
  });

  it("reads a Latin 'ch' as the ch Arabic writes تش, and finds patronymics by their consonants", () => {
    expect(findsAt78('متشلي زجرا', 'Michele ZAGARIA')).toBe(true);
    expect(findsAt78('بفل فلدمرفتش لبشف', 'Pavel Vladimirovich LAPSHOV')).toBe(true);
  });

  it('finds words that keep one consonant by their letters', () => {
    expect(findsAt78('מינט סוי', 'Myint SWE')).toBe(true);
    expect(findsAt78('منج منج كيو', 'Maung Maung KYAW')).toBe(true);
    expect(findsAt78('יססר דוד מנסור', 'Yasser Daoud MANSOUR')).toBe(true);
  });

  it('splits a Greek word in the reading that matches the list', () => {
    expect(findsAt78('μπιλαλ μανσουρ αλχιιαρι', 'Bilal Mansur AL-HIYARI')).toBe(true);
  });

  it('finds listed words an abjad writes as one word, and the article written with a Hebrew word', () => {
    expect(findsAt78('مهممد ابدلهلم همدا سله', 'Mohammed Abdel-Halim Hemaida SALEH')).toBe(true);
    expect(findsAt78('ابدل جببر أمري', 'Abdul Jabbar OMARI')).toBe(true);
    expect(findsAt78('אבו המזא אלמסרי', 'Abu Hamza AL-MASRI')).toBe(true);
  });

  it('looks a word of several readings up by the edits of each, not only of its first', () => {
    // 아크바르 reads akeubareu first; its loan-word reading akbar is the listed word.
    expect(findsAt78('아크바르 하셰미', 'Akbar HASHEMI')).toBe(true);
  });

  it('does not bring a listed name whose words the abjad spelling does not write', () => {
    expect(findsAt78('מאיר לוי', 'Abu Hamza AL-MASRI')).toBe(false);
    expect(findsAt78('احسان صنایعی', 'Yasser Daoud MANSOUR')).toBe(false);
    expect(findsAt78('يفجني خدتف', 'John SMITH')).toBe(false);
  });
});
