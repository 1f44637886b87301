import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '@sanad/csv/csv';
import { scoreNamePair } from './name-scorer';
import { jaroWinkler } from './string-similarity';

/**
 * Regression reference in the spirit of Watchman's Jaro-Winkler expectations, written for this
 * project: the textbook Jaro-Winkler values, and score bands for name pairs that exercise the same
 * behaviours (accents, word order, extra and missing words, typos, unrelated strings).
 */
const cases = parseCsvRecords(readFileSync(new URL('fixtures/name-score-regression.csv', import.meta.url), 'utf8'));

describe('Jaro-Winkler similarity', () => {
  it('gives the textbook values for the classic pairs', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });

  it('is 1 for equal strings and 0 when nothing matches or a side is empty', () => {
    expect(jaroWinkler('ortega', 'ortega')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'ortega')).toBe(0);
  });
});

describe('name score regression', () => {
  it.each(cases)(
    '$case: "$query" against "$listed" scores $min_score–$max_score',
    ({ query, listed, kind, min_score: min, max_score: max }) => {
      const { score } = scoreNamePair(query ?? '', listed ?? '', { kind: kind === 'person' || kind === 'organisation' ? kind : 'unknown' });
      expect(score).toBeGreaterThanOrEqual(Number(min));
      expect(score).toBeLessThanOrEqual(Number(max));
    },
  );
});
