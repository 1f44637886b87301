import { queryOptions, useQuery } from '@tanstack/react-query';
import { DROPDOWN_PAGE_SIZE } from '@sanad/contracts/http';
import type { TRoleRow } from '@sanad/contracts/role-admin';
import { fetchList } from '../../../lib/list-api';

/** Every active role the user may see, in one dropdown page (000 §9); forms filter by segment. */
export async function getRoleOptions(signal?: AbortSignal): Promise<TRoleRow[]> {
  const page = await fetchList<TRoleRow>(
    'access-control/roles',
    { status: 'active', perPage: DROPDOWN_PAGE_SIZE, sortBy: 'title', sortOrder: 'asc' },
    signal,
    'skip',
  );
  return page.rows;
}

export const roleOptionsQuery = () =>
  queryOptions({ queryKey: ['list', 'access-control/roles', 'options'], queryFn: ({ signal }) => getRoleOptions(signal) });

export function useRoleOptions(enabled = true) {
  return useQuery({ ...roleOptionsQuery(), enabled });
}
