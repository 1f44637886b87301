import { describe, expect, it } from 'vitest';
import { resolveCountry } from './country-resolver';

describe('resolveCountry', () => {
  it.each([
    ['Pakistan', 'PK'],
    ['PAK', 'PK'],
    ['pk', 'PK'],
    ['Korea, North', 'KP'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Korea, South', 'KR'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Democratic Republic of the Congo', 'CD'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['Syrian Arab Republic', 'SY'],
    ['United Republic of Tanzania', 'TZ'],
    ['Russia', 'RU'],
    ['Burma', 'MM'],
    ["Cote d'Ivoire", 'CI'],
    ['Côte d’Ivoire', 'CI'],
    ['Man, Isle of', 'IM'],
    ['Macedonia, The Former Yugoslav Republic of', 'MK'],
    ['St. Kitts and Nevis', 'KN'],
    ['United Kingdom', 'GB'],
    ['Afghanistan (since 2009)', 'AF'],
    ['possibly Palestinian', 'PS'],
    ['former Soviet Union', 'SU'],
    ['Kosovo', 'XK'],
    ['Yemeni', 'YE'],
    ['Sudanese by birth', 'SD'],
  ])('resolves %s to %s', (text, code) => {
    expect(resolveCountry(text)).toBe(code);
  });

  it('leaves what names no single country unresolved', () => {
    for (const text of ['Atlantis', 'Sudan/South Sudan', 'Region: Kafia Kingi', '', 'ZZ', 'XYZ']) {
      expect(resolveCountry(text)).toBeUndefined();
    }
  });
});
