import { describe, expect, it } from 'vitest';
import { buildTd3Lines } from '../test-support/mrz-builder';
import { buildZoneEvidence, isConfirmedByDigits } from './mrz-evidence';
import { getMrzLayout } from './mrz-format';
import { decodeMrzLattice } from './mrz-lattice';

const HOLDER = {
  documentCode: 'P',
  issuingState: 'GBR',
  documentNumber: 'XX0000001',
  nationality: 'GBR',
  birthDate: '850312',
  sex: 'F' as const,
  expiryDate: '300115',
  surname: 'HOLLOWAY',
  givenNames: 'JANE',
};

/** Evidence from recogniser readings alone (no glyph cells measured). */
function fromReadings(...readings: string[][]) {
  return buildZoneEvidence('TD3', {
    typeface: null,
    classifier: null,
    placements: [],
    readings: readings.map((lines, index) => ({ lines, weight: index === readings.length - 1 ? 2.5 : 1 })),
  });
}

/** A classifier sure of every printed glyph (log-probability 0, every other character −13). */
function sureClassifier(lines: readonly string[]): Map<string, Map<string, number>> {
  const scores = new Map<string, Map<string, number>>();
  lines.forEach((text, line) => {
    [...text].forEach((printed, position) => {
      scores.set(
        `${line}:${position}`,
        new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'].map((char) => [char, char === printed ? 0 : -13])),
      );
    });
  });
  return scores;
}

describe('MRZ evidence', () => {
  it("takes a name's letter from a classifier sure of it on a line it otherwise agrees with, over the recogniser's repeated misreading", () => {
    const printed = buildTd3Lines({ ...HOLDER, givenNames: 'ZARA' });
    const misread = [(printed[0] ?? '').replace('ZARA', 'IARA'), printed[1] ?? ''];
    const evidence = buildZoneEvidence('TD3', {
      typeface: null,
      classifier: sureClassifier(printed),
      placements: [],
      readings: [1, 1, 1, 2.5].map((weight) => ({ lines: misread, weight })),
    });
    expect(decodeMrzLattice('TD3', evidence).lines[0]).toBe(printed[0]);
  });

  it('reads a run of round glyphs in a number as zeros, however the recogniser spelt them', () => {
    const printed = buildTd3Lines(HOLDER);
    const misread = [printed[0] ?? '', (printed[1] ?? '').replace('XX0000001', 'XXO0OO001')];
    expect(decodeMrzLattice('TD3', fromReadings(misread, misread)).lines[1]?.slice(0, 9)).toBe('XX0000001');
  });

  it('lets the check digit choose between O and 0 where the neighbours fit both', () => {
    const printed = buildTd3Lines({ ...HOLDER, documentNumber: 'AB0123456' });
    const misread = [printed[0] ?? '', (printed[1] ?? '').replace('AB0123456', 'ABO123456')];
    expect(decodeMrzLattice('TD3', fromReadings(misread)).lines[1]?.slice(0, 9)).toBe('AB0123456');
  });

  it('outputs the reading of a lone round glyph between letters that passes the check digit, not the one that fails', () => {
    const printed = buildTd3Lines({ ...HOLDER, documentNumber: 'L7B0KRBD1' });
    const misread = [printed[0] ?? '', (printed[1] ?? '').replace('L7B0KRBD1', 'L7BOKRBD1')];
    const decoded = decodeMrzLattice('TD3', fromReadings(misread, misread, misread));
    expect(decoded.lines[1]?.slice(0, 9)).toBe('L7B0KRBD1');
    expect(decoded.decisions.find((decision) => decision.subject === 'documentNumber')?.holds).toBe(true);
  });

  it('keeps the letter O between letters when the number holds with it', () => {
    const printed = buildTd3Lines({ ...HOLDER, documentNumber: 'L7BOKRBD1' });
    const decoded = decodeMrzLattice('TD3', fromReadings(printed, printed, printed));
    expect(decoded.lines[1]?.slice(0, 9)).toBe('L7BOKRBD1');
  });

  it('keeps the zeros of a number printed with a wrong check digit, instead of reading one as O to satisfy it', () => {
    const printed = buildTd3Lines({ ...HOLDER, documentNumber: '000000039' });
    const right = printed[1]?.[9] ?? '0';
    for (const wrong of '0123456789') {
      if (wrong === right) continue;
      const line = `${(printed[1] ?? '').slice(0, 9)}${wrong}${(printed[1] ?? '').slice(10)}`;
      const decoded = decodeMrzLattice('TD3', fromReadings([printed[0] ?? '', line], [printed[0] ?? '', line]));
      expect(decoded.lines[1]?.slice(0, 10)).toBe(`000000039${wrong}`);
    }
  });

  it('never reads a filler inside a document number, though a K read as one passes the check digit', () => {
    const printed = buildTd3Lines({ ...HOLDER, documentNumber: 'P4Q3EA8K0' });
    const misread = [printed[0] ?? '', (printed[1] ?? '').replace('P4Q3EA8K0', 'P4Q3EA8<0')];
    const decoded = decodeMrzLattice('TD3', fromReadings(misread, misread, misread));
    expect(decoded.lines[1]?.slice(0, 9)).not.toMatch(/<[^<]/);
  });

  it('counts a date of zeros (day and month unknown) as well formed, and a date with fillers inside as not', () => {
    const zeros = buildTd3Lines({ ...HOLDER, birthDate: '000000' });
    const decoded = decodeMrzLattice('TD3', fromReadings(zeros, zeros));
    expect(decoded.lines[1]?.slice(13, 19)).toBe('000000');
    expect(decoded.decisions.find((decision) => decision.subject === 'birthDate')?.wellFormed).not.toBe(false);
    const printed = buildTd3Lines(HOLDER);
    const unreadable = [printed[0] ?? '', `${(printed[1] ?? '').slice(0, 13)}85<<12${(printed[1] ?? '').slice(19)}`];
    const read = decodeMrzLattice('TD3', fromReadings(unreadable, unreadable));
    expect(read.decisions.find((decision) => decision.subject === 'birthDate')?.wellFormed).toBe(false);
  });

  it('keeps a date the recogniser could not read as digits as read, and invalid, instead of inventing one', () => {
    const printed = buildTd3Lines(HOLDER);
    const unreadable = [printed[0] ?? '', `${(printed[1] ?? '').slice(0, 13)}85<<12${(printed[1] ?? '').slice(19)}`];
    const decoded = decodeMrzLattice('TD3', fromReadings(unreadable, unreadable));
    expect(decoded.lines[1]?.slice(13, 19)).toBe('85<<12');
    expect(decoded.decisions.find((decision) => decision.subject === 'birthDate')?.holds).toBe(false);
  });
  describe('a classifier vouched for by the check digits', () => {
    const printed = buildTd3Lines(HOLDER);
    // Small, soft print: the recogniser reads the fourteen fillers of the optional data as C, so it
    // agrees with the classifier on under 70 % of the second line's glyphs.
    const misread = [printed[0] ?? '', (printed[1] ?? '').replace(/^(.{28})<{14}/, `$1${'C'.repeat(14)}`)];
    const decodeWith = (classified: readonly string[]): string | undefined =>
      decodeMrzLattice(
        'TD3',
        buildZoneEvidence('TD3', {
          typeface: null,
          classifier: sureClassifier(classified),
          placements: [],
          readings: [1, 1, 1, 2.5].map((weight) => ({ lines: misread, weight })),
        }),
      ).lines[1];

    it('is heard on a line the recogniser mostly misreads when its own reading satisfies every check digit', () => {
      expect(misread[1]).not.toBe(printed[1]);
      expect(decodeWith(printed)).toBe(printed[1]);
    });

    it('is not heard there when its reading fails a check digit: it may be reading cells cut in the wrong places', () => {
      const line = printed[1] ?? '';
      const broken = `${line.slice(0, 9)}${String((Number(line[9]) + 1) % 10)}${line.slice(10)}`;
      expect(decodeWith([printed[0] ?? '', broken])).not.toBe(printed[1]);
    });

    it('takes no confirmation from empty fields, which hold their filler digit whatever the cells show', () => {
      const layout = getMrzLayout('TD3');
      expect(isConfirmedByDigits(layout, sureClassifier(['<'.repeat(44), '<'.repeat(44)]))).toBe(false);
      expect(isConfirmedByDigits(layout, sureClassifier(printed))).toBe(true);
    });
  });
});
