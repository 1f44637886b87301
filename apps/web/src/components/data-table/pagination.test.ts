import { describe, expect, it } from 'vitest';
import { isPageSizeSelectable, lastPage, paginationLabel } from './pagination';

describe('table pagination', () => {
  it("reads 'Showing X to Y of N records' and 'No records found'", () => {
    expect(paginationLabel(1, 10, 0)).toBe('No records found');
    expect(paginationLabel(1, 10, 25)).toBe('Showing 1 to 10 of 25 records');
    expect(paginationLabel(3, 10, 25)).toBe('Showing 21 to 25 of 25 records');
  });

  it('knows the last page', () => {
    expect(lastPage(10, 0)).toBe(1);
    expect(lastPage(10, 30)).toBe(3);
    expect(lastPage(10, 31)).toBe(4);
  });

  it('disables the page-size selector under 10 records', () => {
    expect(isPageSizeSelectable(9)).toBe(false);
    expect(isPageSizeSelectable(10)).toBe(true);
  });
});
