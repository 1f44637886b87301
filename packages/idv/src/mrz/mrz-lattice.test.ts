import { describe, expect, it } from 'vitest';
import { buildMrvLines, buildTd1Lines, buildTd3Lines } from '../test-support/mrz-builder';
import { decodeMrzLattice, INVALID_DIGIT_PENALTY, UNCERTAIN_MARGIN } from './mrz-lattice';
import { MRZ_ALPHABET } from './mrz-format';
import { parseMrz } from './mrz-parser';

const HOLDER = {
  documentCode: 'P',
  issuingState: 'GBR',
  documentNumber: '533401372',
  nationality: 'GBR',
  birthDate: '850312',
  sex: 'F' as const,
  expiryDate: '300115',
  surname: 'HOLLOWAY',
  givenNames: 'JANE ELIZABETH',
};

/** Evidence where every position clearly shows the character printed there (the given strength in nats over the rest). */
function clearEvidence(lines: readonly string[], strength = 6): Array<Array<Map<string, number>>> {
  return lines.map((line) => [...line].map((printed) => new Map([...MRZ_ALPHABET].map((char) => [char, char === printed ? strength : 0]))));
}

function setScores(evidence: Array<Array<Map<string, number>>>, line: number, position: number, scores: Record<string, number>): void {
  const map = evidence[line]?.[position];
  for (const [char, value] of Object.entries(scores)) map?.set(char, value);
}

describe('MRZ lattice decoding', () => {
  it('reads clear evidence back exactly, every check digit holding', () => {
    const lines = buildTd3Lines(HOLDER);
    const decoded = decodeMrzLattice('TD3', clearEvidence(lines));
    expect(decoded.lines).toEqual(lines);
    expect(decoded.decisions.every((decision) => decision.holds)).toBe(true);
  });

  it('outputs the digit 0 where O and 0 look alike and only 0 satisfies the check digit', () => {
    const lines = buildTd3Lines({ ...HOLDER, documentNumber: 'AB1203456' });
    const evidence = clearEvidence(lines);
    // The glyph at the number's fourth place looks a little more like O than like 0.
    setScores(evidence, 1, 3, { O: 6.5, '0': 6 });
    expect(decodeMrzLattice('TD3', evidence).lines[1]?.slice(0, 9)).toBe('AB1203456');
  });

  it('keeps a clearly printed invalid check digit invalid instead of changing a clear glyph', () => {
    const lines = buildTd3Lines(HOLDER);
    const broken = [lines[0] ?? '', `${(lines[1] ?? '').slice(0, 19)}${(Number(lines[1]?.[19]) + 3) % 10}${(lines[1] ?? '').slice(20)}`];
    const decoded = decodeMrzLattice('TD3', clearEvidence(broken));
    expect(decoded.lines).toEqual(broken);
    expect(parseMrz(decoded.lines)?.checkDigits.birthDate).toBe(false);
  });

  it('turns a doubtful glyph to satisfy its check digit only while the swap costs less than the penalty', () => {
    const lines = buildTd3Lines({ ...HOLDER, documentNumber: '553401372' });
    const readAs = (margin: number): string | undefined => {
      const evidence = clearEvidence(lines);
      // The first glyph looks `margin` nats more like an S than like the 5 printed.
      setScores(evidence, 1, 0, { '5': 6, S: 6 + margin });
      return decodeMrzLattice('TD3', evidence).lines[1]?.slice(0, 10);
    };
    expect(readAs(1)).toBe(lines[1]?.slice(0, 10));
    expect(readAs(INVALID_DIGIT_PENALTY + 1)?.[0]).toBe('S');
  });

  it('decides fillers and letters in names by the grammar: a lone letter among trailing fillers is a filler', () => {
    const lines = buildTd1Lines({ ...HOLDER, documentCode: 'ID' });
    const evidence = clearEvidence(lines);
    // A filler after the given names looks a little like a C; a filler between names looks a little like a K.
    setScores(evidence, 2, 27, { C: 6.5, '<': 6 });
    const names = decodeMrzLattice('TD1', evidence).lines[2];
    expect(names).toBe(lines[2]);
  });

  it('keeps a clear letter between two names rather than splitting the name, and a clear filler as the separator', () => {
    const lines = buildTd3Lines({ ...HOLDER, surname: 'DE LA CRUZ', givenNames: 'ANA' });
    const evidence = clearEvidence(lines);
    const names = decodeMrzLattice('TD3', evidence).lines[0];
    expect(names?.slice(0, 22)).toBe('P<GBRDE<LA<CRUZ<<ANA<<');
  });

  it('chooses an ICAO state code over a near miss the glyphs barely prefer', () => {
    const lines = buildTd3Lines({ ...HOLDER, issuingState: 'JPN', nationality: 'JPN' });
    const evidence = clearEvidence(lines);
    setScores(evidence, 0, 2, { I: 6.5, J: 6 });
    expect(decodeMrzLattice('TD3', evidence).lines[0]?.slice(2, 5)).toBe('JPN');
  });

  it('keeps unknown positions as the likeliest filler-free grammar allows: dates as digits only', () => {
    const lines = buildTd3Lines(HOLDER);
    const evidence = clearEvidence(lines);
    setScores(evidence, 1, 14, { B: 7, '8': 6 });
    expect(decodeMrzLattice('TD3', evidence).lines[1]?.slice(13, 19)).toBe(HOLDER.birthDate);
  });
});

function decisionFor(evidence: ReturnType<typeof clearEvidence>, subject: string) {
  return decodeMrzLattice('TD3', evidence).decisions.find((decision) => decision.subject === subject);
}

describe('MRZ lattice: check digits that do not confirm their field', () => {
  // C01YPTNHM and COTYPTNHM have the same check digit: O for 0 adds 24 × 3, T for 1 adds 28 × 1.
  const number = 'C01YPTNHM';

  it('reports a number uncertain when two look-alikes whose weights cancel are barely told apart', () => {
    const lines = buildTd3Lines({ ...HOLDER, documentNumber: number });
    const evidence = clearEvidence(lines);
    setScores(evidence, 1, 1, { '0': 6, O: 5.8 });
    setScores(evidence, 1, 2, { '1': 6, T: 5.7 });
    const decision = decisionFor(evidence, 'documentNumber');
    expect(decision).toMatchObject({ holds: true, isUncertain: true, rival: { text: 'COTYPTNHM' } });
    expect(decision?.margin).toBeLessThan(UNCERTAIN_MARGIN);
  });

  it('confirms the same number when the glyphs tell the look-alikes apart', () => {
    const lines = buildTd3Lines({ ...HOLDER, documentNumber: number });
    const decision = decisionFor(clearEvidence(lines), 'documentNumber');
    expect(decision?.holds).toBe(true);
    expect(decision?.isUncertain).not.toBe(true);
    expect(decision?.margin).toBeGreaterThanOrEqual(UNCERTAIN_MARGIN);
  });

  it('lets the composite tell two close readings of a date apart where its weights fall differently', () => {
    // 850312 and 960312 share their own digit (+7 + 3); in the composite, where the date starts at
    // weight 3, they do not (+3 + 1).
    const lines = buildTd3Lines(HOLDER);
    const evidence = clearEvidence(lines);
    setScores(evidence, 1, 13, { '8': 6, '9': 5.8 });
    setScores(evidence, 1, 14, { '5': 6, '6': 5.8 });
    const decision = decisionFor(evidence, 'birthDate');
    expect(decision).toMatchObject({ holds: true, rival: { text: '960312' } });
    expect(decision?.isUncertain).toBe(false);
  });

  it('reports the same date uncertain on a visa, which has no composite to witness it', () => {
    const lines = buildMrvLines({ ...HOLDER, documentCode: 'V' }, 'MRVA');
    const evidence = clearEvidence(lines);
    setScores(evidence, 1, 13, { '8': 6, '9': 5.8 });
    setScores(evidence, 1, 14, { '5': 6, '6': 5.8 });
    const decoded = decodeMrzLattice('MRVA', evidence);
    expect(decoded.lines).toEqual(lines);
    expect(decoded.decisions.find((decision) => decision.subject === 'birthDate')?.isUncertain).toBe(true);
  });
});
