import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScreenCli } from './screen-cli';

/** A tiny OFAC SDN file set in the official layout (no header, -0- for empty), written for this test. */
function writeOfacList(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanad-screen-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    [
      '9001,"KOVALENKO, Wladimir Petrovich","individual","UKRAINE-EO13661",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 15 Jun 1970; nationality Russia; Gender Male; Passport 7012345678 (Russia)."',
      '9002,"GOLDEN FALCON GENERAL TRADING LLC",-0- ,"IRAN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
      '',
    ].join('\r\n'),
  );
  writeFileSync(path.join(dir, 'alt.csv'), '9001,1,"aka","KOVALENKO, Volodymyr",-0- \r\n');
  writeFileSync(path.join(dir, 'add.csv'), '9001,1,-0- ,"Moscow",-0- ,-0- \r\n');
  return dir;
}

function writeQueries(lines: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sanad-queries-')), 'queries.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function run(argv: string[]): Promise<{ code: number; lines: Record<string, unknown>[]; errors: string }> {
  let out = '';
  let errors = '';
  const code = await runScreenCli(argv, { write: (text) => (out += text), error: (text) => (errors += text) });
  const lines = out.trim()
    ? out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
  return { code, lines, errors };
}

describe('sanad-screen', () => {
  const list = writeOfacList();

  it('writes one JSON line per query, in query order, with the hits above the threshold', async () => {
    const queries = writeQueries([
      'name,dob,nationality,country,gender,father_name,id_number,type',
      'Vladimir Kovalenko,1970-06-15,Russia,,male,,,person',
      'Jane Unlisted,,,,,,,',
      'Golden Falcon General Trading,,,,,,,organisation',
    ]);
    const { code, lines } = await run(['--list', `ofac:${list}`, '--queries', queries]);
    expect(code).toBe(0);
    expect(lines.map((line) => (line.query as { name: string }).name)).toEqual([
      'Vladimir Kovalenko',
      'Jane Unlisted',
      'Golden Falcon General Trading',
    ]);
    const [first, second, third] = lines as { hits: Record<string, unknown>[] }[];
    expect(first?.hits[0]).toMatchObject({
      id: '9001',
      hitType: 'sanction',
      name: 'Wladimir Petrovich KOVALENKO',
      list: 'ofac-sdn',
      score: 100,
    });
    expect(Object.keys(first?.hits[0] ?? {})).toEqual(['id', 'score', 'hitType', 'name', 'list', 'explanation']);
    expect(second?.hits).toEqual([]);
    expect(third?.hits[0]).toMatchObject({ id: '9002' });
  });

  it('finds the listing by passport number whatever the name, and honours --threshold', async () => {
    const queries = writeQueries(['name,id_number', 'V. Kowalenko,7012345678', 'Wolodymyr Kowalenko,']);
    const { lines } = await run(['--list', `ofac:${list}`, '--queries', queries, '--threshold', '99']);
    const [byId, byName] = lines as { hits: { id: string; score: number }[] }[];
    expect(byId?.hits).toEqual([expect.objectContaining({ id: '9001', score: 100 })]);
    expect(byName?.hits).toEqual([]);
  });

  it('applies stop-words and variant words given as files', async () => {
    const stopWords = writeQueries(['# words a firm ignores', 'establishment']);
    const variants = writeQueries(['trdg,trading']);
    const queries = writeQueries(['name,type', 'Golden Falcon General Trdg Establishment LLC,organisation']);
    const plain = await run(['--list', `ofac:${list}`, '--queries', queries]);
    const configured = await run(['--list', `ofac:${list}`, '--queries', queries, '--stop-words', stopWords, '--variant-words', variants]);
    expect((plain.lines[0] as { hits: unknown[] }).hits).toEqual([]);
    expect((configured.lines[0] as { hits: { id: string }[] }).hits[0]?.id).toBe('9002');
  });

  it('refuses an unknown format or a missing option with the usage text and exit code 2', async () => {
    const unknown = await run(['--list', 'swift:/tmp/x', '--queries', 'q.csv']);
    expect(unknown.code).toBe(2);
    expect(unknown.errors).toContain("unknown list format 'swift'");
    expect(unknown.errors).toContain('Usage: sanad-screen');
    expect((await run(['--queries', 'q.csv'])).code).toBe(2);
    expect((await run(['--list', `ofac:${list}`, '--queries', 'q.csv', '--threshold', '120'])).code).toBe(2);
  });

  it('reports an unreadable list with exit code 1', async () => {
    const queries = writeQueries(['name', 'Someone']);
    const result = await run(['--list', `un:${path.join(list, 'sdn.csv')}`, '--queries', queries]);
    expect(result.code).toBe(1);
    expect(result.errors).toMatch(/^sanad-screen: /m);
  });
});
