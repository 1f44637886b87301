import { describe, expect, it } from 'vitest';
import { ScreeningIndex } from '../matching/screening-index';
import { makeEntity } from '../matching/test-entity-factory';
import { splitGreekArticle, transliterateGreek } from './greek-transliteration';

const LISTED = [
  'Wael HAMZA',
  'Yahya AYYASH',
  'Nashwan SHAKIR',
  'Fawzi Mutlaq AL-RAWI',
  'Abd al-Rahman AL-TIKRITI',
  'Christos CHATZIDAKIS',
  'Ioannis KOTSIRAS',
  'Ioulia CHRISTODOULOU',
  'Alexandros PAPADOPOULOS',
  'Ahmad KHAN',
  'Samir SALEH',
];

const index = ScreeningIndex.build(LISTED.map((name) => makeEntity(name, { id: name })));
const scoreOf = (query: string, listed: string): number | undefined =>
  index.screen({ name: query, type: 'person' }, { threshold: 78 }).find((hit) => hit.id === listed)?.score;

describe('Greek transliteration', () => {
  it('reads a foreign name the way Greek writes one: ου before a vowel as w, ι before a vowel as y, χ as kh', () => {
    expect(transliterateGreek('ουαελ')[0]).toBe('wael');
    expect(transliterateGreek('ιαχια')[0]).toBe('yakhia');
    expect(transliterateGreek('αλραουι')[0]).toBe('alrawi');
    expect(transliterateGreek('φαισαλ')[0]).toBe('faisal');
  });

  it('also reads σ as sh, which Greek has no letter for', () => {
    expect(transliterateGreek('νασουαν')).toContain('nashwan');
    expect(transliterateGreek('νασουαν')[0]).toBe('naswan');
  });

  it('puts ELOT 743 first for a word with a Greek ending, as a Greek passport prints it', () => {
    expect(transliterateGreek('χριστοδουλου')[0]).toBe('christodoulou');
    expect(transliterateGreek('ιωαννης')[0]).toBe('ioannis');
    expect(transliterateGreek('ιωαννης')).toContain('yoannis');
  });

  it('splits the Arabic article from a word, but not from a Greek name', () => {
    expect(splitGreekArticle('αλτικριτι')).toEqual(['αλ', 'τικριτι']);
    expect(splitGreekArticle('αλεξανδρος')).toEqual(['αλεξανδρος']);
    expect(splitGreekArticle('αλκιβιαδης')).toEqual(['αλκιβιαδης']);
  });

  it('finds foreign names written in Greek through the index', () => {
    expect(scoreOf('Ουάελ Χάμζα', 'Wael HAMZA')).toBeGreaterThanOrEqual(78);
    expect(scoreOf('Ιαχιά Αιάς', 'Yahya AYYASH')).toBeGreaterThanOrEqual(78);
    expect(scoreOf('Νασουάν Σακίρ', 'Nashwan SHAKIR')).toBeGreaterThanOrEqual(78);
    expect(scoreOf('Φαουζί Μουτλάκ Αλραουί', 'Fawzi Mutlaq AL-RAWI')).toBeGreaterThanOrEqual(78);
    expect(scoreOf('Αμπντ αλ Ραχμάν Αλτικρίτι', 'Abd al-Rahman AL-TIKRITI')).toBeGreaterThanOrEqual(78);
  });

  it('still finds Greek names printed in ELOT 743 at full score', () => {
    expect(scoreOf('Χρήστος Χατζηδάκης', 'Christos CHATZIDAKIS')).toBe(100);
    expect(scoreOf('Ιωάννης Κοτσίρας', 'Ioannis KOTSIRAS')).toBe(100);
    expect(scoreOf('Ιουλία Χριστοδούλου', 'Ioulia CHRISTODOULOU')).toBeGreaterThanOrEqual(95);
    expect(scoreOf('Αλέξανδρος Παπαδόπουλος', 'Alexandros PAPADOPOULOS')).toBe(100);
  });

  it('does not take one name for another because σ may be sh', () => {
    expect(scoreOf('Σαμίρ Σαλέχ', 'Nashwan SHAKIR')).toBeUndefined();
    expect(scoreOf('Σακίρ Χαν', 'Samir SALEH')).toBeUndefined();
  });
});
