import { describe, expect, it } from 'vitest';
import { isPlainText } from './plain-text';

describe('isPlainText', () => {
  it('accepts letters of any script, emoji and line breaks', () => {
    for (const value of ['Ayesha Khan', 'عائشة', '北京', 'Zoë 👩🏽‍💼', 'line one\nline two\ttabbed\r\n']) {
      expect(isPlainText(value)).toBe(true);
    }
  });

  it('refuses NUL and other control characters, and unpaired surrogates', () => {
    for (const value of ['a\u0000b', 'bell\u0007', 'del\u007f', 'high \ud800 alone', 'low \udc00 alone', '\udc00\ud800']) {
      expect(isPlainText(value)).toBe(false);
    }
  });
});
