import { describe, expect, it } from 'vitest';
import { checkFile } from './FileUpload';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('upload control checks', () => {
  it("refuses another type with the control's message", () => {
    expect(checkFile(file('report.exe', 10), ['pdf'], 10, 'File format is not allowed')).toBe('File format is not allowed');
    expect(checkFile(file('scan.gif', 10), ['jpg', 'png', 'pdf'], 10, 'File format not supported')).toBe('File format not supported');
  });

  it('refuses a file above the limit, naming the limit', () => {
    expect(checkFile(file('report.pdf', 3 * 1024 * 1024), ['pdf'], 2, 'x')).toBe('File size must be less than 2 MB');
  });

  it('accepts a file of an allowed type within the limit, whatever the case of its name', () => {
    expect(checkFile(file('REPORT.PDF', 100), ['pdf'], 10, 'x')).toBeNull();
  });
});
