import { Navigate } from 'react-router';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { useSessionUser } from '../../lib/session';
import { StaffListPage } from './components/StaffListPage';
import { visibleUsersTabs } from './components/UsersTabs';

/**
 * /users is the entry of the Users area, which the sidebar shows for any of its six permissions:
 * without view-users or manage-users it opens the first tab the user may see.
 */
export default function SystemUsersPage() {
  const user = useSessionUser();
  const scopes = user?.scopes ?? [];
  if (!hasAnyPermission(scopes, ['view-users', 'manage-users'])) {
    const [first] = visibleUsersTabs(scopes);
    if (first) return <Navigate to={first.to} replace />;
  }
  return <StaffListPage kind="system" />;
}
