import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from './notification-rules';

describe('isSafeExternalUrl', () => {
  it('accepts http and https links', () => {
    expect(isSafeExternalUrl('https://example.org/release-notes?x=1')).toBe(true);
    expect(isSafeExternalUrl(' http://status.example.org ')).toBe(true);
  });

  it('refuses script, data, file and relative links, and plain text', () => {
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      '/notifications',
      'see the manual',
      '',
    ];
    expect(refused.filter(isSafeExternalUrl)).toEqual([]);
  });
});
