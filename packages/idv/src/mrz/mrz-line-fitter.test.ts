import { describe, expect, it } from 'vitest';
import { cleanMrzLine, fitLineLength, proposeMrzCandidates } from './mrz-line-fitter';

describe('MRZ line fitting', () => {
  it('keeps only the MRZ alphabet and expands guillemets', () => {
    expect(cleanMrzLine('p<uto eriksson«anna')).toBe('P<UTOERIKSSON<<ANNA');
    expect(cleanMrzLine('L898 902?C3')).toBe('L898902<C3');
  });

  it('offers the tail and each filler run as places to fix the length, cheapest first', () => {
    const fitted = fitLineLength('ABC<<<DEF<<', 12);
    expect(fitted[0]).toEqual({ text: 'ABC<<<DEF<<<', cost: 0 });
    expect(fitted.map((entry) => entry.text)).toContain('ABC<<<<DEF<<');
    expect(fitted.every((entry) => entry.text.length === 12)).toBe(true);
  });

  it('shortens a line by a filler run rather than by a word separator', () => {
    const fitted = fitLineLength('ANNA<MARIA<<<<1', 14).map((entry) => entry.text);
    expect(fitted).toContain('ANNA<MARIA<<<1');
    expect(fitted).not.toContain('ANNAMARIA<<<<1');
  });

  it('proposes only three-line shapes when three lines were printed', () => {
    const lines = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    const candidates = proposeMrzCandidates(lines, 0, 3);
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((candidate) => candidate.format === 'TD1')).toBe(true);
  });

  it('ignores short noise lines above and below the zone', () => {
    const candidates = proposeMrzCandidates(
      ['SPECIMEN', 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10', 'X'],
      0,
      2,
    );
    expect(candidates[0]?.lines).toEqual(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
  });
});
