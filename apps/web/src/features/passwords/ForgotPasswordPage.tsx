import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { ZForgotPasswordRequest } from '@sanad/contracts/passwords';
import { ErrorAlert } from '../../components/form/ErrorAlert';
import { validateWith } from '../../lib/form-errors';
import { requestPasswordReset } from './api/request-password-reset';
import { GuestCard } from './components/GuestCard';

/** Forgot password: shows the server's message, which is the same for any address. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const result = validateWith(ZForgotPasswordRequest, { email });
    if (!result.isValid) {
      setFieldError(result.first);
      return;
    }
    setFieldError(null);
    setError(null);
    setSubmitting(true);
    try {
      setSent(await requestPasswordReset(result.data.email));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <GuestCard
      title="Forgot password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} withIcon />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldError}
              required
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </GuestCard>
  );
}
