import { describe, expect, it } from 'vitest';
import { customerListQuery, hasFilters, readFilters, writeFilters } from './customer-filters';

const state = { startAt: 2, perPage: 20, keyword: 'amina', sortBy: 'createdAt', sortOrder: 'desc' as const, status: null };

describe('customer list filters', () => {
  it('reads the filters from the address and drops values the list does not know', () => {
    const filters = readFilters(
      new URLSearchParams('kycStatus=pending,bogus&riskLevel=high&hitType=pep,sanction&createdFrom=2026-01-01&createdTo=yesterday'),
    );
    expect(filters).toEqual({
      kycStatus: ['pending'],
      riskLevel: ['high'],
      hitType: ['pep', 'sanction'],
      createdFrom: '2026-01-01',
      createdTo: '',
    });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(readFilters(new URLSearchParams('')))).toBe(false);
  });

  it('writes the filters back, removes empty ones and returns to the first page', () => {
    const next = writeFilters(new URLSearchParams('startAt=3&keyword=amina&riskLevel=low'), {
      kycStatus: ['approved', 'rejected'],
      riskLevel: [],
      hitType: [],
      createdFrom: '',
      createdTo: '2026-11-27',
    });
    expect(next.toString()).toBe('keyword=amina&kycStatus=approved%2Crejected&createdTo=2026-11-27');
  });

  it('sends the page, search, sort and the set filters to GET customers/', () => {
    const filters = { kycStatus: ['pending'], riskLevel: [], hitType: ['pep'], createdFrom: '2026-01-01', createdTo: '' };
    expect(customerListQuery(state, filters)).toEqual({
      startAt: 2,
      perPage: 20,
      keyword: 'amina',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      kycStatus: 'pending',
      hitType: 'pep',
      createdFrom: '2026-01-01',
    });
  });
});
