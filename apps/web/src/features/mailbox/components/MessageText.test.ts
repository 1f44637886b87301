import { describe, expect, it } from 'vitest';
import { splitLinks } from './MessageText';

describe('message text', () => {
  it('turns web links into links and keeps everything else as text', () => {
    expect(splitLinks('Set your password:\nhttp://localhost:3000/users/create-password/abc_1\n\nThanks')).toEqual([
      { kind: 'text', value: 'Set your password:\n' },
      { kind: 'link', value: 'http://localhost:3000/users/create-password/abc_1' },
      { kind: 'text', value: '\n\nThanks' },
    ]);
  });

  it('never makes a link of anything but http and https', () => {
    expect(splitLinks('javascript:alert(1) <b>bold</b>')).toEqual([{ kind: 'text', value: 'javascript:alert(1) <b>bold</b>' }]);
  });
});
