import { queryOptions, useQuery } from '@tanstack/react-query';
import { DROPDOWN_PAGE_SIZE } from '@sanad/contracts/http';
import { ROLE_ENDPOINTS } from '@sanad/contracts/roles.endpoints';
import { fetchPage } from '../../../lib/list-api';

/** Every active role the user may see, in one dropdown page; forms filter by segment. */
export async function getRoleOptions(signal?: AbortSignal) {
  const query = { status: 'active', perPage: DROPDOWN_PAGE_SIZE, sortBy: 'title', sortOrder: 'asc' } as const;
  const page = await fetchPage(ROLE_ENDPOINTS.list, { query }, { dataSegmentId: 'skip', signal });
  return page.rows;
}

export const roleOptionsQuery = () =>
  queryOptions({ queryKey: ['list', ROLE_ENDPOINTS.list.path, 'options'], queryFn: ({ signal }) => getRoleOptions(signal) });

export function useRoleOptions(enabled = true) {
  return useQuery({ ...roleOptionsQuery(), enabled });
}
