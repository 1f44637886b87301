import { staffRoute, type PageRoute } from '../../lib/page-route';

const loadSystemUsers = () => import('./SystemUsersPage');

/**
 * Users and its tabs: /users (also /users/users) for system users, roles and data
 * segments under it, and /team-members. A manage permission opens the screen its view
 * permission opens (DECISIONS in docs/decisions/admin-accounts.md).
 */
export const usersRoutes: PageRoute[] = [
  // The entry of the Users area admits the sidebar link's permissions and opens the first tab allowed.
  staffRoute(
    'users',
    {
      title: 'System Users',
      permissions: ['view-users', 'manage-users', 'view-roles', 'manage-roles', 'view-data-segments', 'manage-data-segments'],
      innerTabName: 'system-users',
    },
    loadSystemUsers,
  ),
  staffRoute(
    'users/users',
    { title: 'System Users', permissions: ['view-users', 'manage-users'], innerTabName: 'system-users' },
    loadSystemUsers,
  ),
  staffRoute(
    'users/roles',
    { title: 'Roles', permissions: ['view-roles', 'manage-roles'], innerTabName: 'roles' },
    () => import('./RolesPage'),
  ),
  staffRoute(
    'users/data-segments',
    { title: 'Data Segments', permissions: ['view-data-segments', 'manage-data-segments'], innerTabName: 'data-segments' },
    () => import('./DataSegmentsPage'),
  ),
  staffRoute(
    'team-members',
    { title: 'Team Members', permissions: ['view-team-members', 'manage-team-members'] },
    () => import('./TeamMembersPage'),
  ),
];
