import { describe, expect, it } from 'vitest';
import { ENGINE_PAGE_NAMES } from '@sanad/contracts/risk-pages';
import { ENGINE_NAV_GROUPS } from './engine-navigation';

describe('engine navigation', () => {
  it('lists every sanad-engine page of the spec exactly once', () => {
    const listed = ENGINE_NAV_GROUPS.flatMap((group) => group.pages);
    expect(listed.toSorted()).toEqual([...ENGINE_PAGE_NAMES].toSorted());
    expect(new Set(listed).size).toBe(listed.length);
  });
});
