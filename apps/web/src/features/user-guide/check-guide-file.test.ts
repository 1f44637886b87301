import { describe, expect, it } from 'vitest';
import { acceptFor, checkGuideFile } from './check-guide-file';

const MB = 1024 * 1024;

describe('checkGuideFile', () => {
  it('accepts the types of each slot within their limits', () => {
    expect(checkGuideFile('video', { name: 'intro.MP4', size: 49 * MB })).toBeNull();
    expect(checkGuideFile('thumbnail', { name: 'intro.jpeg', size: MB })).toBeNull();
    expect(checkGuideFile('manual', { name: 'Manual.pdf', size: 19 * MB })).toBeNull();
  });

  it("refuses another type with 'File format is not allowed'", () => {
    expect(checkGuideFile('video', { name: 'intro.avi', size: MB })).toBe('File format is not allowed');
    expect(checkGuideFile('manual', { name: 'manual.docx', size: MB })).toBe('File format is not allowed');
  });

  it("refuses a file over the limit with 'File size must be less than {n} MB'", () => {
    expect(checkGuideFile('thumbnail', { name: 'big.png', size: 2 * MB + 1 })).toBe('File size must be less than 2 MB');
    expect(checkGuideFile('video', { name: 'long.webm', size: 50 * MB + 1 })).toBe('File size must be less than 50 MB');
  });

  it('lists the extensions for the file picker', () => {
    expect(acceptFor('thumbnail')).toBe('.png,.jpg,.jpeg');
  });
});
