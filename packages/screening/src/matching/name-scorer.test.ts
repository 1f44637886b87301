import { describe, expect, it } from 'vitest';
import { scoreNamePair } from './name-scorer';
import { DEFAULT_THRESHOLDS } from './thresholds';

const ALERT = DEFAULT_THRESHOLDS.sanction;

function score(query: string, listed: string, kind: 'person' | 'organisation' | 'unknown' = 'person'): number {
  return scoreNamePair(query, listed, { kind }).score;
}

describe('name pair scoring', () => {
  it('finds Vladimir when the list says Wladimir', () => {
    expect(score('Vladimir Petrov', 'Wladimir Petrov')).toBeGreaterThanOrEqual(90);
    expect(scoreNamePair('Vladimir Petrov', 'Wladimir Petrov').explanation.words).toContainEqual(
      expect.objectContaining({ query: 'vladimir', listed: 'wladimir', how: 'variant' }),
    );
  });

  it('ignores the order of the words, including the list style SURNAME, Given', () => {
    expect(score('Bashar Hafez Assad', 'ASSAD, Bashar Hafez')).toBe(100);
    expect(score('Salman Mohammed bin', 'Mohammed bin Salman')).toBe(100);
  });

  it('accepts a missing middle name or patronymic but not a different given name', () => {
    expect(score('Vladimir Putin', 'Vladimir Vladimirovich Putin')).toBeGreaterThanOrEqual(90);
    expect(score('Sergey Ivanevich Lavrov', 'Sergey Viktorovich Lavrov')).toBeLessThan(ALERT);
    expect(score('Geoffrey Boris Johnson', 'Alexandre Boris de Pfeffel Johnson')).toBeLessThan(60);
  });

  it("reads the father's-name link however it is written: s/o, d/o, son of, walad, ould, bin", () => {
    expect(score('Muhammad Asif s/o Abdul Rauf', 'Muhammad Asif bin Abdul Rauf')).toBe(100);
    expect(score('Amina D/O Yusuf Khan', 'Amina bint Yusuf Khan')).toBe(100);
    expect(score('Mounir son of Habib Jarraya', 'Mounir Ben Habib JARRAYA')).toBe(100);
    expect(score('Ali Saed walad Ali El-Hoorie', 'Ali Saed Bin Ali EL-HOORIE')).toBeGreaterThanOrEqual(95);
    expect(score('Hamada Ould Mohamed', 'Hamada bin Mohamed')).toBeGreaterThanOrEqual(95);
    // A company is not a son: the words stay words.
    expect(score('Sons of Liberty Trading', 'Liberty Trading', 'organisation')).toBeLessThan(ALERT);
  });

  it('matches an initial against the full word and refuses a different initial', () => {
    expect(score('Hans J Friedrich', 'Hans Joachim Friedrich')).toBeGreaterThanOrEqual(90);
    expect(score('Hans O Friedrich', 'Hans Joachim Friedrich')).toBeLessThan(ALERT);
    expect(scoreNamePair('Hans J Friedrich', 'Hans Joachim Friedrich').explanation.words).toContainEqual(
      expect.objectContaining({ query: 'j', listed: 'joachim', how: 'initial' }),
    );
  });

  it('keeps a partial match made only of very common names below the alert range', () => {
    expect(score('Muhammad Ahmed', 'Mustafa Muhammad Ahmad')).toBeLessThan(ALERT);
    expect(score('Muhammad Ahmed', 'Muhammad Ahmad')).toBeGreaterThanOrEqual(90);
  });

  it('never identifies a person by initials alone', () => {
    expect(score('N.N.', 'Nursultan Nazarbayev')).toBe(0);
  });

  it('matches joined and split words both ways', () => {
    expect(score('AlisherUsmanov', 'Alisher Usmanov')).toBeGreaterThanOrEqual(90);
    expect(score('Alisher Usmanov', 'AlisherUsmanov')).toBeGreaterThanOrEqual(90);
    expect(score('Abdul Rahman Yasin', 'Abdulrahman Yasin')).toBe(100);
    expect(score('Nikolai Plat Ono Vich Patrushev', 'Nikolai Platonovich Patrushev')).toBeGreaterThanOrEqual(90);
  });

  it('tolerates typos and transliteration variants', () => {
    expect(score('Alexandr Lukashnko', 'Alexander Lukashenko')).toBeGreaterThanOrEqual(ALERT);
    expect(score('Mohamed Abdelaziz', 'Muhammad Abd al-Aziz')).toBeGreaterThanOrEqual(90);
    expect(score('Yousef Qaradawi', 'Jusuf al-Qaradawi')).toBeGreaterThanOrEqual(ALERT);
    expect(score('Ig0r Sech1n', 'Igor Sechin')).toBe(100);
  });

  it('matches a name written in Cyrillic against its Latin spelling', () => {
    expect(score('Володимир Зеленський', 'Volodymyr Zelenskyy')).toBeGreaterThanOrEqual(90);
    expect(score('Ротенберг Аркадий', 'Arkadii Romanovich Rotenberg')).toBeGreaterThanOrEqual(ALERT);
  });

  it('keeps different people with similar names apart', () => {
    expect(score('Pol Pot', 'Paul Murphy')).toBeLessThan(50);
    expect(score('Frank Richter', 'Frederik Richter')).toBeLessThan(ALERT);
    expect(score('Octavian Scholz', 'Olaf Scholz')).toBeLessThan(ALERT);
  });

  it('treats legal forms as equivalent spellings and different legal forms as a disagreement', () => {
    expect(score('Siemens Aktiengesellschaft', 'Siemens AG', 'organisation')).toBe(100);
    expect(score('OAO Gazprom', 'Open Joint Stock Company Gazprom', 'organisation')).toBe(100);
    expect(score('CRYSTALORD LIMITED', 'CRYSTALORD LTD', 'organisation')).toBe(100);
    expect(score('Deutsche Bank AG', 'Deutsche Bank GmbH', 'organisation')).toBeLessThan(ALERT);
  });

  it('treats an organisation name with an extra distinctive word as a different organisation', () => {
    expect(score('CRYSTALORD SYSTEMS LIMITED', 'CRYSTALORD LTD', 'organisation')).toBeLessThan(ALERT);
    expect(score('Government of Estonia', 'Government of Ethiopia', 'organisation')).toBeLessThan(ALERT);
    expect(score('Management Company', 'Westminster Management Company', 'organisation')).toBeLessThan(ALERT);
  });

  it('explains which words matched, how, and which were left over', () => {
    const { explanation } = scoreNamePair('Usama bin Ladin', 'Usama bin Muhammad bin Awad BIN LADIN', { kind: 'person' });
    expect(explanation.words).toEqual(
      expect.arrayContaining([
        { query: 'usama', listed: 'usama', similarity: 100, how: 'exact' },
        { query: 'ladin', listed: 'ladin', similarity: 100, how: 'exact' },
      ]),
    );
    expect(explanation.unmatchedQuery).toEqual([]);
    expect(explanation.unmatchedListed).toEqual(['muhammad', 'awad']);
    expect(explanation.score).toBeGreaterThan(0);
  });

  it('notes words that mixed look-alike letters of another script', () => {
    const { explanation } = scoreNamePair('ROMASHKІN Ruslan', 'ROMASHKIN, Ruslan', { kind: 'person' });
    expect(explanation.score).toBe(100);
    expect(explanation.mixedScriptWords).toEqual(['ROMASHKІN']);
  });
});
