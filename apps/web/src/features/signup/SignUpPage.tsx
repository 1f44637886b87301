import { Alert, Anchor, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ZSignUpRequest } from '@sanad/contracts/public-forms';
import { CaptchaForm } from '../../components/form/CaptchaForm';
import { GuestPage } from '../../components/GuestPage';
import { useCaptchaForm } from '../../components/use-captcha-form';
import { signUp } from './api/sign-up';

const EMPTY = { companyName: '', fullName: '', email: '', phoneNumber: '' };

/** /signup (guest-only): a trial account for a company; the activation link arrives by e-mail. */
export default function SignUpPage() {
  const form = useCaptchaForm(EMPTY, ZSignUpRequest, signUp);

  if (form.answer) {
    return (
      <GuestPage title="Check your e-mail">
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {form.answer}
        </Alert>
        <Anchor component={Link} to="/" size="sm" ta="center">
          Back to sign in
        </Anchor>
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
