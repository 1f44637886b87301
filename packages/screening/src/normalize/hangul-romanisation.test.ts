import { describe, expect, it } from 'vitest';
import { scoreNamePair } from '../matching/name-scorer';
import { romaniseHangul } from './hangul-romanisation';

const score = (query: string, listed: string): number => scoreNamePair(query, listed, { kind: 'person' }).score;

describe('Hangul romanisation', () => {
  it('writes each syllable in the Revised and the McCune–Reischauer system', () => {
    expect(romaniseHangul('김')).toEqual([['gim'], ['kim']]);
    expect(romaniseHangul('박')).toEqual([['bak'], ['pak']]);
    expect(romaniseHangul('정은')).toEqual([
      ['jeong', 'eun'],
      ['chong', 'un'],
    ]);
    expect(romaniseHangul('동묭')).toEqual([
      ['dong', 'myong'],
      ['tong', 'myong'],
    ]);
  });

  it('leaves words that are not all Hangul syllables to the other romanisers', () => {
    expect(romaniseHangul('王小明')).toBeUndefined();
    expect(romaniseHangul('')).toBeUndefined();
  });

  it('finds a North Korean listing printed in McCune–Reischauer from the name in Hangul', () => {
    expect(score('김정은', 'KIM JONG UN')).toBeGreaterThanOrEqual(78);
    expect(score('빌훈 강', "P'il-Hun KANG")).toBeGreaterThanOrEqual(78);
    expect(score('최룡해', 'CHOE Ryong Hae')).toBeGreaterThanOrEqual(78);
  });
});
