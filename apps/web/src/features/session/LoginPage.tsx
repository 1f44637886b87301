import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Captcha } from '../../components/Captcha';
import { Loading } from '../../components/Loading';
import { ErrorAlert } from '../../components/form/ErrorAlert';
import { GuestPage } from '../../components/GuestPage';
import { ACTIVITY_DASHBOARD_PATH, safeRedirectTarget } from '../../lib/paths';
import { useSignUpSettings } from '../../lib/signup-settings';
import { LoginError, login } from './api/login';
import { IdentityProviderButtons } from './components/IdentityProviderButtons';
import { useIdentitySignIn } from './components/use-identity-sign-in';

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ identifier?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const identitySignIn = useIdentitySignIn();
  // The trial link shows only where the installation takes sign-ups (SANAD_PUBLIC_SIGNUP).
  const isSignUpOpen = useSignUpSettings().data?.isOpen === true;

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const missing = {
      ...(identifier.trim() ? {} : { identifier: 'Email or username is required' }),
      ...(password ? {} : { password: 'Password is required' }),
    };
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSubmitting(true);
    setError(null);
    identitySignIn.dismissError();
    try {
      await login({ identifier, password, captcha });
      await navigate(safeRedirectTarget(searchParams.get('redirectTo')) ?? ACTIVITY_DASHBOARD_PATH, { replace: true });
    } catch (caught) {
      const loginError = caught instanceof LoginError ? caught : new LoginError(String(caught), false);
      setError(loginError.message);
      // A captcha is good for one attempt; a new one is needed after any refusal.
      setCaptcha(null);
      if (loginError.needsCaptcha) setCaptchaShown(true);
    } finally {
      setSubmitting(false);
    }
  }

  if (identitySignIn.isExchanging) return <Loading fullScreen />;
  const shownError = error ?? identitySignIn.error;

  return (
    <GuestPage title="Sign in" subtitle="Identity verification and AML compliance" width={420} footerRoom={0}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <ErrorAlert message={shownError} withIcon />
          <TextInput
            label="Email or username"
            autoComplete="username"
            value={identifier}
            onChange={(event) => setIdentifier(event.currentTarget.value)}
            error={fieldErrors.identifier}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
            required
          />
          {isCaptchaShown ? <Captcha onVerified={setCaptcha} /> : null}
          <Button type="submit" loading={isSubmitting} disabled={isCaptchaShown && !captcha} fullWidth>
            Sign in
          </Button>
          <IdentityProviderButtons redirectTo={safeRedirectTarget(searchParams.get('redirectTo'))} />
          <Anchor component={Link} to="/users/forgot-password" size="sm" ta="center">
            Forgot password?
          </Anchor>
          <Group justify="center" gap="lg">
            {isSignUpOpen ? (
              <Anchor component={Link} to="/signup" size="sm">
                Start a free trial
              </Anchor>
            ) : null}
            <Anchor component={Link} to="/contact-us" size="sm">
              Contact us
            </Anchor>
          </Group>
        </Stack>
      </form>
    </GuestPage>
  );
}
