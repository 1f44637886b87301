import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstOfEach, validateWith } from './form-errors';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  review: z.object({ years: z.number().max(50, 'At most 50 years') }),
});

describe('form validation', () => {
  it('gives the first message of each field and the first of all as the message to show', () => {
    const result = validateWith(schema, { name: '', review: { years: 51 } });
    expect(result).toEqual({
      isValid: false,
      errors: { name: 'Name is required', 'review.years': 'At most 50 years' },
      first: 'Name is required',
    });
  });

  it('keeps only the first message of a field that fails more than one rule', () => {
    const strict = z.object({
      email: z.string().min(1, 'Email is required').includes('@', { error: 'Please enter a valid email address' }),
    });
    expect(validateWith(strict, { email: '' })).toEqual({
      isValid: false,
      errors: { email: 'Email is required' },
      first: 'Email is required',
    });
  });

  it('passes the parsed data through when valid', () => {
    expect(validateWith(schema, { name: 'Ayesha', review: { years: 2 } })).toEqual({
      isValid: true,
      data: { name: 'Ayesha', review: { years: 2 } },
    });
  });

  it("keeps the first of the server's messages per field", () => {
    expect(firstOfEach({ email: ['A user with this email already exists', 'other'], title: [] })).toEqual({
      email: 'A user with this email already exists',
    });
  });
});
