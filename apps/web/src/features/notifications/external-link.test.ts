import { describe, expect, it } from 'vitest';
import { externalLinkOf } from './external-link';

describe('externalLinkOf', () => {
  it('makes the description of an external notification its link', () => {
    expect(externalLinkOf({ category: 'external', description: ' https://example.org/news ' })).toBe('https://example.org/news');
  });

  it('keeps other categories as text, even when they hold an address', () => {
    expect(externalLinkOf({ category: 'general', description: 'https://example.org/news' })).toBeNull();
  });

  it('never links a script or data address', () => {
    expect(externalLinkOf({ category: 'external', description: 'javascript:alert(document.cookie)' })).toBeNull();
    expect(externalLinkOf({ category: 'external', description: 'data:text/html;base64,PHNjcmlwdD4=' })).toBeNull();
  });
});
