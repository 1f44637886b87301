import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_LISTS_DIR } from './fixture-paths';
import { entityById, importFixture, nameList } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles, sourceFromPath } from './list-source';

describe('EU financial sanctions file importer, XML layout', () => {
  it('keys entities by logicalId and dates the list by generationDate', async () => {
    const result = await importFixture('eu-fsf', 'eu-fsf/sanctions.xml');
    expect(result.asOf).toBe('2026-03-02');
    expect(result.entities.map((entity) => [entity.id, entity.type])).toEqual([
      ['5001', 'person'],
      ['5002', 'organisation'],
    ]);
  });

  it('reads name aliases, a weak alias where strong is false, and the original script', async () => {
    const person = entityById(await importFixture('eu-fsf', 'eu-fsf/sanctions.xml'), '5001');
    expect(nameList(person)).toEqual([
      ['Ivan Petrovich Sidorov', 'primary'],
      ['Иван Петрович Сидоров', 'aka'],
      ['Vanya', 'weak'],
    ]);
    expect(person.names[1]?.script).toBe('Cyrl');
    expect(person.gender).toBe('male');
    expect(person.positions).toEqual(['Director of a front company']);
  });

  it('reads birth dates (exact and circa), citizenship, documents and addresses', async () => {
    const person = entityById(await importFixture('eu-fsf', 'eu-fsf/sanctions.xml'), '5001');
    expect(person.birthDates).toEqual([
      { quality: 'exact', from: { year: 1971, month: 6, day: 21 } },
      { quality: 'approximate', from: { year: 1972 } },
    ]);
    expect(person.countries).toEqual([
      { code: 'RU', role: 'birth' },
      { code: 'RU', role: 'citizenship' },
      { code: 'RU', role: 'residence' },
    ]);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: '7512345678', country: 'RU', note: 'National passport; issued 2015-01-10; valid to 2025-01-10' },
    ]);
    expect(person.addresses).toEqual([{ full: 'Tverskaya 1, 125009, Moscow, RUSSIAN FEDERATION', city: 'Moscow', country: 'RU' }]);
    expect(person.programmes).toEqual(['CYB']);
    expect(person.listedOn).toBe('2019-05-17');
    expect(person.remarks).toBe('EU reference EU.9001.11. Financier of a listed group.');
  });

  it('reads registration numbers of an enterprise', async () => {
    const company = entityById(await importFixture('eu-fsf', 'eu-fsf/sanctions.xml'), '5002');
    expect(company.identifiers).toEqual([{ type: 'registration', value: '1027700000001', country: 'RU', note: 'Registration Number' }]);
  });

  it('refuses a sanctionEntity without a name, naming its line', async () => {
    const source = sourceFromFiles({
      'list.xml':
        '<export generationDate="2026-01-01">\n<sanctionEntity logicalId="1"><subjectType code="person"/></sanctionEntity></export>',
    });
    await expect(importList('eu-fsf', source)).rejects.toMatchObject({ row: 2, reason: 'record 1 has no name' });
  });
});

describe('EU financial sanctions file importer, semicolon CSV layout', () => {
  it('groups the name, birth, identification, citizenship and address rows of an entity', async () => {
    const result = await importFixture('eu-fsf', 'eu-fsf/sanctions.csv');
    expect(result.asOf).toBe('2026-03-02');
    const person = entityById(result, '5001');
    expect(nameList(person)).toEqual([
      ['Ivan Petrovich Sidorov', 'primary'],
      ['Иван Петрович Сидоров', 'aka'],
    ]);
    expect(person.birthDates).toEqual([{ quality: 'exact', from: { year: 1971, month: 6, day: 21 }, text: '1971-06-21' }]);
    expect(person.birthPlaces).toEqual(['Tula']);
    expect(person.identifiers).toEqual([{ type: 'passport', value: '7512345678', country: 'RU', note: 'National passport; passport' }]);
    expect(person.countries).toEqual([
      { code: 'RU', role: 'birth' },
      { code: 'RU', role: 'citizenship' },
      { code: 'RU', role: 'residence' },
    ]);
    expect(person.remarks).toBe('EU reference EU.9001.11. Financier of a listed group.');
  });

  it('reads a copy whose every line is wrapped in quotes', async () => {
    const plain = await importFixture('eu-fsf', 'eu-fsf/sanctions.csv');
    const { readFile } = await import('node:fs/promises');
    const { FIXTURES_DIR } = await import('./fixture-paths');
    const text = await readFile(path.join(FIXTURES_DIR, 'eu-fsf', 'sanctions.csv'), 'utf8');
    const wrapped = text
      .trim()
      .split('\n')
      .map((line) => `"${line}\t\t"`)
      .join('\n');
    const result = await importList('eu-fsf', sourceFromFiles({ 'list.csv': wrapped }));
    expect(result.entities).toEqual(plain.entities);
  });

  it('keeps an unknown country with a warning', async () => {
    const result = await importFixture('eu-fsf', 'eu-fsf/sanctions.csv');
    expect(result.warnings).toEqual([{ file: 'sanctions.csv', row: 10, reason: "unknown country 'Atlantis' kept as written" }]);
  });

  it('refuses an unknown subject type', async () => {
    const source = sourceFromFiles({ 'list.csv': 'Entity_logical_id;Subject_type;Naal_logical_id;Naal_wholename\n1;X;1;Someone\n' });
    await expect(importList('eu-fsf', source)).rejects.toMatchObject({ row: 2, reason: "unknown Subject_type 'X'" });
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('EU importer on the real excerpt', { timeout: 60_000 }, () => {
  it('reads the 1,000-line 2018 excerpt, Windows-1252 accents included', async () => {
    const result = await importList('eu-fsf', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'eu', 'EU_FSF_excerpt_2018.csv')));
    expect(result.asOf).toBe('2018-07-04');
    expect(result.entities.length).toBeGreaterThan(80);
    expect(entityById(result, '13').names[0]?.full).toBe('Saddam Hussein Al-Tikriti');
    expect(result.entities.flatMap((entity) => entity.names.map((name) => name.full))).toContain('Qoussaï Saddam Hussein Al-Tikriti');
  });
});
