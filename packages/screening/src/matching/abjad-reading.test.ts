import { describe, expect, it } from 'vitest';
import { transliterateArabic } from '../normalize/arabic-transliteration';
import { transliterateGreek } from '../normalize/greek-transliteration';
import { transliterateHebrew } from '../normalize/hebrew-transliteration';
import { compareAbjadReading, isFullReading, toLatinUnits } from '../normalize/abjad-reading';
import { scoreNamePair } from './name-scorer';

const score = (query: string, listed: string): number => scoreNamePair(query, listed, { kind: 'person' }).score;
const arabicReads = (latin: string, arabic: string): boolean => isFullReading(toLatinUnits(latin), transliterateArabic(arabic).letters);
const hebrewReads = (latin: string, hebrew: string): boolean => isFullReading(toLatinUnits(latin), transliterateHebrew(hebrew).letters);

describe('a Latin spelling read against every letter an abjad writes', () => {
  it('takes a first vowel written with alif or with ayin alike', () => {
    expect(arabicReads('umberto', 'أمبرتو')).toBe(true);
    expect(arabicReads('ovadia', 'عوفاديا')).toBe(true);
    expect(hebrewReads('omer', 'עומר')).toBe(true);
    expect(hebrewReads('eli', 'אלי')).toBe(true);
  });

  it('refuses a first vowel the abjad word does not write, and a first letter the Latin lacks', () => {
    expect(arabicReads('ovadia', 'فاديا')).toBe(false);
    expect(arabicReads('tai', 'عتي')).toBe(false);
    expect(hebrewReads('tai', 'עתי')).toBe(false);
  });

  it('reads a first vowel written as alif with a long-vowel letter', () => {
    expect(arabicReads('oksana', 'اوكسانا')).toBe(true);
    expect(hebrewReads('uri', 'אורי')).toBe(true);
  });

  it('leaves short vowels and a silent ayin unwritten, never a final vowel', () => {
    expect(arabicReads('yunus', 'يونس')).toBe(true);
    expect(hebrewReads('said', 'סעיד')).toBe(true);
    expect(hebrewReads('fatimah', 'פאטמה')).toBe(true);
    expect(arabicReads('ahmadi', 'احمدي')).toBe(true);
    expect(arabicReads('ahmad', 'احمدي')).toBe(false);
    expect(hebrewReads('ahmadi', 'אחמד')).toBe(false);
  });

  it('matches a short name by its letters when one consonant and a vowel letter are all it writes', () => {
    expect(compareAbjadReading(['yun'], transliterateArabic('يون').letters)).toBe(0.86);
    expect(compareAbjadReading(['yun'], transliterateArabic('ين').letters)).toBe(0.86);
    expect(compareAbjadReading(['dan'], transliterateHebrew('דן').letters)).toBe(0.86);
    expect(compareAbjadReading(['yunus'], transliterateArabic('يونس').letters)).toBe(0.92);
    expect(compareAbjadReading(['yun'], transliterateArabic('ن').letters)).toBe(0);
  });

  it('reads a known Arabic word by its known spelling, not by letters that spell other names', () => {
    expect(transliterateArabic('الله').letters).toBe('');
    expect(score('الله', 'Ella')).toBeLessThan(78);
  });

  it('keeps a name that starts with a vowel apart from one with the same consonants that does not', () => {
    expect(score('احسان', 'Husayn')).toBeLessThan(score('احسان', 'Ehsan'));
    expect(score('עתי', 'Tai')).toBeLessThan(78);
  });

  it('finds a Korean name written in Arabic letters, and not its namesake', () => {
    expect(score('يون سوك يول', 'YOON Suk Yeol')).toBeGreaterThanOrEqual(78);
    expect(score('يون سوك يول', 'YOON Suk Min')).toBeLessThan(78);
  });

  it('reads Arabic تش as the ch of a foreign name', () => {
    expect(score('هوغو تشافيز', 'Hugo CHAVEZ')).toBeGreaterThanOrEqual(78);
  });

  it('reads Hebrew ח as the ch of Chaim and Rachel', () => {
    expect(score('רחל חיים', 'Rachel CHAIM')).toBeGreaterThanOrEqual(78);
  });

  it('reads a word written with alif for ayin as the known name', () => {
    expect(transliterateArabic('أمر').forms[0]).toBe('umar');
    expect(transliterateArabic('ابد').forms[0]).toBe('abd');
    expect(score('ابد الرحمن امين', 'Abd al-Rahman AMIN')).toBeGreaterThanOrEqual(78);
  });

  it('reads a word that writes a particle as that particle, however its vowels are written', () => {
    expect(score('ابدل رحيم خان', 'Abdul Rahim KHAN')).toBeGreaterThanOrEqual(90);
    expect(score('אבו חמזה', 'Abu HAMZA')).toBeGreaterThanOrEqual(90);
  });

  it('reads the Arabic article written as part of a Hebrew word, and a Hebrew name that starts like it', () => {
    expect(score('אבו חמזה אלמסרי', 'Abu Hamza AL-MASRI')).toBeGreaterThanOrEqual(90);
    expect(score('אלכסנדר איבנוב', 'Alexander IVANOV')).toBeGreaterThanOrEqual(78);
    expect(score('بيدرو البرتو', 'Pedro ALBERTO')).toBeGreaterThanOrEqual(78);
  });
});

describe('foreign names in Greek letters', () => {
  it('reads μπ, ντ, γκ as b, d, g and χ as h in one reading', () => {
    expect(transliterateGreek('μουχαμμαντ')).toContain('moukhammad');
    expect(score('Μουχαμμαντ Ιμπραχιμ', 'Muhammad IBRAHIM')).toBeGreaterThanOrEqual(78);
    expect(score('Αχμαντ Ντιαμπ', 'Ahmad DIAB')).toBeGreaterThanOrEqual(78);
  });

  it('still keeps two Greek-written names apart', () => {
    expect(score('Αχμαντ Ντιαμπ', 'Ahmad SALEH')).toBeLessThan(78);
  });
});
