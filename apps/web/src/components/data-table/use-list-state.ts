import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@sanad/contracts/http';

export interface ListState {
  startAt: number;
  perPage: number;
  keyword: string;
  sortBy: string | null;
  sortOrder: 'asc' | 'desc';
  status: string | null;
  /** The role a list is narrowed to (the users lists); absent where a list has no role filter. */
  roleId?: string | null;
}

const toInt = (value: string | null, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/**
 * A list's page, size, search, sort and filters (status, role), kept in the address so that reload,
 * back and a shared link show the same page. Changing anything but the page returns to page 1.
 */
export function useListState(defaults: Partial<ListState> = {}) {
  const [params, setParams] = useSearchParams();
  const state: ListState = useMemo(() => {
    const perPage = toInt(params.get('perPage'), defaults.perPage ?? DEFAULT_PAGE_SIZE);
    return {
      startAt: toInt(params.get('startAt'), 1),
      perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
      keyword: params.get('keyword') ?? '',
      sortBy: params.get('sortBy') ?? defaults.sortBy ?? null,
      sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : params.get('sortOrder') === 'desc' ? 'desc' : (defaults.sortOrder ?? 'desc'),
      status: params.get('status') ?? defaults.status ?? null,
      roleId: params.get('roleId'),
    };
  }, [params, defaults.perPage, defaults.sortBy, defaults.sortOrder, defaults.status]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...state, ...change, startAt: change.startAt ?? 1 };
          const entries: Array<[string, string | null]> = [
            ['startAt', merged.startAt > 1 ? String(merged.startAt) : null],
            ['perPage', merged.perPage !== DEFAULT_PAGE_SIZE ? String(merged.perPage) : null],
            ['keyword', merged.keyword || null],
            ['sortBy', merged.sortBy],
            ['sortOrder', merged.sortBy ? merged.sortOrder : null],
            ['status', merged.status],
            ['roleId', merged.roleId ?? null],
          ];
          for (const [key, value] of entries) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, state],
  );

  return { state, update };
}

/**
 * The query a list endpoint takes (page, size, search, sort, status, role), from the list state.
 * The data segment is not list state: `fetchPage` adds the active one to every list call.
 */
export function toListQuery(state: ListState): Record<string, string | number> {
  return {
    startAt: state.startAt,
    perPage: state.perPage,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.sortBy ? { sortBy: state.sortBy, sortOrder: state.sortOrder } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.roleId ? { roleId: state.roleId } : {}),
  };
}
