import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { toListQuery, useListState } from './use-list-state';

const ROLE = '5f0c2a1e-8d4b-4c1a-9a57-2f1d3c4b5a69';

function renderListState(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListState(), location: useLocation() }), { wrapper });
}

describe('useListState', () => {
  it('reads the role from the address and sends it in the list query', () => {
    const { result } = renderListState(`/users?startAt=2&keyword=amina&roleId=${ROLE}`);
    expect(result.current.list.state).toMatchObject({ startAt: 2, keyword: 'amina', roleId: ROLE });
    expect(toListQuery(result.current.list.state)).toEqual({ startAt: 2, perPage: 10, keyword: 'amina', roleId: ROLE });
  });

  it('keeps a chosen role in the address, returns to page 1, and drops it again for all roles', () => {
    const { result } = renderListState('/users?startAt=3');
    act(() => result.current.list.update({ roleId: ROLE }));
    expect(result.current.location.search).toBe(`?roleId=${ROLE}`);
    expect(result.current.list.state).toMatchObject({ startAt: 1, roleId: ROLE });

    act(() => result.current.list.update({ keyword: 'hina' }));
    expect(toListQuery(result.current.list.state)).toMatchObject({ keyword: 'hina', roleId: ROLE });

    act(() => result.current.list.update({ roleId: null }));
    expect(result.current.location.search).toBe('?keyword=hina');
    expect(toListQuery(result.current.list.state)).not.toHaveProperty('roleId');
  });

  it('sends no role from a list without a role filter', () => {
    expect(toListQuery({ startAt: 1, perPage: 20, keyword: '', sortBy: null, sortOrder: 'desc', status: 'active' })).toEqual({
      startAt: 1,
      perPage: 20,
      status: 'active',
    });
  });
});
