import { useLocation, useNavigate, useParams } from 'react-router';
import { ACTIVITY_DASHBOARD_PATH } from '../../lib/paths';
import { activateAccount } from './api/activate-account';
import { GuestCard } from './components/GuestCard';
import { LiveLink } from './components/LiveLink';
import { NewPasswordForm } from './components/NewPasswordForm';

/**
 * Accept an invitation (users/create-password/:token for system users, team-member/create-password/:token
 * for team members): set a password, and be signed in.
 */
export default function CreatePasswordPage() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const invitation = pathname.startsWith('/team-member/') ? 'team-member' : 'user';
  return (
    <GuestCard title="Set your password" intro="Welcome to Sanad. Choose a password to activate your account.">
      <LiveLink token={token} purposes={[invitation === 'team-member' ? 'team-activation' : 'activation']}>
        <NewPasswordForm
          submitLabel="Activate account"
          onSubmit={async (body) => {
            await activateAccount(invitation, token, body);
            await navigate(ACTIVITY_DASHBOARD_PATH, { replace: true });
          }}
        />
      </LiveLink>
    </GuestCard>
  );
}
