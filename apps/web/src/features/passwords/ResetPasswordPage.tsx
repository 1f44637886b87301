import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { setPassword } from './api/set-password';
import { GuestCard } from './components/GuestCard';
import { LiveLink } from './components/LiveLink';
import { NewPasswordForm } from './components/NewPasswordForm';

/** Reset password with the e-mailed link (users/reset-password/:token); every session of the user ends. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  return (
    <GuestCard title="Reset password" intro={done ? undefined : 'Choose a new password for your account.'}>
      {done ? (
        <>
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
          <Button component={Link} to="/" fullWidth>
            Sign in
          </Button>
        </>
      ) : (
        // users/password/set takes any live link of the account, so any purpose opens the form.
        <LiveLink token={token} purposes={['password-reset', 'activation', 'team-activation']}>
          <NewPasswordForm submitLabel="Reset password" onSubmit={async (body) => setDone(await setPassword(token, body))} />
        </LiveLink>
      )}
    </GuestCard>
  );
}
