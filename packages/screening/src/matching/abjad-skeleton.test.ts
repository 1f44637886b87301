import { describe, expect, it } from 'vitest';
import { skeletonReadings } from '../normalize/phonetic-form';
import { scoreNamePair } from './name-scorer';

const score = (query: string, listed: string): number => scoreNamePair(query, listed, { kind: 'person' }).score;

describe('consonant skeletons across scripts', () => {
  it('reads an ambiguous symbol every way it can be written, the same way at each place', () => {
    expect(skeletonReadings('lsE')).toEqual(['lsE']);
    expect(skeletonReadings('vrjs')).toEqual(['rjs', 'frjs', 'brjs']);
    expect(skeletonReadings('PdlPH')).toEqual(['bdlbh', 'bdlbx', 'bdlbc', 'fdlfh', 'fdlfx', 'fdlfc']);
  });

  it("matches a Latin 'v' written as f in Arabic and left to a vowel letter in Hebrew", () => {
    expect(score('غوستافو فارغاس', 'Gustavo VARGAS')).toBeGreaterThanOrEqual(78);
    expect(score('גוסטבו ורגס', 'Gustavo VARGAS')).toBeGreaterThanOrEqual(78);
  });

  it("matches a silent Latin final 'e' written as a long vowel in Arabic", () => {
    expect(score('جورجي مورينو', 'Jorge MORENO')).toBeGreaterThanOrEqual(78);
  });

  it('keeps a written final vowel apart from a Latin name that ends in a consonant', () => {
    expect(score('محمد احمدی', 'Muhammad AHMED')).toBeLessThan(78);
  });

  it('reads Hebrew פ as f and ח as kh where the Latin spelling has them', () => {
    expect(score('פאדל חאלד', 'Fadl KHALED')).toBeGreaterThanOrEqual(78);
  });

  it('reads Greek τζ as the j of a foreign name', () => {
    expect(score('τζοσε λοπεζ', 'Jose LOPEZ')).toBeGreaterThanOrEqual(78);
  });
});
