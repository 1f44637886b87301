import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addFieldError, fieldErrorsOf, firstOfEach } from './field-errors';

describe('field errors', () => {
  it('keys each message by the dotted path of its field, keeping every message of a field in order', () => {
    const parsed = z
      .object({ title: z.string().min(3, 'Too short').regex(/^A/, 'Starts with A'), nested: z.object({ n: z.number('A number') }) })
      .safeParse({ title: 'x', nested: { n: 'y' } });
    if (parsed.success) throw new Error('expected a failure');
    expect(fieldErrorsOf(parsed.error.issues)).toEqual({ title: ['Too short', 'Starts with A'], 'nested.n': ['A number'] });
    expect(fieldErrorsOf(parsed.error.issues, { prefix: 'row 2' })['row 2.title']).toEqual(['Too short', 'Starts with A']);
  });

  it('names the whole input when an issue has no path, and gives the first message of each field', () => {
    expect(fieldErrorsOf([{ path: [], message: 'Invalid' }])).toEqual({ body: ['Invalid'] });
    expect(firstOfEach(addFieldError(addFieldError({}, 'a', 'first'), 'a', 'second'))).toEqual({ a: 'first' });
  });
});

describe('fields named like built-in properties', () => {
  it('are fields like any other, and leave the prototype alone', () => {
    const errors = addFieldError(addFieldError({}, 'constructor', 'Not allowed'), '__proto__', 'Not allowed');
    expect(Object.keys(errors)).toEqual(['constructor', '__proto__']);
    expect(JSON.parse(JSON.stringify(errors))).toEqual({ constructor: ['Not allowed'], ['__proto__']: ['Not allowed'] });
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});
