import { describe, expect, it } from 'vitest';
import { isSafeText, isStorableText, safeString } from './safe-text';

describe('safe text', () => {
  it('refuses NUL, other control characters and lone surrogates', () => {
    const unsafe = ['a\u0000b', 'a\u0007', 'a\u007f', '\ud800', 'x\udc00y', 'a\ud800b'];
    expect(unsafe.filter(isSafeText)).toEqual([]);
  });

  it('accepts letters of every script, emoji (surrogate pairs), tabs and line breaks', () => {
    const safe = ['Amina Rahman', 'محمد', '李小龍', 'Zoë 😀', 'line one\nline two\tend\r\n'];
    expect(safe.filter(isSafeText)).toEqual(safe);
  });

  it('refuses before trimming or measuring, with one message', () => {
    const result = safeString('Name is required').trim().min(1, 'Name is required').safeParse(' \u0000 ');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Remove the control or invalid characters from this field']);
  });
});

describe('storable text', () => {
  it('is what the database can hold: only NUL and lone surrogates are refused', () => {
    expect(['a\u0000b', '\ud800', 'x\udc00y'].filter(isStorableText)).toEqual([]);
    expect(['bell\u0007', 'Zoë 😀', 'line\nbreak'].filter(isStorableText)).toHaveLength(3);
  });
});
