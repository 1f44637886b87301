import { describe, expect, it } from 'vitest';
import { evaluateMrzCandidate } from './mrz-candidate-scorer';

const TD1 = ['IDMLT9999999<<3<9999999M<999<<', '7309258F0810245MLT0310240<<<<5', 'SPITERI<MANDY<<<<<<<<<<<<<<<<<'];

function scoreOf(lines: string[]): number {
  const scored = evaluateMrzCandidate({ format: 'TD1', lines });
  if (!scored) throw new Error('fixture does not parse');
  return scored.score;
}

describe('scoring MRZ readings', () => {
  it('ranks a document code with a digit below the same reading with a letter there', () => {
    const withDigit = [TD1[0]?.replace(/^ID/, 'I0') ?? '', TD1[1] ?? '', TD1[2] ?? ''];
    expect(scoreOf(withDigit)).toBeLessThan(scoreOf(TD1));
  });

  it('accepts a filler as the second character of a document code', () => {
    const withFiller = [TD1[0]?.replace(/^ID/, 'I<') ?? '', TD1[1] ?? '', TD1[2] ?? ''];
    expect(scoreOf(withFiller)).toBe(scoreOf(TD1));
  });
});
