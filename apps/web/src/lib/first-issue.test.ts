import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from './first-issue';

describe('fieldErrorsFrom', () => {
  it('keeps the first message of each field and names the first one overall', () => {
    const result = fieldErrorsFrom([
      { path: ['email'], message: 'Email is required' },
      { path: ['email'], message: 'Please enter a valid email address' },
      { path: ['address', 'city'], message: 'City is required' },
    ]);
    expect(result).toEqual({ first: 'Email is required', byField: { email: 'Email is required', 'address.city': 'City is required' } });
  });

  it('has no first message when there is no issue', () => {
    expect(fieldErrorsFrom([])).toEqual({ first: null, byField: {} });
  });
});
