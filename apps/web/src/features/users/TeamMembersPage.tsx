import { StaffListPage } from './components/StaffListPage';

export default function TeamMembersPage() {
  return <StaffListPage kind="team" />;
}
