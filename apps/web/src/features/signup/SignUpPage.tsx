import { Alert, Anchor, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SIGNUP_MESSAGES, ZSignUpRequest } from '@sanad/contracts/signup';
import { CaptchaForm } from '../../components/form/CaptchaForm';
import { GuestPage } from '../../components/GuestPage';
import { Loading } from '../../components/Loading';
import { useSignUpSettings } from '../../lib/signup-settings';
import { useCaptchaForm } from '../../components/use-captcha-form';
import { signUp } from './api/sign-up';

const EMPTY = { companyName: '', fullName: '', email: '', phoneNumber: '' };

const backToSignIn = (
  <Anchor component={Link} to="/" size="sm" ta="center">
    Back to sign in
  </Anchor>
);

/**
 * /signup (guest-only): a trial account for a company; the activation link arrives by e-mail. On an
 * installation that does not take sign-ups, the page says so instead of offering a form it would refuse.
 */
export default function SignUpPage() {
  const settings = useSignUpSettings();
  if (settings.isPending) return <Loading fullScreen />;
  if (settings.data?.isOpen !== true) {
    return (
      <GuestPage title="Sign-up is not available">
        <Alert color="gray" role="status">
          {SIGNUP_MESSAGES.closed}
        </Alert>
        {backToSignIn}
      </GuestPage>
    );
  }
  return <SignUpForm />;
}

function SignUpForm() {
  const form = useCaptchaForm(EMPTY, ZSignUpRequest, signUp);

  if (form.answer) {
    return (
      <GuestPage title="Check your e-mail">
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {form.answer}
        </Alert>
        {backToSignIn}
      </GuestPage>
    );
  }

  const footer = (
    <Text size="sm" ta="center">
      Already have an account?{' '}
      <Anchor component={Link} to="/">
        Sign in
      </Anchor>
    </Text>
  );
  return (
    <GuestPage title="Start your free trial" subtitle="Try identity verification and AML screening with your team.">
      <CaptchaForm form={form} submitLabel="Sign up" footer={footer}>
        <TextInput label="Company name" autoComplete="organization" required {...form.field('companyName')} />
        <TextInput label="Contact name" autoComplete="name" required {...form.field('fullName')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+92 300 1234567"
          required
          {...form.field('phoneNumber')}
        />
      </CaptchaForm>
    </GuestPage>
  );
}
