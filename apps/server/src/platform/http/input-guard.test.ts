import { describe, expect, it } from 'vitest';
import { findInvalidText } from './input-guard';

describe('text the database cannot store', () => {
  it('finds NUL and lone surrogates anywhere, naming the field', () => {
    expect(findInvalidText({ firstName: 'Ali\u0000' })).toEqual(['firstName']);
    expect(findInvalidText({ list: ['ok', { title: 'x\uD800' }] })).toEqual(['list', '1', 'title']);
    expect(findInvalidText({ note: '\uDC00 alone' })).toEqual(['note']);
    expect(findInvalidText('\u0000')).toEqual([]);
  });

  it('accepts every script, emoji (paired surrogates) and ordinary control characters', () => {
    expect(findInvalidText({ name: 'محمد علی · Иван · 王小明 · 😀', note: 'line\nbreak\ttab' })).toBeNull();
    expect(findInvalidText({ count: 3, flag: true, none: null })).toBeNull();
  });
});
