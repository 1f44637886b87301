import { describe, expect, it } from 'vitest';
import { createStatementNames } from './statement-names';

describe('which statements are kept prepared', () => {
  it('names a statement from its third use on, always by the same name', () => {
    const names = createStatementNames();
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^s_[\w-]{22}$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(createStatementNames({ afterUses: 1 }).nameFor('select $1')).toBe(name);
  });

  it('gives different statements different names', () => {
    const names = createStatementNames({ afterUses: 1 });
    expect(names.nameFor('select $1')).not.toBe(names.nameFor('select $1, $2'));
  });

  it('never names a long statement, nor more statements than its limit', () => {
    const names = createStatementNames({ afterUses: 1, maxNames: 2, maxLength: 20 });
    expect(names.nameFor(`select ${'x'.repeat(20)}`)).toBeUndefined();
    const first = names.nameFor('select 1');
    expect(first).toBeDefined();
    expect(names.nameFor('select 2')).toBeDefined();
    expect(names.nameFor('select 3')).toBeUndefined();
    expect(names.nameFor('select 1')).toBe(first);
  });
});
