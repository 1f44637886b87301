import { describe, expect, it } from 'vitest';
import { scoreNamePair } from '../matching/name-scorer';
import { romaniseHangul } from './hangul-romanisation';

const score = (query: string, listed: string): number => scoreNamePair(query, listed, { kind: 'person' }).score;

describe('Hangul romanisation', () => {
  it('writes each syllable in the Revised and the McCune–Reischauer system, and as a foreign name', () => {
    expect(romaniseHangul('김')).toEqual([['gim'], ['kim'], ['kim']]);
    expect(romaniseHangul('박')).toEqual([['bak'], ['pak'], ['pak']]);
    expect(romaniseHangul('정은')).toEqual([
      ['jeong', 'eun'],
      ['chong', 'un'],
      ['cheong', 'eun'],
    ]);
    expect(romaniseHangul('동묭')).toEqual([
      ['dong', 'myong'],
      ['tong', 'myong'],
      ['tong', 'myong'],
    ]);
  });

  it('reads a foreign name with voiceless stops, ㅍ as f, ㄹㄹ as l, a final ㅅ as s and no epenthetic ㅡ', () => {
    expect(romaniseHangul('가라기')?.[2].join('')).toBe('karaki');
    expect(romaniseHangul('핫산')?.[2].join('')).toBe('hassan');
    expect(romaniseHangul('악바르')?.[2].join('')).toBe('akpar');
    expect(romaniseHangul('스탈린')?.[2].join('')).toBe('stallin');
    expect(romaniseHangul('이오시프')?.[2].join('')).toBe('iosif');
  });

  it('finds foreign names written in Hangul the way Korean writes loan words', () => {
    expect(score('알리 카라키', 'Ali KARAKI')).toBeGreaterThanOrEqual(78);
    expect(score('아리 가라기', 'Ali KARAKI')).toBeGreaterThanOrEqual(78);
    expect(score('이브라힘 핫산', 'Ibrahim HASSAN')).toBeGreaterThanOrEqual(78);
    expect(score('알리 악바르', 'Ali AKBAR')).toBeGreaterThanOrEqual(78);
    expect(score('이오시프 스탈린', 'Iosif STALIN')).toBeGreaterThanOrEqual(78);
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
