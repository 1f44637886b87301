import { describe, expect, it } from 'vitest';
import type { ListState } from '../../components/data-table/use-list-state';
import {
  EMPTY_VERIFICATION_FILTERS,
  readVerificationFilters,
  segmentParam,
  verificationListQuery,
  writeVerificationFilters,
} from './verification-query';

const CURRENT = '0b6f3c1e-9d2a-4f57-8a8e-2f4a6f1c0d11';
const OTHER = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const state: ListState = { startAt: 2, perPage: 20, keyword: 'ayesha', sortBy: null, sortOrder: 'desc', status: null };

describe('customer verification list query', () => {
  it('sends the current data segment as none (PR-13)', () => {
    expect(segmentParam(CURRENT, CURRENT)).toBe('none');
    expect(segmentParam('', CURRENT)).toBe('none');
    expect(segmentParam('', null)).toBe('none');
    expect(verificationListQuery(state, { ...EMPTY_VERIFICATION_FILTERS, dataSegmentId: CURRENT }, CURRENT)).toEqual({
      startAt: 2,
      perPage: 20,
      keyword: 'ayesha',
      dataSegmentId: 'none',
    });
  });

  it('sends another segment by its id', () => {
    expect(segmentParam(OTHER, CURRENT)).toBe(OTHER);
    expect(verificationListQuery(state, { ...EMPTY_VERIFICATION_FILTERS, dataSegmentId: OTHER }, CURRENT).dataSegmentId).toBe(OTHER);
  });

  it('adds the status filters that are set, as comma lists', () => {
    const query = verificationListQuery(
      { ...state, startAt: 1, keyword: '', sortBy: 'nadra', sortOrder: 'asc' },
      { nadra: ['failed', 'pending'], criminalRecord: [], dataSegmentId: '' },
      CURRENT,
    );
    expect(query).toEqual({ startAt: 1, perPage: 20, sortBy: 'nadra', sortOrder: 'asc', nadra: 'failed,pending', dataSegmentId: 'none' });
  });

  it('reads only known statuses and a well-formed segment from the address, and writes them back', () => {
    const read = readVerificationFilters(new URLSearchParams(`nadra=verified,bogus&criminalRecord=failed&dataSegmentId=x'1`));
    expect(read).toEqual({ nadra: ['verified'], criminalRecord: ['failed'], dataSegmentId: '' });
    const written = writeVerificationFilters(new URLSearchParams('startAt=3&keyword=k'), { ...read, dataSegmentId: OTHER });
    expect(written.toString()).toBe(`keyword=k&nadra=verified&criminalRecord=failed&dataSegmentId=${OTHER}`);
    expect(readVerificationFilters(written).dataSegmentId).toBe(OTHER);
  });
});
