import { describe, expect, it } from 'vitest';
import { evaluateMrzCandidate, type ScoredMrz } from './mrz-candidate-scorer';
import { fuseMrzReadings } from './mrz-fusion';

function scored(lines: string[]): ScoredMrz {
  const result = evaluateMrzCandidate({ format: 'TD3', lines });
  if (!result) throw new Error('fixture does not parse');
  return result;
}

const LINE2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';

describe('MRZ fusion', () => {
  it('settles a name by majority where no check digit protects it', () => {
    const fused = fuseMrzReadings([
      scored(['P<UTOERIKSSON<<ANNA<MARLA<<<<<<<<<<<<<<<<<<<', LINE2]),
      scored(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', LINE2]),
      scored(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', LINE2]),
    ]);
    expect(fused?.lines[0]).toBe('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<');
  });

  it('takes a protected field from a reading in which its check digit holds', () => {
    const fused = fuseMrzReadings([
      scored([
        'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
        'L898902C36UTO7408122F1204159ZE184226B<<<<<10'.replace('7408122', '7408182'),
      ]),
      scored(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', LINE2.replace('ZE184226B', 'ZE184Z26B')]),
    ]);
    expect(fused?.lines[1]).toBe(LINE2);
  });

  it('needs two readings', () => {
    expect(fuseMrzReadings([scored(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', LINE2])])).toBeNull();
  });
});
