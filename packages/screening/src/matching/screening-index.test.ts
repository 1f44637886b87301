import { describe, expect, it } from 'vitest';
import { ScreeningIndex } from './screening-index';
import { makeEntity } from './test-entity-factory';

describe('screening index', () => {
  it('finds Vladimir when the list says Wladimir, among unrelated names', () => {
    const index = ScreeningIndex.build([
      makeEntity('Wladimir KOVALENKO', { id: 'target' }),
      makeEntity('Vladislav KOVAL'),
      makeEntity('Viktor KOVALCHUK'),
      makeEntity('Walid KHAN'),
    ]);
    const [hit] = index.screen({ name: 'Vladimir Kovalenko', type: 'person' });
    expect(hit?.id).toBe('target');
    expect(hit?.score).toBeGreaterThanOrEqual(90);
  });

  it('finds a listing whose particle the query runs into the next word, at the default threshold', () => {
    const index = ScreeningIndex.build([
      makeEntity('Juan de Dios USUGA DAVID', { id: 'usuga' }),
      makeEntity('Mohamed Ben Ahmed MAHRI', { id: 'mahri' }),
      makeEntity('Abu Bakr Yunis JABIR', { id: 'jabir' }),
      makeEntity('Abu ABBUH'),
      makeEntity('Dairo Antonio USUGA DAVID'),
      makeEntity('Mohammed BENHAMMEDI'),
    ]);
    expect(index.screen({ name: 'Juan Dedios Usuga David', type: 'person' })[0]?.id).toBe('usuga');
    expect(index.screen({ name: 'Mohamed Benahmed Mahri', type: 'person' })[0]?.id).toBe('mahri');
    expect(index.screen({ name: 'Abubakr Yunis Jabir', type: 'person' })[0]?.id).toBe('jabir');
  });

  it('finds a Latin listing from an Arabic-script query', () => {
    const index = ScreeningIndex.build([
      makeEntity('Usama bin Muhammad bin Awad BIN LADIN', { id: '6365' }),
      makeEntity('Hamza AL-GHAMDI'),
    ]);
    const [hit] = index.screen({ name: 'أسامة بن محمد بن عوض بن لادن', type: 'person' });
    expect(hit?.id).toBe('6365');
    expect(hit?.score).toBeGreaterThanOrEqual(85);
    expect(hit?.explanation.name.words).toContainEqual(expect.objectContaining({ query: 'ladin', listed: 'ladin' }));
  });

  it('finds an Arabic-script listing from a Latin query', () => {
    const index = ScreeningIndex.build([makeEntity(['محمد يوسف الحسيني'], { id: 'arabic-only' }), makeEntity('Mohammed AL-HASHIMI')]);
    const [hit] = index.screen({ name: 'Mohammed Yousef al-Husseini', type: 'person' });
    expect(hit?.id).toBe('arabic-only');
    expect(hit?.score).toBeGreaterThanOrEqual(78);
  });

  it("tells two namesakes apart by the father's name", () => {
    const index = ScreeningIndex.build([
      makeEntity('Abdul Ghani BARADAR', { id: 'son-of-ahmad', fatherNames: ['Ahmad Khan'] }),
      makeEntity('Abdul Ghani BARADAR', { id: 'son-of-rahim', fatherNames: ['Abdul Rahim'] }),
    ]);
    const hits = index.screen({ name: 'Abdul Ghani Baradar', fatherName: 'Ahmad Khan', type: 'person' });
    expect(hits.map((hit) => hit.id)).toEqual(['son-of-ahmad']);
    expect(hits[0]?.explanation.qualifiers).toContainEqual(expect.objectContaining({ kind: 'father', outcome: 'match' }));
    const withoutFather = index.screen({ name: 'Abdul Ghani Baradar', type: 'person' });
    expect(withoutFather.map((hit) => hit.id).toSorted()).toEqual(['son-of-ahmad', 'son-of-rahim']);
  });

  it('treats an exactly matching identification number as decisive', () => {
    const index = ScreeningIndex.build([
      makeEntity('Ali REZAEI', { id: 'by-id', identifiers: [{ type: 'passport', value: 'K-1234567', country: 'IR' }] }),
    ]);
    const [hit] = index.screen({ name: 'Aly Rezai Tehrani', idNumber: 'k1234567' });
    expect(hit?.id).toBe('by-id');
    expect(hit?.score).toBe(100);
    expect(hit?.explanation.qualifiers[0]).toMatchObject({ kind: 'id', outcome: 'decisive' });
    expect(index.screen({ name: 'Someone Else Entirely', idNumber: 'K1234567' }).map((found) => found.id)).toEqual(['by-id']);
  });

  it('penalises a clearly different full date of birth and rewards the same one', () => {
    const index = ScreeningIndex.build([
      makeEntity('Ruslan ROMASHKIN', { id: 'r', birthDates: [{ quality: 'exact', from: { year: 1976, month: 6, day: 15 } }] }),
    ]);
    const same = index.screen({ name: 'Ruslan Romashkin', dob: '1976-06-15' });
    const different = index.screen({ name: 'Ruslan Romashkin', dob: '02/11/1988' }, { threshold: 0 });
    expect(same[0]?.score).toBe(100);
    expect(different[0]?.score).toBeLessThanOrEqual(65);
    expect(different[0]?.explanation.qualifiers).toContainEqual(expect.objectContaining({ kind: 'dob', outcome: 'mismatch', points: -35 }));
    expect(index.screen({ name: 'Ruslan Romashkin', dob: '1988-11-02' })).toEqual([]);
  });

  it('ranks a namesake whose date of birth also matches above one whose date is unknown, though both show 100', () => {
    const index = ScreeningIndex.build([
      makeEntity('Ruslan ROMASHKIN', { id: 'a-unknown' }),
      makeEntity('Ruslan ROMASHKIN', { id: 'b-same-day', birthDates: [{ quality: 'exact', from: { year: 1976, month: 6, day: 15 } }] }),
    ]);
    const hits = index.screen({ name: 'Ruslan Romashkin', dob: '1976-06-15' });
    expect(hits.map((hit) => [hit.id, hit.score])).toEqual([
      ['b-same-day', 100],
      ['a-unknown', 100],
    ]);
  });

  it('compares a year of birth with a listed range or circa date', () => {
    const index = ScreeningIndex.build([
      makeEntity('Janan AGHA', { id: 'circa', birthDates: [{ quality: 'approximate', from: { year: 1958 } }] }),
    ]);
    expect(index.screen({ name: 'Janan Agha', dob: '1959' })[0]?.explanation.qualifiers[0]).toMatchObject({
      kind: 'dob',
      outcome: 'partial',
    });
    expect(index.screen({ name: 'Janan Agha', dob: '1975' }, { threshold: 0 })[0]?.explanation.qualifiers[0]).toMatchObject({
      kind: 'dob',
      outcome: 'mismatch',
    });
  });

  it('applies thresholds per hit type, and per query when asked', () => {
    const index = ScreeningIndex.build(
      [
        makeEntity('Carlos Arturo MORENO', { id: 'sanctioned', hitType: 'sanction' }),
        makeEntity('Carlos Arturo MORENO', { id: 'pep', hitType: 'pep' }),
      ],
      { thresholds: { sanction: 80, pep: 95 } },
    );
    expect(index.screen({ name: 'Arturo Moreno' }).map((hit) => hit.id)).toEqual(['sanctioned']);
    expect(
      index
        .screen({ name: 'Arturo Moreno' }, { thresholds: { pep: 50 } })
        .map((hit) => hit.id)
        .toSorted(),
    ).toEqual(['pep', 'sanctioned']);
    expect(index.screen({ name: 'Arturo Moreno' }, { threshold: 99 })).toEqual([]);
  });

  it('uses stop-words and variant words supplied at run time', () => {
    const entities = [makeEntity('GOLDEN FALCON GENERAL TRADING', { id: 'falcon', type: 'organisation' })];
    const plain = ScreeningIndex.build(entities);
    expect(plain.screen({ name: 'Golden Falcon Trdg Establishment', type: 'organisation' })).toEqual([]);
    const configured = ScreeningIndex.build(entities, { stopWords: ['Establishment'], variantWords: { trdg: 'trading' } });
    const [hit] = configured.screen({ name: 'Golden Falcon Trdg Establishment', type: 'organisation' });
    expect(hit?.id).toBe('falcon');
    expect(hit?.score).toBeGreaterThanOrEqual(90);
  });

  it('keeps people and organisations apart when the query says which it is', () => {
    const index = ScreeningIndex.build([
      makeEntity('AMIN INVESTMENT BANK', { type: 'organisation', id: 'bank' }),
      makeEntity('Amin BANK', { id: 'person' }),
    ]);
    expect(index.screen({ name: 'Amin Bank', type: 'person' }).map((hit) => hit.id)).toEqual(['person']);
    expect(index.screen({ name: 'Amin Investment Bank', type: 'organisation' }).map((hit) => hit.id)).toEqual(['bank']);
  });

  it('does not alert on a single-word weak alias alone', () => {
    const index = ScreeningIndex.build([makeEntity(['Ramon MADRIZ MORENO', { full: 'AMIN', type: 'weak' }], { id: 'weak' })]);
    expect(index.screen({ name: 'Amin' })).toEqual([]);
    expect(index.screen({ name: 'Amin' }, { threshold: 0 })[0]?.explanation.name.listedNameType).toBe('weak');
  });

  it('explains the hit: listed name, word matches, qualifiers and a summary', () => {
    const index = ScreeningIndex.build([
      makeEntity(['Islam Seit-Umarovich ATABIYEV', 'ATABIYEV, Islam'], {
        id: '18652',
        list: 'ofac-sdn',
        gender: 'male',
        countries: [{ code: 'RU', role: 'nationality' }],
      }),
    ]);
    const [hit] = index.screen({ name: 'Islam Atabiev', nationality: 'Russia', gender: 'M' });
    expect(hit).toMatchObject({ id: '18652', list: 'ofac-sdn', hitType: 'sanction', name: 'Islam Seit-Umarovich ATABIYEV' });
    expect(hit?.explanation.name.listed).toBe('ATABIYEV, Islam');
    expect(hit?.explanation.name.words).toContainEqual(expect.objectContaining({ query: 'atabiev', listed: 'atabiyev' }));
    expect(hit?.explanation.qualifiers.map((effect) => [effect.kind, effect.outcome])).toEqual([
      ['nationality', 'match'],
      ['gender', 'match'],
    ]);
    expect(hit?.explanation.summary).toContain('nationality +3');
    expect(hit?.explanation.threshold).toBe(78);
  });

  it('screens several lists at once and can be narrowed to some of them', () => {
    const index = ScreeningIndex.build([
      makeEntity('Kim Jong Un', { id: 'un-1', list: 'un' }),
      makeEntity('KIM Jong Un', { id: 'ofac-1', list: 'ofac-sdn' }),
    ]);
    expect(
      index
        .screen({ name: 'Kim Jong-un' })
        .map((hit) => hit.list)
        .toSorted(),
    ).toEqual(['ofac-sdn', 'un']);
    expect(index.screen({ name: 'Kim Jong-un' }, { lists: ['un'] }).map((hit) => hit.id)).toEqual(['un-1']);
    expect(index.stats).toMatchObject({ entities: 2, lists: ['un', 'ofac-sdn'] });
  });
});

describe('screening index retrieval', () => {
  it('finds a listing that writes as one word what the query writes as two, and the reverse', () => {
    const index = ScreeningIndex.build([makeEntity('AlisherUsmanov', { id: 'joined' }), makeEntity('Gennady Timchenko', { id: 'split' })]);
    expect(index.screen({ name: 'Alisher Usmanov', type: 'person' }).map((hit) => hit.id)).toEqual(['joined']);
    expect(index.screen({ name: 'GennadyTimchenko', type: 'person' }).map((hit) => hit.id)).toEqual(['split']);
  });
});
