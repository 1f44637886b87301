import { describe, expect, it } from 'vitest';
import { alertListQuery, readFilters, writeFilters } from './alert-filters';

const state = { startAt: 2, perPage: 20, keyword: 'ali', sortBy: null, sortOrder: 'desc' as const, status: null };

describe('alert list filters', () => {
  it('reads known values from the address and drops edited ones', () => {
    const params = new URLSearchParams(
      'type=manual,expiry,bogus&alertStatus=open&indicator=pep,high&assignee=someone&minAgeDays=7&overdue=true',
    );
    expect(readFilters(params)).toEqual({
      type: ['manual', 'expiry'],
      alertStatus: ['open'],
      indicator: ['pep', 'high'],
      assignee: '',
      minAgeDays: '7',
      overdue: 'true',
    });
    expect(readFilters(new URLSearchParams('overdue=soon')).overdue).toBe('');
  });

  it('sends the status filter as the list query status and leaves empty filters out', () => {
    const filters = {
      type: [],
      alertStatus: ['pending-checker', 'return-alert'],
      indicator: [],
      assignee: 'me',
      minAgeDays: '',
      overdue: 'true',
    };
    const query = alertListQuery(state, filters);
    expect(query).toMatchObject({
      startAt: 2,
      perPage: 20,
      keyword: 'ali',
      status: 'pending-checker,return-alert',
      assignee: 'me',
      overdue: 'true',
    });
    expect(query).not.toHaveProperty('type');
    expect(query).not.toHaveProperty('minAgeDays');
  });

  it('writes filters into the address and returns to the first page', () => {
    const next = writeFilters(new URLSearchParams('startAt=3&keyword=x'), {
      type: ['on boarding'],
      alertStatus: [],
      indicator: [],
      assignee: 'none',
      minAgeDays: '',
      overdue: 'true',
    });
    expect(next.get('startAt')).toBeNull();
    expect(next.get('type')).toBe('on boarding');
    expect(next.get('assignee')).toBe('none');
    expect(next.get('keyword')).toBe('x');
    expect(next.get('overdue')).toBe('true');
  });
});
