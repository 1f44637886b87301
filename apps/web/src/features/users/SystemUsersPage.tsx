import { StaffListPage } from './components/StaffListPage';

export default function SystemUsersPage() {
  return <StaffListPage kind="system" />;
}
